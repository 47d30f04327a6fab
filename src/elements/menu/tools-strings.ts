/**
 * The menu's diner tools' strings in English (filters, search, the count): loaded with the tools module
 * (menu-tools.ts), not with the element, so a menu without them pays nothing. The type each language module in
 * src/elements/i18n/ satisfies (namespace `menuTools`). The dietary flags' own labels ("Vegan", "Gluten-free") are the
 * element's (strings.ts `flags`), the same words as on the dishes' badges.
 */
export interface MenuToolsStrings {
  /** The search box's label. */
  search: string;
  /** The label of the chips that keep only the dishes the merchant marked with a flag ("free of" flags, diets). */
  showOnly: string;
  /** The label of the chips that hide the dishes the merchant marked as containing something. */
  hide: string;
  /** What a "contains" chip names: the thing itself, as the `hide` label reads before it. */
  allergens: Record<'dairy' | 'egg' | 'fish' | 'peanut' | 'shellfish' | 'soy' | 'tree-nut' | 'wheat', string>;
  /** Under the "contains" chips: a dish is hidden only if it is marked; nothing says an unmarked dish is safe. */
  unmarked: string;
  /** The count of the menu shown: every dish (no filter, no search). */
  all: (total: number) => string;
  /** The count of the menu shown, filtered or searched. */
  some: (shown: number, total: number) => string;
  /** In place of the sections when nothing in the menu shown matches. */
  none: string;
  /** The one button that clears the filters and the search. */
  clear: string;
  /** A tab's name while a filter or a search is on: with how many of its dishes match. */
  tab: (name: string, count: number) => string;
  /** On paper, printed with a filter or a search on: what the print holds (the chips and search follow it). */
  printed: (shown: number, total: number) => string;
}

export default {
  search: 'Search dishes',
  showOnly: 'Show only dishes marked',
  hide: 'Hide dishes marked as containing',
  allergens: {
    dairy: 'Dairy',
    egg: 'Egg',
    fish: 'Fish',
    peanut: 'Peanuts',
    shellfish: 'Shellfish',
    soy: 'Soy',
    'tree-nut': 'Tree nuts',
    wheat: 'Wheat',
  },
  unmarked: 'Only marked dishes are hidden: a dish without a mark may still contain it. Ask the staff.',
  all: (total) => (total === 1 ? '1 dish' : `${total} dishes`),
  some: (shown, total) => `${shown} of ${total} dishes`,
  none: 'No dish in this menu matches. Clear the search and filters to see every dish.',
  clear: 'Clear',
  tab: (name, count) => `${name} (${count})`,
  printed: (shown, total) => `Not the whole menu: ${shown} of ${total} dishes, as filtered.`,
} satisfies MenuToolsStrings;

// The `menuTools` namespace of every language module (src/elements/i18n/types.ts collects them): declared beside its English.
// The import puts types.ts in every program that has this file (an augmentation cannot bring its module in).
import type {} from '../i18n/types.ts';
declare module '../i18n/types.ts' {
  interface Translations {
    menuTools: MenuToolsStrings;
  }
}
