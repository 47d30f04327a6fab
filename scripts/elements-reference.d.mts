// Types for elements-reference.mjs. The manifest follows the custom-elements-manifest schema; only the
// fields the tests read are typed.
export interface ManifestDeclaration {
  tagName: string;
  name: string;
  summary?: string;
  description?: string;
  attributes?: { name: string; fieldName?: string; description?: string; type?: { text: string }; default?: string }[];
  events?: { name: string; description?: string }[];
  slots?: { name: string; description?: string }[];
  cssParts?: { name: string; description?: string }[];
  cssProperties?: { name: string; description?: string; default?: string }[];
  modulePath: string;
}
export const START: string;
export const END: string;
export function elementsOf(manifest: unknown): ManifestDeclaration[];
export function renderReference(manifest: unknown): string;
export function withReadmeBlock(readme: string, reference: string): string;
export function expectedOutputs(base?: string): { file: string; text: string }[];
