import type { ActionsMessages } from '../../elements/actions/actions-i18n.ts';

export default {
  nearby: "Cerca",
  off: (saving) => `${saving} de descuento`,
  expires: (date) => `Vence el ${date}`,
} satisfies ActionsMessages;
