/** <merchant-location> UI strings (English in `strings.ts`). Kept next to its element, so other elements' npm entries do not carry it. */
import { strings } from '../shared/i18n.ts';
import en, { type LocationStrings, type Service } from './strings.ts';

export type { LocationStrings, Service };

/** Strings for a BCP 47 locale once its language is loaded (shared/i18n's loadLanguage); else English. */
export const locationStrings: (locale: string | null | undefined) => LocationStrings = strings('location', en);

/** Every service, in display order. */
export const SERVICES = Object.keys(en.service) as Service[];
