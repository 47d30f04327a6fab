import type { CtaStrings } from './en.ts';

export default {
  foodordering: "Commander en ligne",
  deal: "Profiter de l’offre",
  coupon: "Obtenir le coupon",
  giftcard: "Acheter une carte cadeau",
  discountgiftcard: "Acheter une carte cadeau à prix réduit",
  discountcertificate: "Acheter un bon de réduction",
  foodreservation: "Réserver une table",
  booking: "Réserver",
  joinmailinglist: "S’inscrire à la liste de diffusion",
  other: "En savoir plus",
} satisfies CtaStrings;
