import type { CtaMessages } from '../../elements/shared/cta-i18n.ts';

export default {
  cta_foodordering: "Online bestellen",
  cta_deal: "Angebot sichern",
  cta_coupon: "Gutschein holen",
  cta_giftcard: "Geschenkkarte kaufen",
  cta_discountgiftcard: "Rabattierte Geschenkkarte kaufen",
  cta_discountcertificate: "Rabattgutschein kaufen",
  cta_foodreservation: "Tisch reservieren",
  cta_booking: "Jetzt buchen",
  cta_joinmailinglist: "Newsletter abonnieren",
  cta_other: "Mehr erfahren",
} satisfies CtaMessages;
