// Types for elements.mjs (the scripts are plain JavaScript run by node; the tests import them).
export interface ElementEntry {
  name: string;
  tag: string;
  define: string;
  classFile: string | null;
}
export const root: string;
export function listElements(base?: string): ElementEntry[];
