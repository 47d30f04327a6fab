/** UI strings of `<merchant-menu>` in English, Spanish, French and German (numbers go through Intl). */
import type { DietaryFlag } from '../../contract/index.ts';

export interface MenuStrings {
  menus: string;
  noMenu: string;
  marketPrice: string;
  calories: (n: string) => string;
  additions: string;
  noMatch: string;
  attribution: string;
  dietary: string;
  flags: Record<DietaryFlag, string>;
}

const en: MenuStrings = {
  menus: 'Menus',
  noMenu: 'No menu is available for this location yet.',
  marketPrice: 'Market price',
  calories: (n) => `${n} Cal`,
  additions: 'Add-ons',
  noMatch: 'No items match the selected dietary preferences.',
  attribution: 'Menu provided by our listing partner',
  dietary: 'Dietary information',
  flags: {
    dairy: 'Contains dairy', 'dairy-free': 'Dairy-free', egg: 'Contains egg', 'egg-free': 'Egg-free',
    fish: 'Contains fish', 'fish-free': 'Fish-free', 'gluten-free': 'Gluten-free', halal: 'Halal',
    kosher: 'Kosher', organic: 'Organic', peanut: 'Contains peanuts', 'peanut-free': 'Peanut-free',
    shellfish: 'Contains shellfish', 'shellfish-free': 'Shellfish-free', soy: 'Contains soy',
    'soy-free': 'Soy-free', spicy: 'Spicy', 'tree-nut': 'Contains tree nuts', 'tree-nut-free': 'Tree-nut-free',
    vegan: 'Vegan', vegetarian: 'Vegetarian', wheat: 'Contains wheat',
  },
};

const es: MenuStrings = {
  menus: 'Menús',
  noMenu: 'Este establecimiento aún no tiene menú.',
  marketPrice: 'Precio de mercado',
  calories: (n) => `${n} kcal`,
  additions: 'Extras',
  noMatch: 'Ningún plato coincide con las preferencias alimentarias seleccionadas.',
  attribution: 'Menú proporcionado por nuestro socio de listados',
  dietary: 'Información alimentaria',
  flags: {
    dairy: 'Contiene lácteos', 'dairy-free': 'Sin lácteos', egg: 'Contiene huevo', 'egg-free': 'Sin huevo',
    fish: 'Contiene pescado', 'fish-free': 'Sin pescado', 'gluten-free': 'Sin gluten', halal: 'Halal',
    kosher: 'Kosher', organic: 'Ecológico', peanut: 'Contiene cacahuetes', 'peanut-free': 'Sin cacahuetes',
    shellfish: 'Contiene marisco', 'shellfish-free': 'Sin marisco', soy: 'Contiene soja', 'soy-free': 'Sin soja',
    spicy: 'Picante', 'tree-nut': 'Contiene frutos secos', 'tree-nut-free': 'Sin frutos secos',
    vegan: 'Vegano', vegetarian: 'Vegetariano', wheat: 'Contiene trigo',
  },
};

const fr: MenuStrings = {
  menus: 'Menus',
  noMenu: 'Aucun menu n’est encore disponible pour cet établissement.',
  marketPrice: 'Prix du marché',
  calories: (n) => `${n} kcal`,
  additions: 'Suppléments',
  noMatch: 'Aucun plat ne correspond aux préférences alimentaires choisies.',
  attribution: 'Menu fourni par notre partenaire de référencement',
  dietary: 'Informations alimentaires',
  flags: {
    dairy: 'Contient des produits laitiers', 'dairy-free': 'Sans produits laitiers', egg: 'Contient des œufs',
    'egg-free': 'Sans œufs', fish: 'Contient du poisson', 'fish-free': 'Sans poisson', 'gluten-free': 'Sans gluten',
    halal: 'Halal', kosher: 'Casher', organic: 'Bio', peanut: 'Contient des arachides',
    'peanut-free': 'Sans arachides', shellfish: 'Contient des crustacés', 'shellfish-free': 'Sans crustacés',
    soy: 'Contient du soja', 'soy-free': 'Sans soja', spicy: 'Épicé', 'tree-nut': 'Contient des fruits à coque',
    'tree-nut-free': 'Sans fruits à coque', vegan: 'Végan', vegetarian: 'Végétarien', wheat: 'Contient du blé',
  },
};

const de: MenuStrings = {
  menus: 'Speisekarten',
  noMenu: 'Für diesen Standort ist noch keine Speisekarte verfügbar.',
  marketPrice: 'Tagespreis',
  calories: (n) => `${n} kcal`,
  additions: 'Extras',
  noMatch: 'Keine Gerichte entsprechen den gewählten Ernährungsvorlieben.',
  attribution: 'Speisekarte bereitgestellt von unserem Verzeichnispartner',
  dietary: 'Ernährungshinweise',
  flags: {
    dairy: 'Enthält Milch', 'dairy-free': 'Milchfrei', egg: 'Enthält Ei', 'egg-free': 'Eifrei',
    fish: 'Enthält Fisch', 'fish-free': 'Fischfrei', 'gluten-free': 'Glutenfrei', halal: 'Halal',
    kosher: 'Koscher', organic: 'Bio', peanut: 'Enthält Erdnüsse', 'peanut-free': 'Erdnussfrei',
    shellfish: 'Enthält Schalentiere', 'shellfish-free': 'Ohne Schalentiere', soy: 'Enthält Soja',
    'soy-free': 'Sojafrei', spicy: 'Scharf', 'tree-nut': 'Enthält Schalenfrüchte',
    'tree-nut-free': 'Ohne Schalenfrüchte', vegan: 'Vegan', vegetarian: 'Vegetarisch', wheat: 'Enthält Weizen',
  },
};

const TABLE: Record<string, MenuStrings> = { en, es, fr, de };

/** Strings for a BCP 47 locale (`fr-CA` → French); English for anything else. */
export function menuStrings(locale: string | null | undefined): MenuStrings {
  const lang = (locale ?? '').toLowerCase().split(/[-_]/)[0];
  return TABLE[lang] ?? en;
}
