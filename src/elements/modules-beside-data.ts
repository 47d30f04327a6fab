/**
 * The on-demand modules an element loads beside its data, as a rule a page composer can apply to the element's
 * attributes before any script runs: the demo's and the render route's pages (src/ssr/modules.ts) and the WordPress
 * plugin (generated/view-modules.json, written by scripts/build-wordpress.mjs from this table) hint them with the
 * element's own file, so they arrive with it rather than a round trip after it (issue 29 part 2).
 *
 * Each rule comes from the element's folder (its `loader-hints.ts`), where the element itself reads it.
 */
import { FULL_MENU_MODULES, SHORT_MENU } from './menu/loader-hints.ts';

export interface ModulesBesideData {
  /** The modules, by their names in the build's file list. */
  modules: readonly string[];
  /** Unless this attribute has this value. */
  unless?: { readonly attribute: string; readonly value: string };
}

/** Tag → its rule. An element not listed loads nothing beside its data. */
export const MODULES_BESIDE_DATA: Readonly<Record<string, ModulesBesideData>> = {
  'merchant-menu': { modules: FULL_MENU_MODULES, unless: SHORT_MENU },
};

/** The modules `tag` will load beside its data, given its attributes (`attribute(name)`: its value, or null). */
export function modulesBesideData(tag: string, attribute: (name: string) => string | null): readonly string[] {
  const rule = MODULES_BESIDE_DATA[tag];
  if (!rule) return [];
  if (rule.unless && attribute(rule.unless.attribute) === rule.unless.value) return [];
  return rule.modules;
}
