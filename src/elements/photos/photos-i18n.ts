/** <merchant-photos> UI strings (English in `strings.ts`). */
import { strings } from '../shared/i18n.ts';
import en, { type PhotosStrings } from './strings.ts';

export type { PhotosStrings };

/** Strings for a BCP 47 locale (`fr-CA` → French), once its language is loaded (shared/i18n's loadLanguage); else English. */
export const photosStrings: (locale: string | null | undefined) => PhotosStrings = strings('photos', en);
