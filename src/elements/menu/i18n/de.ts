import type { MenuStrings } from './en.ts';

export default {
  menus: 'Speisekarten',
  sections: 'Menüabschnitte',
  marketPrice: 'Tagespreis',
  calories: (n) => `${n} kcal`,
  additions: 'Extras',
  noMatch: 'Keine Gerichte entsprechen den gewählten Ernährungsvorlieben.',
  attribution: 'Speisekarte bereitgestellt von unserem Verzeichnispartner',
  flags: {
    dairy: 'Enthält Milch', 'dairy-free': 'Milchfrei', egg: 'Enthält Ei', 'egg-free': 'Eifrei',
    fish: 'Enthält Fisch', 'fish-free': 'Fischfrei', 'gluten-free': 'Glutenfrei', halal: 'Halal',
    kosher: 'Koscher', organic: 'Bio', peanut: 'Enthält Erdnüsse', 'peanut-free': 'Erdnussfrei',
    shellfish: 'Enthält Schalentiere', 'shellfish-free': 'Ohne Schalentiere', soy: 'Enthält Soja',
    'soy-free': 'Sojafrei', spicy: 'Scharf', 'tree-nut': 'Enthält Schalenfrüchte',
    'tree-nut-free': 'Ohne Schalenfrüchte', vegan: 'Vegan', vegetarian: 'Vegetarisch', wheat: 'Enthält Weizen',
  },
} satisfies MenuStrings;
