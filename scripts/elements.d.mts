// Types for elements.mjs (the scripts are plain JavaScript run by node; the tests import them).
export interface ElementEntry {
  name: string;
  tag: string;
  define: string;
  classFile: string | null;
}
export const root: string;
export function listElements(base?: string): ElementEntry[];
export const ON_DEMAND_ELEMENTS: 'merchant-elements:on-demand';
export function registeredElements(base?: string): string[];
export function onDemandElementsSource(base?: string, options?: { combined?: string | null; sizes?: string | null }): string;
export function onDemandElementsRollup(base?: string, options?: { combined?: string | null; sizes?: string | null }): import('rollup').Plugin;
export function onDemandElementsEsbuild(base?: string): import('esbuild').Plugin;
