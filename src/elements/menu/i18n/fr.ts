import type { MenuStrings } from './en.ts';

export default {
  menus: 'Menus',
  sections: 'Sections du menu',
  marketPrice: 'Prix du marché',
  calories: (n) => `${n} kcal`,
  additions: 'Suppléments',
  noMatch: 'Aucun plat ne correspond aux préférences alimentaires choisies.',
  attribution: 'Menu fourni par notre partenaire de référencement',
  flags: {
    dairy: 'Contient des produits laitiers', 'dairy-free': 'Sans produits laitiers', egg: 'Contient des œufs',
    'egg-free': 'Sans œufs', fish: 'Contient du poisson', 'fish-free': 'Sans poisson', 'gluten-free': 'Sans gluten',
    halal: 'Halal', kosher: 'Casher', organic: 'Bio', peanut: 'Contient des arachides',
    'peanut-free': 'Sans arachides', shellfish: 'Contient des crustacés', 'shellfish-free': 'Sans crustacés',
    soy: 'Contient du soja', 'soy-free': 'Sans soja', spicy: 'Épicé', 'tree-nut': 'Contient des fruits à coque',
    'tree-nut-free': 'Sans fruits à coque', vegan: 'Végan', vegetarian: 'Végétarien', wheat: 'Contient du blé',
  },
} satisfies MenuStrings;
