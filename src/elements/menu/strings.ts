/** <merchant-menu> UI strings in English (numbers go through Intl); the type each language module in src/elements/i18n/ satisfies. */
import type { DietaryFlag } from '../../contract/index.ts';

export interface MenuStrings {
  menus: string;
  /**
   * The section bar's name (a navigation landmark), by its menu's and, when the data has it, its place's: unique when
   * several menus share a page, two locations' menus of the same name too.
   */
  sections: (menu: string, place?: string) => string;
  marketPrice: string;
  calories: (n: string) => string;
  /** The add-ons line's label with its punctuation ("Add-ons:"; French puts a space before the colon). */
  additions: string;
  /** A short menu says it is a selection… */
  selection: string;
  /** …and offers the full menu (a button, or a link to the owner's page). */
  fullMenu: string;
  attribution: string;
  /** The print control: prints the menu alone. */
  print: string;
  flags: Record<DietaryFlag, string>;
}

export default {
  menus: 'Menus',
  sections: (menu, place) => (place ? `Sections of ${menu} at ${place}` : `Sections of ${menu}`),
  marketPrice: 'Market price',
  calories: (n) => `${n} Cal`,
  additions: 'Add-ons:',
  selection: 'A selection from our menu.',
  fullMenu: 'See the full menu',
  attribution: 'Menu provided by our listing partner',
  print: 'Print menu',
  flags: {
    dairy: 'Contains dairy',
    'dairy-free': 'Dairy-free',
    egg: 'Contains egg',
    'egg-free': 'Egg-free',
    fish: 'Contains fish',
    'fish-free': 'Fish-free',
    'gluten-free': 'Gluten-free',
    halal: 'Halal',
    kosher: 'Kosher',
    organic: 'Organic',
    peanut: 'Contains peanuts',
    'peanut-free': 'Peanut-free',
    shellfish: 'Contains shellfish',
    'shellfish-free': 'Shellfish-free',
    soy: 'Contains soy',
    'soy-free': 'Soy-free',
    spicy: 'Spicy',
    'tree-nut': 'Contains tree nuts',
    'tree-nut-free': 'Tree-nut-free',
    vegan: 'Vegan',
    vegetarian: 'Vegetarian',
    wheat: 'Contains wheat',
  },
} satisfies MenuStrings;

// The `menu` namespace of every language module (src/elements/i18n/types.ts collects them): declared beside its English.
// The import puts types.ts in every program that has this file (an augmentation cannot bring its module in).
import type {} from '../i18n/types.ts';
declare module '../i18n/types.ts' {
  interface Translations {
    menu: MenuStrings;
  }
}
