import type { ActionsMessages } from '../../elements/actions/actions-i18n.ts';

export default {
  actionsEmpty: "Zurzeit sind keine Angebote verfügbar.",
  actionsNearby: "In der Nähe",
  discountAmount: "{amount} sparen",
  discountPercent: "{percent} Rabatt",
  expires: "Gültig bis {date}",
} satisfies ActionsMessages;
