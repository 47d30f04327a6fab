// Types for rollup-minify-literals.mjs.
import type { Plugin } from 'rollup';

export function minifyCss(css: string): string;
export function minifyLiterals(code: string): string;
export function minifyLiteralsPlugin(): Plugin;
