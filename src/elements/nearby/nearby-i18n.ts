/** <merchant-nearby> UI strings (English in `strings.ts`). Kept next to its element, so other elements' npm entries do not carry it. */
import { strings } from '../shared/i18n.ts';
import en, { type NearbyStrings } from './strings.ts';

export type { NearbyStrings };

/** Strings for a BCP 47 locale once its language is loaded (shared/i18n's loadLanguage); else English. */
export const nearbyStrings: (locale: string) => NearbyStrings = strings('nearby', en);
