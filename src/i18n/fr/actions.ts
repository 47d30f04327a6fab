import type { ActionsMessages } from '../../elements/actions/actions-i18n.ts';

export default {
  actionsEmpty: "Aucune offre disponible pour le moment.",
  actionsNearby: "À proximité",
  discountAmount: "Économisez {amount}",
  discountPercent: "{percent} de réduction",
  expires: "Expire le {date}",
} satisfies ActionsMessages;
