/** <merchant-nearby> UI strings. Kept next to its element, so other elements' npm entries do not carry it. */
import { createTranslator } from '../shared/i18n.ts';

const en = {
  nearbyLabel: "Nearby offers",
  nearbyEmpty: "Nothing nearby right now.",
  distanceAway: "{distance} away",
};
export type NearbyMessageKey = keyof typeof en;
export type NearbyMessages = Record<NearbyMessageKey, string>;

export const nearbyMsg = createTranslator('nearby', en);
