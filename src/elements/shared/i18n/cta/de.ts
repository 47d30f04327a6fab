import type { CtaStrings } from './en.ts';

export default {
  foodordering: "Online bestellen",
  deal: "Angebot sichern",
  coupon: "Gutschein holen",
  giftcard: "Geschenkkarte kaufen",
  discountgiftcard: "Rabattierte Geschenkkarte kaufen",
  discountcertificate: "Rabattgutschein kaufen",
  foodreservation: "Tisch reservieren",
  booking: "Jetzt buchen",
  joinmailinglist: "Newsletter abonnieren",
  other: "Mehr erfahren",
} satisfies CtaStrings;
