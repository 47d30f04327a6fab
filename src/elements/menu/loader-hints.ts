/**
 * What the script-tag bundle's loader (src/elements/autoload.ts) may start for a `<merchant-menu>` before the menu's
 * own module arrives, and what a page that knows it holds a menu may hint. Bundled with the loader (scripts/elements.mjs
 * puts it in the element table), so it imports nothing: the menu's rule, kept in its folder.
 */

/**
 * What makes a menu short (`format="short"`): it asks for its menus on its own, and loads its navigation and tools only
 * if they turn out to be needed. Any other menu is full. Data, so the WordPress plugin reads the same rule
 * (generated/view-modules.json, written by scripts/build-wordpress.mjs through src/elements/modules-beside-data.ts).
 */
export const SHORT_MENU = { attribute: 'format', value: 'short' } as const;

/**
 * The on-demand modules a full menu loads beside its data (merchant-menu.ts `load()`): its tabs and section bar
 * (menu-navigation) and its diner tools (menu-tools), by their names in the build's file list. A page that knows it
 * holds a full menu hints them with the menu's own file, so they arrive with it rather than a round trip after it
 * (issue 29 part 2). test/e2e/element-modules.test.ts holds this list to what the menu loads.
 */
export const FULL_MENU_MODULES = ['menu-navigation', 'menu-tools'] as const;

/** A full menu reads its location's page data; a short menu asks for its menus on its own. */
export const readsPageData = (element: Element): boolean => element.getAttribute(SHORT_MENU.attribute) !== SHORT_MENU.value;
