import type { ActionsStrings } from './en.ts';

export default {
  nearby: "Cerca",
  off: (saving) => `${saving} de descuento`,
  expires: (date) => `Vence el ${date}`,
} satisfies ActionsStrings;
