/**
 * UI strings: English ships inside every element; Spanish, French and German are one small module per
 * language (`src/i18n/<lang>.ts`, every element's strings), imported on demand the first time an element
 * on the page needs that language. Elements await `loadLanguage()` beside their data request, so a
 * translated element never shows English first; if the module cannot be loaded, English is shown.
 *
 * - `strings(namespace, en)` gives a `(locale) => table` for tables of strings and functions.
 * - `createTranslator(namespace, en)` gives a `msg(locale, key, params)` for tables with `{name}` placeholders
 *   (replaced by `params.name`, as text; templates render it as text too).
 * Each language file is typed against the English tables (`src/i18n/types.ts`), so a missing key fails tsc.
 */

export type UiLanguage = 'en' | 'es' | 'fr' | 'de';
export type MessageParams = Record<string, string | number>;
export type Translator<K extends string> = (locale: string | null | undefined, key: K, params?: MessageParams) => string;

/** One language's tables, by namespace (see src/i18n/types.ts). */
type LanguagePack = Record<string, object>;

const loaders: Record<Exclude<UiLanguage, 'en'>, () => Promise<{ default: LanguagePack }>> = {
  es: () => import('../../i18n/es.ts'),
  fr: () => import('../../i18n/fr.ts'),
  de: () => import('../../i18n/de.ts'),
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
  return (pending[lang] ??= loaders[lang]().then(
    (module) => void (packs[lang] = module.default),
    () => void delete pending[lang],
  ));
}

/** `namespace`'s table in `locale`'s language when loaded, else English. */
export function strings<T extends object>(namespace: string, en: T): (locale: string | null | undefined) => T {
  return (locale) => (packs[uiLanguage(locale)]?.[namespace] as T | undefined) ?? en;
}

export function createTranslator<K extends string>(namespace: string, en: Record<K, string>): Translator<K> {
  const table = strings(namespace, en);
  return (locale, key, params) => {
    const text = table(locale)[key] ?? en[key];
    return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text;
  };
}

const en = {
  loading: "Loading…",
  retry: "Try again",
  errorNoEndpoint: "Not connected yet: add the address of the merchant data service (the “endpoint” setting).",
  errorInvalidEndpoint: "“{endpoint}” is not a web address: the “endpoint” setting should start with https://.",
  errorNoLocation: "Which location? Add a location ID (the “location-id” setting).",
  errorNotFound: "No location with the ID “{id}” was found. Check the “location-id” setting.",
  errorUnreachable: "Could not reach the merchant data service at {endpoint}. Check the “endpoint” setting, and that the service allows this site.",
  errorInvalidAttribute: "A setting is not valid: {detail}",
  errorGeneric: "This cannot be shown right now. Please try again later.",
  opensInNewTab: "(opens in a new tab)",
};
export type SharedMessageKey = keyof typeof en;
export type SharedMessages = Record<SharedMessageKey, string>;

/** States, configuration errors and the new-tab note, shared by every element. */
export const msg: Translator<SharedMessageKey> = createTranslator('shared', en);
