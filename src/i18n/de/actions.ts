import type { ActionsMessages } from '../../elements/actions/actions-i18n.ts';

export default {
  nearby: "In der Nähe",
  off: (saving) => `${saving} Rabatt`,
  expires: (date) => `Gültig bis ${date}`,
} satisfies ActionsMessages;
