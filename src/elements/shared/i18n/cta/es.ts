import type { CtaStrings } from './en.ts';

export default {
  foodordering: "Pedir en línea",
  deal: "Ver la oferta",
  coupon: "Obtener el cupón",
  giftcard: "Comprar una tarjeta regalo",
  discountgiftcard: "Comprar una tarjeta regalo con descuento",
  discountcertificate: "Comprar un certificado de descuento",
  foodreservation: "Reservar mesa",
  booking: "Reservar ahora",
  joinmailinglist: "Suscribirse a la lista de correo",
  other: "Más información",
} satisfies CtaStrings;
