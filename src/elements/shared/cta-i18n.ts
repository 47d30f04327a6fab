/** Default call-to-action labels per action type (actions and nearby). Kept next to its element, so other elements' npm entries do not carry it. */
import { createTranslator } from './i18n.ts';

const en = {
  cta_foodordering: "Order online",
  cta_deal: "Get the deal",
  cta_coupon: "Get the coupon",
  cta_giftcard: "Buy a gift card",
  cta_discountgiftcard: "Buy a discounted gift card",
  cta_discountcertificate: "Buy a discount certificate",
  cta_foodreservation: "Reserve a table",
  cta_booking: "Book now",
  cta_joinmailinglist: "Join the mailing list",
  cta_other: "Learn more",
};
export type CtaMessageKey = keyof typeof en;
export type CtaMessages = Record<CtaMessageKey, string>;

export const ctaMsg = createTranslator('cta', en);
