/** Menus for the menu's browser tests beyond the shared fixtures (fixtures.ts). */
import { LONG_MENU_DISHES } from '../../src/elements/menu/merchant-menu.ts';
import { menus } from './fixtures.ts';

/**
 * The fixture's menus made long enough for the diner's tools (search, chips, count): the first menu's sections
 * repeated, with their own ids, until it has LONG_MENU_DISHES dishes.
 */
export function longMenus() {
  const [first, ...rest] = menus();
  const sections = [...first.sections];
  for (let round = 1; sections.flatMap((section) => section.items).length < LONG_MENU_DISHES; round++) {
    sections.push(...first.sections.map((section) => ({ ...section, id: `${section.id}-${round}`, name: `${section.name} ${round}` })));
  }
  return [{ ...first, sections }, ...rest];
}
