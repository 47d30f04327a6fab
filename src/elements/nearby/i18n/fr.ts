import type { NearbyStrings } from './en.ts';

export default {
  empty: "Rien à proximité pour le moment.",
} satisfies NearbyStrings;
