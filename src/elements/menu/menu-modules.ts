/**
 * The menu's on-demand modules: menu-navigation.ts (the tabs, the section bar, printing) and menu-tools.ts (the
 * diner's filters and search), each imported once a page and kept once settled, so a menu that asks after that takes
 * it at once. An `import()` settles a task later even when its module has been evaluated already, so a menu whose data
 * is at hand would render its loading view before its ready one (shared/ready-first.ts: a frame comes first). The
 * script tag's loader starts both with a full menu's data (loader-hints.ts `firstModules`), so they have most often
 * settled by the time the menu's own module has arrived and asks.
 */

// Read through the two functions below, not exported as `let`: the classic build's on-demand chunks read what the
// script shares from an object made as it runs (scripts/rollup-classic-script.mjs), a copy of each value then, so a
// module-level variable assigned later would stay undefined there.
let navigation: typeof import('./menu-navigation.ts') | undefined;
let tools: typeof import('./menu-tools.ts') | undefined;

/** The tabs and the section bar, once settled (undefined before, or when the module could not be loaded). */
export const settledNavigation = (): typeof navigation => navigation;
/** The diner tools, once settled (undefined before, or when the module could not be loaded). */
export const settledTools = (): typeof tools => tools;

let navigationLoad: Promise<unknown> | undefined;
let toolsLoad: Promise<unknown> | undefined;

/** Imports the navigation module once; one that could not be loaded is asked for again by the next call. */
export const loadNavigation = (): Promise<unknown> =>
  (navigationLoad ??= import('./menu-navigation.ts').then(
    (module) => (navigation = module),
    () => (navigationLoad = undefined),
  ));

/** Imports the diner tools once; one that could not be loaded is asked for again by the next call. */
export const loadTools = (): Promise<unknown> =>
  (toolsLoad ??= import('./menu-tools.ts').then(
    (module) => (tools = module),
    () => (toolsLoad = undefined),
  ));

/**
 * What a menu of `format` starts before it knows its menus: a full menu, most often long or several, both modules
 * beside its data (one round trip instead of two before it shows); a short menu asks for them only if its menus turn
 * out to need them. The one rule for the loader and the menu (and keep `MerchantMenu.modulesBesideData`, the pages'
 * hints, the same).
 */
export function startModules(format: string | null): void {
  if (format !== 'short') {
    void loadNavigation();
    void loadTools();
  }
}
