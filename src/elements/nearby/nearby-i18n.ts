/** <merchant-nearby> UI strings. Kept next to its element, so other elements' npm entries do not carry it. */
import { createTranslator, type MessageTable } from '../shared/i18n.ts';

const messages = {
  en: {
    nearbyLabel: "Nearby offers",
    nearbyEmpty: "Nothing nearby right now.",
    distanceAway: "{distance} away",
  },
  es: {
    nearbyLabel: "Ofertas cercanas",
    nearbyEmpty: "No hay nada cerca en este momento.",
    distanceAway: "a {distance}",
  },
  fr: {
    nearbyLabel: "Offres à proximité",
    nearbyEmpty: "Rien à proximité pour le moment.",
    distanceAway: "à {distance}",
  },
  de: {
    nearbyLabel: "Angebote in der Nähe",
    nearbyEmpty: "Zurzeit nichts in der Nähe.",
    distanceAway: "{distance} entfernt",
  },
} satisfies MessageTable<'nearbyLabel' | 'nearbyEmpty' | 'distanceAway'>;
export type NearbyMessageKey = keyof typeof messages.en;

export const nearbyMsg = createTranslator<NearbyMessageKey>(messages);
