/**
 * UI strings: each element keeps its strings beside it (`<element>/i18n/{en,es,fr,de}.ts`; the shared ones in
 * `shared/i18n/<namespace>/`). English ships inside every element; Spanish, French and German are one small module
 * per language (`src/elements/i18n/<lang>.ts`, gathering every element's table), imported on demand the first time
 * an element on the page needs that language. Elements await `loadLanguage()` beside their data request, so a
 * translated element never shows English first; if the module cannot be loaded, English is shown.
 *
 * - `strings(namespace, en)` gives a `(locale) => table` for tables of strings, and of functions where a text
 *   takes values (they return text; templates render it as text).
 * Each translation satisfies the type its English file declares, so a missing key fails tsc. The English files
 * import nothing of this module, so the on-demand imports below close no import circle.
 */

import en, { type SharedStrings } from './i18n/shared/en.ts';

export type { SharedStrings };

export type UiLanguage = 'en' | 'es' | 'fr' | 'de';

/** One language's tables, by namespace (see src/elements/i18n/types.ts). */
type LanguagePack = Record<string, object>;

const loaders: Record<Exclude<UiLanguage, 'en'>, () => Promise<{ default: LanguagePack }>> = {
  es: () => import('../i18n/es.ts'),
  fr: () => import('../i18n/fr.ts'),
  de: () => import('../i18n/de.ts'),
};
const packs: Partial<Record<UiLanguage, LanguagePack>> = {};
const pending: Partial<Record<UiLanguage, Promise<void>>> = {};

/** The UI language for a BCP 47 locale: its language subtag when supported, else English. */
export function uiLanguage(locale: string | null | undefined): UiLanguage {
  const lang = (locale ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return lang in loaders ? (lang as UiLanguage) : 'en';
}

/** Loads the strings for `locale`'s language once per page. Never rejects: without them, English is shown (and a later call retries). */
export function loadLanguage(locale: string | null | undefined): Promise<void> {
  const lang = uiLanguage(locale);
  if (lang === 'en' || packs[lang]) return Promise.resolve();
  pending[lang] ??= loaders[lang]().then(
    (module) => {
      packs[lang] = module.default;
    },
    () => {
      delete pending[lang];
    },
  );
  return pending[lang];
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
