/** Default call-to-action labels in English, keyed by action type; the type each language module in src/elements/i18n/ satisfies. */
import type { ActionType } from '../../contract/index.ts';

/** One label per action type: a type added to the contract fails tsc here until it has a label. */
export type CtaStrings = Record<ActionType, string>;

export default {
  foodordering: 'Order online',
  deal: 'Get the deal',
  coupon: 'Get the coupon',
  giftcard: 'Buy a gift card',
  discountgiftcard: 'Buy a discounted gift card',
  discountcertificate: 'Buy a discount certificate',
  foodreservation: 'Reserve a table',
  booking: 'Book now',
  joinmailinglist: 'Join the mailing list',
  other: 'Learn more',
} satisfies CtaStrings;
