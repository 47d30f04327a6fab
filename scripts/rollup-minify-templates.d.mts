// Types for rollup-minify-templates.mjs.
import type { Plugin } from 'rollup';

export function minifyTemplates(): Plugin;
export function minifyModuleTemplates(code: string, fileName: string): Promise<string>;
