/**
 * UI strings: English ships inside every element (each element's `strings.ts`, the shared ones in this folder's
 * `strings.ts`, `error-strings.ts` and `cta-strings.ts`); every other language is one small module
 * (`src/elements/i18n/<lang>.ts`, every element's strings in that language), listed once in
 * `src/elements/i18n/languages.js` and imported on demand the first time an element on the page needs that language.
 * Elements await `loadLanguage()` beside their data request, so a translated element never shows English first; if
 * the module cannot be loaded, English is shown.
 *
 * - `strings(namespace, en)` gives a `(locale) => table` for tables of strings, and of functions where a text
 *   takes values (they return text; templates render it as text).
 * Each language module satisfies the types the English files declare, so a missing key fails tsc. The English files
 * import nothing of this module, so the on-demand imports close no import circle.
 */

import { LANGUAGES } from '../i18n/languages.js';
import en, { type SharedStrings } from './strings.ts';

export type { SharedStrings };

/** A UI language's code: `en`, or one of src/elements/i18n/languages.js. */
export type UiLanguage = string;

/** One language's tables, by namespace (see src/elements/i18n/types.ts). */
type LanguagePack = Record<string, object>;

const packs: Record<UiLanguage, LanguagePack> = {};
const pending: Record<UiLanguage, Promise<void>> = {};

/** The UI language for a BCP 47 locale: its language subtag when supported, else English. */
export function uiLanguage(locale: string | null | undefined): UiLanguage {
  const lang = (locale ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return lang in LANGUAGES ? lang : 'en';
}

/** Loads the strings for `locale`'s language once per page. Never rejects: without them, English is shown (and a later call retries). */
export function loadLanguage(locale: string | null | undefined): Promise<void> {
  const lang = uiLanguage(locale);
  // English has no module: its promise is a resolved one. Each listed language costs its loader in every element's
  // entry (a chunk name), so this stays small.
  return (pending[lang] ??=
    LANGUAGES[lang]?.().then(
      (module) => {
        packs[lang] = module.default;
      },
      () => {
        delete pending[lang];
      },
    ) ?? Promise.resolve());
}

/** `namespace`'s table in `locale`'s language when loaded, else English. */
export function strings<T extends object>(namespace: string, en: T): (locale: string | null | undefined) => T;
/** `namespace`'s table in `locale`'s language when loaded, else undefined (English lives elsewhere). */
export function strings<T extends object>(namespace: string): (locale: string | null | undefined) => T | undefined;
export function strings<T extends object>(namespace: string, en?: T): (locale: string | null | undefined) => T | undefined {
  return (locale) => (packs[uiLanguage(locale)]?.[namespace] as T | undefined) ?? en;
}

export type SharedMessageKey = keyof SharedStrings;

/** States, the generic error and the new-tab note, shared by every element. */
export const sharedStrings = strings('shared', en);

/** One of the shared plain strings. */
export function msg(locale: string | null | undefined, key: SharedMessageKey): string {
  return sharedStrings(locale)[key];
}
