/** Types of scripts/build-wordpress.mjs, for the tests that import it. */
export interface ElementAttribute {
  kind: 'boolean' | 'choice' | 'number' | 'text';
  values?: string[];
  valueLabels?: Record<string, string>;
  default: string | boolean;
  label: string;
  description: string;
}

export interface ElementEntry {
  name: string;
  title: string;
  /** A dashicon name (without `dashicons-`), from the element class's @icon. */
  icon: string;
  description: string;
  attributes: Record<string, ElementAttribute>;
}

/** The plugin's element table (generated/elements.json) from a custom elements manifest. */
export function elementTable(manifest: unknown): Record<string, ElementEntry>;

/** The plugin's translation template (languages/merchant-elements.pot) from a built plugin folder's PHP. */
export function translationTemplate(pluginDir: string, date: Date): string;

/** The languages the elements speak, code => name in that language, English first (generated/languages.json). */
export function languageTable(): Record<string, string>;

/** The folder of the plugin's scripts in the plugin, `assets/js/<version>` (the version MERCHANT_ELEMENTS_VERSION names). */
export function scriptFolder(pluginFile?: string): string;
