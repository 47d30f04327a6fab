// Types for rollup-mangle-private.mjs.
import type { Plugin } from 'rollup';

export const PRIVATE_MEMBER: RegExp;
export function manglePrivateMembers(options?: { prefix?: string }): Plugin;
