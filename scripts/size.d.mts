// Types for size.mjs.
export interface Budgets {
  bundle: number;
  element: number;
  language: number;
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
export const ENTRY_BUILD_OPTIONS: import('esbuild').BuildOptions & { write: false; metafile: true };
export const LANGUAGES: string[];
export function measureSources(options?: { budgets?: Budgets; base?: string; only?: string | null }): Promise<SizeReport>;
export function measure(options?: { budgets?: Budgets; base?: string }): Promise<SizeReport>;
export function formatReport(report: SizeReport): string;
export function explain(base?: string): Promise<{ file: string; bytes: number }[]>;
export const CEILINGS_FILE: string;
export function readCeilings(file?: string): Record<string, number>;
