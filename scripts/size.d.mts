// Types for size.mjs.
export interface Budgets {
  bundle: number;
  element: number;
  language: number;
  /** dist/merchant-elements.standalone.js (BUDGETS.standalone when not given). */
  standalone?: number;
  /** What a page loads with the script tag, by element tag (a page with that element only) or `every`: PAGE_BUDGETS when not given. */
  pages?: Record<string, number>;
}
export interface SizeRow {
  name: string;
  raw: number;
  gzip: number;
  brotli: number;
  budget: number;
  ok: boolean;
}
export interface SizeReport {
  rows: SizeRow[];
  ok: boolean;
}
export const BUDGETS: Budgets;
/** Element entries whose budget is raised above the element budget, by tag: bytes added (the reason is beside it in size.mjs). */
export const ELEMENT_BUDGETS: Record<string, number>;
/** What a page loads with the script tag, by element tag (a page with that one element) and `every` (a page with all). */
export const PAGE_BUDGETS: Record<string, number>;
/** The report row's name for a page with `tag` only, or with every element (`every`). */
export function pageRowName(tag: string): string;
export const ENTRY_BUILD_OPTIONS: import('esbuild').BuildOptions & { write: false; metafile: true };
export const LANGUAGES: string[];
export function measureSources(options?: { budgets?: Budgets; base?: string; only?: string | null }): Promise<SizeReport>;
export function measure(options?: { budgets?: Budgets; base?: string }): Promise<SizeReport>;
export function formatReport(report: SizeReport): string;
export function explain(base?: string): Promise<{ file: string; bytes: number }[]>;
export const CEILINGS_FILE: string;
export function readCeilings(file?: string): Record<string, number>;
