/** <merchant-photos> UI strings (`i18n/`). */
import { strings } from '../shared/i18n.ts';
import en, { type PhotosStrings } from './i18n/en.ts';

export type { PhotosStrings };

/** Strings for a BCP 47 locale (`fr-CA` → French), once its language is loaded (shared/i18n's loadLanguage); else English. */
export const photosStrings: (locale: string | null | undefined) => PhotosStrings = strings('photos', en);
