/** <merchant-nearby> UI strings. Kept next to its element, so other elements' npm entries do not carry it. */
import { strings } from '../shared/i18n.ts';

export interface NearbyMessages {
  empty: string;
}

/** Strings for a BCP 47 locale once its language is loaded (shared/i18n's loadLanguage); else English. */
export const nearbyStrings: (locale: string) => NearbyMessages = strings('nearby', { empty: 'Nothing nearby right now.' });
