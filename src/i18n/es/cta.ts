import type { CtaMessages } from '../../elements/shared/cta-i18n.ts';

export default {
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
} satisfies CtaMessages;
