/**
 * What the script-tag bundle's loader (src/elements/autoload.ts) may start for a `<merchant-menu>` before the menu's
 * own module arrives. Bundled with the loader (scripts/elements.mjs puts it in the element table): the menu's rules,
 * kept in its folder (the data it asks for first, and its on-demand modules: menu-modules.ts), and the short menus'
 * URL, which the menu asks for through the same function.
 */
import { pageUrl } from '../../client/api.ts';
import { menusRoute, routeUrl } from '../../contract/routes.ts';
import { numberFormat } from '../shared/formats.ts';
import { startModules } from './menu-modules.ts';

/** A short menu's own request (`format="short"`): its menus, not the location's page data. */
export const shortMenusUrl = (endpoint: string, locationId: string): string => routeUrl(endpoint, menusRoute, { id: locationId }, { format: 'short' });

/** A full menu reads its location's page data; a short menu asks for its menus on its own. */
export const firstData = (element: Element, endpoint: string, locationId: string): string =>
  element.getAttribute('format') === 'short' ? shortMenusUrl(endpoint, locationId) : pageUrl(endpoint, locationId);

/** A full menu's navigation and diner tools, started with its data (menu-modules.ts: settled when the menu asks). */
export const firstModules = (element: Element): void => startModules(element.getAttribute('format'));

/**
 * The formatter the menu's ready view makes first whatever its data (shared/warm-formats.ts makes it while the page
 * waits): the dishes' counts (calories), of the same kind as the prices.
 */
export const firstFormats = (locale: string): unknown => numberFormat(locale);
