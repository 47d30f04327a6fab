/**
 * What the script-tag bundle's loader (src/elements/autoload.ts) may start for a `<merchant-menu>` before the menu's
 * own module arrives. Bundled with the loader (scripts/elements.mjs puts it in the element table), so it imports
 * nothing: the menu's rule, kept in its folder.
 */

/** A full menu reads its location's page data; a short menu (`format="short"`) asks for its menus on its own. */
export const readsPageData = (element: Element): boolean => element.getAttribute('format') !== 'short';
