import type { MenuStrings } from './en.ts';

export default {
  menus: 'Menús',
  sections: 'Secciones del menú',
  marketPrice: 'Precio de mercado',
  calories: (n) => `${n} kcal`,
  additions: 'Extras',
  noMatch: 'Ningún plato coincide con las preferencias alimentarias seleccionadas.',
  attribution: 'Menú proporcionado por nuestro socio de listados',
  flags: {
    dairy: 'Contiene lácteos', 'dairy-free': 'Sin lácteos', egg: 'Contiene huevo', 'egg-free': 'Sin huevo',
    fish: 'Contiene pescado', 'fish-free': 'Sin pescado', 'gluten-free': 'Sin gluten', halal: 'Halal',
    kosher: 'Kosher', organic: 'Ecológico', peanut: 'Contiene cacahuetes', 'peanut-free': 'Sin cacahuetes',
    shellfish: 'Contiene marisco', 'shellfish-free': 'Sin marisco', soy: 'Contiene soja', 'soy-free': 'Sin soja',
    spicy: 'Picante', 'tree-nut': 'Contiene frutos secos', 'tree-nut-free': 'Sin frutos secos',
    vegan: 'Vegano', vegetarian: 'Vegetariano', wheat: 'Contiene trigo',
  },
} satisfies MenuStrings;
