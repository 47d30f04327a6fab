import type { ActionsStrings } from './en.ts';

export default {
  nearby: "In der Nähe",
  off: (saving) => `${saving} Rabatt`,
  expires: (date) => `Gültig bis ${date}`,
} satisfies ActionsStrings;
