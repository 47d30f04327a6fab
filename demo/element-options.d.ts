// Types of element-options.js (plain JavaScript, served as it is to the configurator), for the TypeScript that imports
// it: scripts/measure-reserved-heights.ts and the tests.

/** An element's declaration in the custom elements manifest, with what element-options.js reads of it. */
export interface ManifestElement {
  tagName: string;
  name: string;
  /** From the class's @title, @icon and @summary (custom-elements-manifest.config.mjs requires them). */
  title: string;
  icon: string;
  summary: string;
  description?: string;
  superclass?: { name: string; module?: string; package?: string };
  attributes?: ManifestAttribute[];
  [key: string]: unknown;
}

export interface ManifestAttribute {
  name: string;
  type?: { text: string };
  default?: string;
  description?: string;
  deprecated?: boolean | string;
  fieldName?: string;
}

export type OptionKind = { kind: 'boolean' } | { kind: 'choice'; values: string[] } | { kind: 'number' } | { kind: 'text' };

export const NOT_OPTIONS: Set<string>;
export const OPTION_WORDS: Record<string, { label?: string; help?: string; values?: Record<string, string> }>;
export function optionWords(attribute: ManifestAttribute, tag?: string): { label: string; help: string; valueLabel(value: string): string };
export function elementsOf(manifest: unknown): ManifestElement[];
export function showsData(element: ManifestElement): boolean;
export function optionAttributes(element: ManifestElement, exclude?: Set<string>): ManifestAttribute[];
export function optionKind(attribute: ManifestAttribute): OptionKind;
export function defaultOf(attribute: ManifestAttribute, kind?: OptionKind): string | boolean;
