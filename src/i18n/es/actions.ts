import type { ActionsMessages } from '../../elements/actions/actions-i18n.ts';

export default {
  actionsEmpty: "No hay ofertas disponibles en este momento.",
  actionsNearby: "Cerca",
  discountAmount: "Ahorre {amount}",
  discountPercent: "{percent} de descuento",
  expires: "Vence el {date}",
} satisfies ActionsMessages;
