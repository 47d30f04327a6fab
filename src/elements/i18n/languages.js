// The UI languages, declared once: the one list that the elements (which load a language's strings from here), the
// build (one on-demand module per language), the size check, the server renderer, the configurator and the WordPress
// plugin (its locale setting, from includes/languages.json, which the plugin's build writes) all read.
//
// English is built into every element (each element's strings.ts). Every other language is one module beside this
// file, `<code>.ts`, holding every element's strings in that language, typed by their English originals (types.ts).
// A new language is that file and one line here. Its name in menus comes from Intl (nativeName), not from here.
//
// Plain JavaScript with no static imports, so Node scripts (rollup.config.mjs, scripts/size.mjs,
// scripts/build-wordpress.mjs) and the configurator's page (demo/element-options.js) import it as it is; the
// `import()`s below run only in the elements.

/** Each language but English, by its BCP 47 language subtag: loads the module with its strings. */
export const LANGUAGES = {
  es: () => import('./es.ts'),
  fr: () => import('./fr.ts'),
  de: () => import('./de.ts'),
};

/** Every UI language's code, English first: the locales the configurator and the WordPress settings offer. */
export function languageCodes() {
  return ['en', ...Object.keys(LANGUAGES)];
}

/** A language's name in that language, as a menu of languages shows it: "Español", "Deutsch". */
export function nativeName(code) {
  const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
}
