/**
 * Default call-to-action labels, keyed by action type (used by `<merchant-actions>` and `<merchant-nearby>`).
 * Not in the shared base, so other elements' npm entries do not carry it.
 */
import type { ActionType } from '../../contract/index.ts';
import { strings } from './i18n.ts';

const en: CtaMessages = {
  foodordering: "Order online",
  deal: "Get the deal",
  coupon: "Get the coupon",
  giftcard: "Buy a gift card",
  discountgiftcard: "Buy a discounted gift card",
  discountcertificate: "Buy a discount certificate",
  foodreservation: "Reserve a table",
  booking: "Book now",
  joinmailinglist: "Join the mailing list",
  other: "Learn more",
};
/** One label per action type: a type added to the contract fails tsc here until it has a label. */
export type CtaMessageKey = ActionType;
export type CtaMessages = Record<CtaMessageKey, string>;

/** The labels in `locale`'s language once it is loaded, else English. */
export const ctaStrings: (locale: string) => CtaMessages = strings('cta', en);
