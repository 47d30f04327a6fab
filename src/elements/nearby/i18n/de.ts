import type { NearbyStrings } from './en.ts';

export default {
  empty: "Zurzeit nichts in der Nähe.",
} satisfies NearbyStrings;
