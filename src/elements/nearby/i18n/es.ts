import type { NearbyStrings } from './en.ts';

export default {
  empty: "No hay nada cerca en este momento.",
} satisfies NearbyStrings;
