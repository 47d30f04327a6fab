import type { ActionsMessages } from '../../elements/actions/actions-i18n.ts';

export default {
  nearby: "À proximité",
  off: (saving) => `${saving} de réduction`,
  expires: (date) => `Expire le ${date}`,
} satisfies ActionsMessages;
