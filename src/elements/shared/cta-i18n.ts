/** Default call-to-action labels per action type (actions and nearby). Kept next to its element, so other elements' npm entries do not carry it. */
import { createTranslator, type MessageTable } from './i18n.ts';

const messages = {
  en: {
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
  },
  es: {
    cta_foodordering: "Pedir en línea",
    cta_deal: "Ver la oferta",
    cta_coupon: "Obtener el cupón",
    cta_giftcard: "Comprar una tarjeta regalo",
    cta_discountgiftcard: "Comprar una tarjeta regalo con descuento",
    cta_discountcertificate: "Comprar un certificado de descuento",
    cta_foodreservation: "Reservar mesa",
    cta_booking: "Reservar ahora",
    cta_joinmailinglist: "Suscribirse a la lista de correo",
    cta_other: "Más información",
  },
  fr: {
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
  },
  de: {
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
  },
} satisfies MessageTable<'cta_foodordering' | 'cta_deal' | 'cta_coupon' | 'cta_giftcard' | 'cta_discountgiftcard' | 'cta_discountcertificate' | 'cta_foodreservation' | 'cta_booking' | 'cta_joinmailinglist' | 'cta_other'>;
export type CtaMessageKey = keyof typeof messages.en;

export const ctaMsg = createTranslator<CtaMessageKey>(messages);
