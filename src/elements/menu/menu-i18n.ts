/** <merchant-menu> UI strings (English in `strings.ts`). */
import { strings } from '../shared/i18n.ts';
import en, { type MenuStrings } from './strings.ts';

export type { MenuStrings };

/** Strings for a BCP 47 locale (`fr-CA` → French), once its language is loaded (shared/i18n's loadLanguage); else English. */
export const menuStrings: (locale: string | null | undefined) => MenuStrings = strings('menu', en);
