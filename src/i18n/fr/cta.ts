import type { CtaMessages } from '../../elements/shared/cta-i18n.ts';

export default {
  cta_foodordering: "Commander en ligne",
  cta_deal: "Profiter de l’offre",
  cta_coupon: "Obtenir le coupon",
  cta_giftcard: "Acheter une carte cadeau",
  cta_discountgiftcard: "Acheter une carte cadeau à prix réduit",
  cta_discountcertificate: "Acheter un bon de réduction",
  cta_foodreservation: "Réserver une table",
  cta_booking: "Réserver",
  cta_joinmailinglist: "S’inscrire à la liste de diffusion",
  cta_other: "En savoir plus",
} satisfies CtaMessages;
