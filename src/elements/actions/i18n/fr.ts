import type { ActionsStrings } from './en.ts';

export default {
  nearby: "À proximité",
  off: (saving) => `${saving} de réduction`,
  expires: (date) => `Expire le ${date}`,
} satisfies ActionsStrings;
