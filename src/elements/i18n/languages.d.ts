// Types for languages.js (plain JavaScript, so the Node scripts and the configurator read the same list). Each
// module's own `satisfies Translations` (types.ts) is what holds its strings to the English ones.

/** Each language but English: loads its module, every element's strings by namespace. */
export const LANGUAGES: Readonly<Partial<Record<string, () => Promise<{ default: Record<string, object> }>>>>;
export function languageCodes(): string[];
export function nativeName(code: string): string;
