/**
 * What the sandbox's menus are made of: kitchens (by cuisine and business type), their sections and dishes with
 * ingredients, and item kinds that say how an item is sold (its choices, units, price range and add-ons). Plain data
 * and the few rules that derive the rest: dietary flags come from the ingredients, never drawn, so no chicken is
 * ever vegan; a choice's label and unit come from its kind, so no salmon is sold by the bottle.
 */

/** How an item is sold: `choices` are [label, price factor]; one choice with label '' is a single price. */
export interface ItemKind {
  choices: readonly (readonly [label: string, factor: number])[];
  unit: string;
  /** Price of the first choice, in the location's currency (US dollars and near-equivalents). */
  price: readonly [min: number, max: number];
  calories?: readonly [min: number, max: number];
  additions?: readonly string[];
  drink?: true;
}

export const ITEM_KINDS = {
  starter: { choices: [['', 1]], unit: '', price: [7, 15], calories: [180, 650] },
  salad: {
    choices: [
      ['Half', 1],
      ['Full', 1.6],
    ],
    unit: '',
    price: [8, 13],
    calories: [150, 520],
    additions: ['Grilled chicken', 'Avocado', 'Grilled shrimp'],
  },
  soup: {
    choices: [
      ['Cup', 1],
      ['Bowl', 1.5],
    ],
    unit: '',
    price: [6, 9],
    calories: [120, 420],
    additions: ['Crusty bread'],
  },
  pizza: {
    choices: [
      ['Small', 1],
      ['Large', 1.45],
    ],
    unit: '',
    price: [13, 19],
    calories: [700, 1300],
    additions: ['Extra mozzarella', 'Calabrian chili', 'Gluten-free crust'],
  },
  pasta: { choices: [['', 1]], unit: '', price: [16, 25], calories: [600, 1100], additions: ['Extra parmigiano'] },
  main: { choices: [['', 1]], unit: '', price: [17, 34], calories: [500, 1100], additions: ['Side salad', 'Fries'] },
  sandwich: { choices: [['', 1]], unit: '', price: [11, 16], calories: [450, 900], additions: ['Avocado', 'Side salad', 'Fries'] },
  tacos: {
    choices: [
      ['Two', 1],
      ['Three', 1.4],
    ],
    unit: '',
    price: [9, 13],
    calories: [350, 700],
    additions: ['Guacamole', 'Pickled jalapeños'],
  },
  sushi: {
    choices: [
      ['Two pieces', 1],
      ['Roll', 2.1],
    ],
    unit: '',
    price: [6, 9],
    calories: [90, 320],
  },
  bowl: { choices: [['', 1]], unit: '', price: [14, 19], calories: [550, 950], additions: ['Fried egg', 'Extra noodles'] },
  curry: { choices: [['', 1]], unit: '', price: [15, 22], calories: [500, 900], additions: ['Basmati rice', 'Garlic naan'] },
  bread: { choices: [['', 1]], unit: 'each', price: [3, 6], calories: [150, 320] },
  side: { choices: [['', 1]], unit: '', price: [5, 8], calories: [150, 450] },
  raw: {
    choices: [
      ['Half dozen', 1],
      ['Dozen', 1.9],
    ],
    unit: '',
    price: [18, 24],
    calories: [60, 140],
  },
  dessert: { choices: [['', 1]], unit: '', price: [7, 11], calories: [280, 650] },
  pastry: { choices: [['', 1]], unit: 'each', price: [3.5, 5.5], calories: [220, 480] },
  coffee: {
    choices: [
      ['Small', 1],
      ['Large', 1.25],
    ],
    unit: '',
    price: [3, 5.5],
    calories: [5, 240],
    additions: ['Oat milk', 'Extra shot', 'Vanilla syrup'],
    drink: true,
  },
  tea: {
    choices: [
      ['Cup', 1],
      ['Pot', 1.8],
    ],
    unit: '',
    price: [3, 4.5],
    calories: [0, 120],
    drink: true,
  },
  soft: { choices: [['', 1]], unit: '', price: [3, 5], calories: [0, 180], drink: true },
  wine: {
    choices: [
      ['Glass', 1],
      ['Bottle', 3.8],
    ],
    unit: '',
    price: [11, 16],
    drink: true,
  },
  beer: {
    choices: [
      ['Pint', 1],
      ['Pitcher', 3.4],
    ],
    unit: '',
    price: [7, 9],
    drink: true,
  },
  cocktail: { choices: [['', 1]], unit: '', price: [13, 17], drink: true },
  deli: {
    choices: [
      ['Half pound', 1],
      ['Pound', 1.9],
    ],
    unit: '',
    price: [9, 16],
  },
  bottle: { choices: [['', 1]], unit: 'each', price: [16, 38], drink: true },
  timed: {
    choices: [
      ['30 min', 1],
      ['60 min', 1.75],
      ['90 min', 2.4],
    ],
    unit: '',
    price: [40, 70],
  },
  ticket: {
    choices: [
      ['Adult', 1],
      ['Child', 0.6],
      ['Senior', 0.8],
    ],
    unit: '',
    price: [15, 35],
  },
  sized: {
    choices: [
      ['Small', 1],
      ['Large', 1.5],
    ],
    unit: '',
    price: [35, 60],
  },
  hourly: { choices: [['', 1]], unit: 'per hour', price: [45, 90] },
  nightly: { choices: [['', 1]], unit: 'per night', price: [140, 260] },
  service: { choices: [['', 1]], unit: '', price: [30, 150] },
} as const satisfies Record<string, ItemKind>;

export type KindName = keyof typeof ITEM_KINDS;

/** A dish or service: its name, how it is sold, and what it is made of (the description, and the dietary flags' source). */
export type Dish = readonly [name: string, kind: KindName, ingredients: string];

export interface Section {
  name: string;
  dishes: readonly Dish[];
}

export interface Kitchen {
  menus: readonly string[];
  sections: readonly Section[];
}

const drinks = (extra: readonly Dish[] = []): Section => ({
  name: 'Drinks',
  dishes: [['Sparkling Water', 'soft', 'San Pellegrino'], ['Lemonade', 'soft', 'Lemon, cane sugar, mint'], ['Iced Tea', 'soft', 'Black tea, lemon'], ...extra],
});

export const KITCHENS = {
  italian: {
    menus: ['Dinner', 'Lunch', 'Drinks'],
    sections: [
      {
        name: 'Starters',
        dishes: [
          ['Burrata', 'starter', 'Burrata, heirloom tomato, basil, olive oil, sourdough'],
          ['Arancini', 'starter', 'Saffron risotto, mozzarella, breadcrumbs, marinara'],
          ['Meatballs', 'starter', 'Beef and pork meatballs, marinara, parmigiano'],
          ['Garlic Knots', 'starter', 'Pizza dough, garlic, parsley, butter'],
          ['Fried Calamari', 'starter', 'Calamari, lemon, aioli'],
        ],
      },
      {
        name: 'Salads',
        dishes: [
          ['Caesar', 'salad', 'Romaine, parmigiano, croutons, anchovy dressing'],
          ['Caprese', 'salad', 'Tomato, mozzarella, basil, olive oil'],
          ['Arugula & Pear', 'salad', 'Arugula, pear, walnuts, lemon vinaigrette'],
        ],
      },
      {
        name: 'Pizzas',
        dishes: [
          ['Margherita', 'pizza', 'San Marzano tomato, fior di latte, basil, olive oil'],
          ['Marinara', 'pizza', 'San Marzano tomato, garlic, oregano, olive oil'],
          ['Diavola', 'pizza', 'Tomato, mozzarella, spicy salami, chili oil'],
          ['Funghi', 'pizza', 'Mozzarella, roasted mushrooms, thyme, garlic'],
          ['Quattro Formaggi', 'pizza', 'Mozzarella, gorgonzola, fontina, parmigiano'],
          ['Prosciutto & Arugula', 'pizza', 'Tomato, mozzarella, prosciutto, arugula'],
          ['Sausage & Peppers', 'pizza', 'Tomato, mozzarella, fennel sausage, roasted peppers'],
          ['Garden', 'pizza', 'Tomato, zucchini, peppers, olives, red onion'],
        ],
      },
      {
        name: 'Pasta',
        dishes: [
          ['Cacio e Pepe', 'pasta', 'Tonnarelli, pecorino, black pepper'],
          ['Rigatoni alla Vodka', 'pasta', 'Rigatoni, tomato, cream, vodka, chili flakes'],
          ['Lasagna', 'pasta', 'Beef ragù, béchamel, parmigiano'],
          ['Spaghetti Pomodoro', 'pasta', 'Spaghetti, tomato, garlic, basil, olive oil'],
        ],
      },
      {
        name: 'Desserts',
        dishes: [
          ['Tiramisu', 'dessert', 'Mascarpone, espresso, ladyfingers, cocoa'],
          ['Cannoli', 'dessert', 'Pastry shells, ricotta, pistachio, chocolate chips'],
          ['Panna Cotta', 'dessert', 'Cream, vanilla, berries'],
          ['Sorbetto', 'dessert', 'Lemon, sugar'],
        ],
      },
      drinks([
        ['Chianti Classico', 'wine', 'Sangiovese, Tuscany'],
        ['Pinot Grigio', 'wine', 'Pinot grigio, Veneto'],
        ['Peroni', 'beer', 'Italian lager'],
        ['Espresso', 'coffee', 'Espresso'],
      ]),
    ],
  },
  mexican: {
    menus: ['Dinner', 'Lunch', 'Drinks'],
    sections: [
      {
        name: 'Starters',
        dishes: [
          ['Guacamole & Chips', 'starter', 'Avocado, lime, cilantro, onion, tortilla chips'],
          ['Queso Fundido', 'starter', 'Melted cheese, chorizo, flour tortillas'],
          ['Elote', 'starter', 'Grilled corn, cotija, lime, chili'],
        ],
      },
      {
        name: 'Tacos',
        dishes: [
          ['Al Pastor', 'tacos', 'Marinated pork, pineapple, onion, cilantro, corn tortillas'],
          ['Carne Asada', 'tacos', 'Grilled steak, salsa verde, onion, corn tortillas'],
          ['Baja Fish', 'tacos', 'Battered cod, cabbage, crema, corn tortillas'],
          ['Mushroom & Poblano', 'tacos', 'Mushrooms, poblano peppers, onion, salsa, corn tortillas'],
        ],
      },
      {
        name: 'Plates',
        dishes: [
          ['Chicken Enchiladas', 'main', 'Chicken, red chili sauce, cheese, rice, beans'],
          ['Veggie Burrito Bowl', 'bowl', 'Rice, black beans, peppers, corn, salsa, avocado'],
          ['Carnitas Plate', 'main', 'Braised pork, rice, beans, tortillas'],
        ],
      },
      {
        name: 'Desserts',
        dishes: [
          ['Churros', 'dessert', 'Fried dough, cinnamon sugar, chocolate sauce'],
          ['Flan', 'dessert', 'Egg custard, caramel'],
        ],
      },
      drinks([
        ['Horchata', 'soft', 'Rice milk, cinnamon, vanilla'],
        ['Margarita', 'cocktail', 'Tequila, lime, orange liqueur'],
        ['Mexican Lager', 'beer', 'Lager'],
      ]),
    ],
  },
  asian: {
    menus: ['Dinner', 'Lunch'],
    sections: [
      {
        name: 'Starters',
        dishes: [
          ['Edamame', 'starter', 'Soybeans, sea salt'],
          ['Pork Gyoza', 'starter', 'Pork, cabbage, ginger, wheat wrappers'],
          ['Vegetable Spring Rolls', 'starter', 'Cabbage, carrot, glass noodles, sweet chili sauce'],
          ['Chicken Satay', 'starter', 'Chicken, peanut sauce, cucumber'],
        ],
      },
      {
        name: 'Noodles & Rice',
        dishes: [
          ['Pad Thai', 'bowl', 'Rice noodles, shrimp, egg, peanuts, tamarind'],
          ['Tonkotsu Ramen', 'bowl', 'Pork broth, wheat noodles, pork belly, soft egg'],
          ['Beef Pho', 'bowl', 'Beef broth, rice noodles, brisket, herbs'],
          ['Tofu Fried Rice', 'bowl', 'Jasmine rice, tofu, peas, carrot, scallion'],
          ['Bibimbap', 'bowl', 'Rice, beef, spinach, carrot, egg, gochujang'],
        ],
      },
      {
        name: 'Curries',
        dishes: [
          ['Green Curry', 'curry', 'Chicken, coconut milk, green chili, Thai basil'],
          ['Massaman Curry', 'curry', 'Beef, potato, peanuts, coconut milk'],
          ['Vegetable Red Curry', 'curry', 'Tofu, bamboo shoots, red chili, coconut milk'],
        ],
      },
      {
        name: 'Sushi',
        dishes: [
          ['Salmon', 'sushi', 'Salmon, sushi rice'],
          ['Tuna', 'sushi', 'Tuna, sushi rice'],
          ['Avocado Cucumber', 'sushi', 'Avocado, cucumber, sushi rice, nori'],
        ],
      },
      drinks([
        ['Jasmine Tea', 'tea', 'Jasmine green tea'],
        ['Thai Iced Tea', 'soft', 'Black tea, condensed milk'],
        ['Sapporo', 'beer', 'Japanese lager'],
      ]),
    ],
  },
  indian: {
    menus: ['Dinner', 'Lunch'],
    sections: [
      {
        name: 'Starters',
        dishes: [
          ['Vegetable Samosas', 'starter', 'Potato, peas, spices, pastry, tamarind chutney'],
          ['Onion Pakora', 'starter', 'Onion, chickpea flour, spices'],
        ],
      },
      {
        name: 'Curries',
        dishes: [
          ['Chicken Tikka Masala', 'curry', 'Chicken, tomato, cream, spices'],
          ['Palak Paneer', 'curry', 'Spinach, paneer, garlic, spices'],
          ['Chana Masala', 'curry', 'Chickpeas, tomato, onion, spices'],
          ['Lamb Rogan Josh', 'curry', 'Lamb, Kashmiri chili, yogurt, spices'],
          ['Dal Makhani', 'curry', 'Black lentils, butter, cream'],
        ],
      },
      {
        name: 'Breads',
        dishes: [
          ['Naan', 'bread', 'Wheat flour, yogurt, butter'],
          ['Garlic Naan', 'bread', 'Wheat flour, yogurt, garlic, butter'],
          ['Roti', 'bread', 'Whole wheat flour'],
        ],
      },
      {
        name: 'Desserts',
        dishes: [
          ['Gulab Jamun', 'dessert', 'Milk dumplings, rose syrup'],
          ['Mango Kulfi', 'dessert', 'Mango, milk, cardamom'],
        ],
      },
      drinks([
        ['Mango Lassi', 'soft', 'Mango, yogurt, cardamom'],
        ['Masala Chai', 'tea', 'Black tea, milk, spices'],
      ]),
    ],
  },
  french: {
    menus: ['Dinner', 'Lunch', 'Wine'],
    sections: [
      {
        name: 'Starters',
        dishes: [
          ['French Onion Soup', 'soup', 'Onion, beef broth, gruyère, baguette'],
          ['Escargots', 'starter', 'Snails, garlic butter, parsley'],
          ['Salade Niçoise', 'salad', 'Tuna, egg, potato, green beans, olives'],
        ],
      },
      {
        name: 'Mains',
        dishes: [
          ['Steak Frites', 'main', 'Hanger steak, fries, béarnaise'],
          ['Coq au Vin', 'main', 'Chicken, red wine, mushrooms, bacon'],
          ['Moules Frites', 'main', 'Mussels, white wine, shallot, fries'],
          ['Ratatouille', 'main', 'Eggplant, zucchini, peppers, tomato, herbs'],
        ],
      },
      {
        name: 'Desserts',
        dishes: [
          ['Crème Brûlée', 'dessert', 'Cream, egg yolk, vanilla, caramelized sugar'],
          ['Tarte Tatin', 'dessert', 'Apples, caramel, butter pastry'],
        ],
      },
      {
        name: 'Wine',
        dishes: [
          ['Côtes du Rhône', 'wine', 'Grenache, syrah'],
          ['Sancerre', 'wine', 'Sauvignon blanc, Loire'],
          ['Crémant de Bourgogne', 'wine', 'Chardonnay, pinot noir'],
        ],
      },
    ],
  },
  mediterranean: {
    menus: ['Dinner', 'Lunch'],
    sections: [
      {
        name: 'Mezze',
        dishes: [
          ['Hummus', 'starter', 'Chickpeas, tahini, lemon, olive oil, pita'],
          ['Baba Ganoush', 'starter', 'Smoked eggplant, tahini, garlic, pita'],
          ['Falafel', 'starter', 'Chickpeas, herbs, tahini sauce'],
          ['Tabbouleh', 'salad', 'Parsley, bulgur, tomato, lemon, mint'],
        ],
      },
      {
        name: 'Mains',
        dishes: [
          ['Chicken Shawarma Plate', 'main', 'Chicken, garlic sauce, rice, pickles'],
          ['Lamb Kofta', 'main', 'Lamb, parsley, onion, yogurt sauce, rice'],
          ['Grilled Halloumi', 'main', 'Halloumi, tomato, cucumber, olives'],
          ['Grilled Octopus', 'main', 'Octopus, potato, capers, lemon'],
        ],
      },
      {
        name: 'Salads',
        dishes: [
          ['Greek Salad', 'salad', 'Tomato, cucumber, feta, olives, red onion'],
          ['Fattoush', 'salad', 'Romaine, radish, cucumber, sumac, pita chips'],
        ],
      },
      {
        name: 'Desserts',
        dishes: [
          ['Baklava', 'dessert', 'Phyllo, walnuts, honey, butter'],
          ['Rice Pudding', 'dessert', 'Rice, milk, rose water, pistachio'],
        ],
      },
      drinks([['Mint Tea', 'tea', 'Green tea, fresh mint']]),
    ],
  },
  american: {
    menus: ['All Day', 'Brunch', 'Drinks'],
    sections: [
      {
        name: 'Starters',
        dishes: [
          ['Buffalo Wings', 'starter', 'Chicken wings, hot sauce, blue cheese dip'],
          ['Onion Rings', 'starter', 'Onion, beer batter, ranch'],
          ['Loaded Nachos', 'starter', 'Tortilla chips, cheese, jalapeños, sour cream, salsa'],
        ],
      },
      {
        name: 'Burgers',
        dishes: [
          ['Classic Cheeseburger', 'sandwich', 'Beef patty, cheddar, lettuce, tomato, brioche bun'],
          ['Bacon Burger', 'sandwich', 'Beef patty, bacon, cheddar, pickles, brioche bun'],
          ['Veggie Burger', 'sandwich', 'Black bean patty, avocado, lettuce, whole wheat bun'],
        ],
      },
      {
        name: 'Plates',
        dishes: [
          ['Fried Chicken', 'main', 'Buttermilk-battered chicken, mashed potatoes, gravy'],
          ['Smoked Brisket', 'main', 'Beef brisket, coleslaw, cornbread'],
          ['Mac & Cheese', 'main', 'Macaroni, cheddar, breadcrumbs'],
          ['Grilled Salmon', 'main', 'Salmon, rice, seasonal vegetables'],
        ],
      },
      {
        name: 'Sides',
        dishes: [
          ['Fries', 'side', 'Potatoes, sea salt'],
          ['Coleslaw', 'side', 'Cabbage, carrot, mayonnaise'],
          ['Side Salad', 'side', 'Mixed greens, tomato, vinaigrette'],
        ],
      },
      {
        name: 'Desserts',
        dishes: [
          ['Apple Pie', 'dessert', 'Apples, cinnamon, butter crust'],
          ['Brownie Sundae', 'dessert', 'Chocolate brownie, vanilla ice cream, fudge'],
        ],
      },
      drinks([
        ['Milkshake', 'soft', 'Vanilla ice cream, milk'],
        ['Draft IPA', 'beer', 'India pale ale'],
      ]),
    ],
  },
  seafood: {
    menus: ['Dinner', 'Raw Bar'],
    sections: [
      {
        name: 'Raw Bar',
        dishes: [
          ['East Coast Oysters', 'raw', 'Oysters, mignonette, lemon'],
          ['Littleneck Clams', 'raw', 'Clams, cocktail sauce, lemon'],
        ],
      },
      {
        name: 'Starters',
        dishes: [
          ['Clam Chowder', 'soup', 'Clams, potato, cream, bacon'],
          ['Shrimp Cocktail', 'starter', 'Shrimp, cocktail sauce, lemon'],
        ],
      },
      {
        name: 'Mains',
        dishes: [
          ['Fish & Chips', 'main', 'Cod, beer batter, fries, tartar sauce'],
          ['Lobster Roll', 'sandwich', 'Lobster, mayonnaise, celery, butter roll'],
          ['Seared Scallops', 'main', 'Scallops, corn purée, brown butter'],
        ],
      },
      drinks([['Sauvignon Blanc', 'wine', 'Sauvignon blanc, Marlborough']]),
    ],
  },
  cafe: {
    menus: ['All Day', 'Drinks'],
    sections: [
      {
        name: 'Espresso Bar',
        dishes: [
          ['Espresso', 'coffee', 'Espresso'],
          ['Cappuccino', 'coffee', 'Espresso, steamed milk, foam'],
          ['Latte', 'coffee', 'Espresso, steamed milk'],
          ['Cold Brew', 'coffee', 'Cold-brewed coffee'],
          ['Mocha', 'coffee', 'Espresso, chocolate, steamed milk'],
        ],
      },
      {
        name: 'Tea',
        dishes: [
          ['Earl Grey', 'tea', 'Black tea, bergamot'],
          ['Chai Latte', 'tea', 'Black tea, spices, steamed milk'],
          ['Chamomile', 'tea', 'Chamomile flowers'],
        ],
      },
      {
        name: 'Pastries',
        dishes: [
          ['Butter Croissant', 'pastry', 'Wheat flour, butter'],
          ['Pain au Chocolat', 'pastry', 'Wheat flour, butter, dark chocolate'],
          ['Blueberry Muffin', 'pastry', 'Wheat flour, blueberries, butter, egg'],
          ['Cinnamon Roll', 'pastry', 'Wheat flour, cinnamon, butter, cream cheese icing'],
          ['Banana Bread', 'pastry', 'Banana, wheat flour, walnuts, egg'],
        ],
      },
      {
        name: 'Breakfast',
        dishes: [
          ['Avocado Toast', 'sandwich', 'Sourdough, avocado, lemon, chili flakes'],
          ['Egg & Cheese Sandwich', 'sandwich', 'Egg, cheddar, brioche'],
          ['Granola Bowl', 'bowl', 'Oats, yogurt, berries, honey'],
        ],
      },
    ],
  },
  veggie: {
    menus: ['All Day'],
    sections: [
      {
        name: 'Bowls',
        dishes: [
          ['Buddha Bowl', 'bowl', 'Quinoa, roasted sweet potato, kale, chickpeas, tahini'],
          ['Tofu Poke Bowl', 'bowl', 'Tofu, rice, edamame, cucumber, seaweed'],
          ['Lentil Bowl', 'bowl', 'Lentils, brown rice, roasted carrots, herbs'],
        ],
      },
      {
        name: 'Salads',
        dishes: [
          ['Kale Caesar', 'salad', 'Kale, cashew dressing, croutons'],
          ['Beet & Orange', 'salad', 'Beets, orange, arugula, pistachios'],
        ],
      },
      {
        name: 'Soups',
        dishes: [
          ['Tomato Basil', 'soup', 'Tomato, basil, olive oil'],
          ['Lentil Soup', 'soup', 'Lentils, carrot, cumin'],
        ],
      },
      drinks([['Green Juice', 'soft', 'Kale, apple, cucumber, ginger']]),
    ],
  },
  bar: {
    menus: ['Drinks', 'Bar Food'],
    sections: [
      {
        name: 'Draft Beer',
        dishes: [
          ['House Lager', 'beer', 'Crisp lager'],
          ['Hazy IPA', 'beer', 'India pale ale'],
          ['Oatmeal Stout', 'beer', 'Stout'],
        ],
      },
      {
        name: 'Cocktails',
        dishes: [
          ['Old Fashioned', 'cocktail', 'Bourbon, bitters, orange'],
          ['Negroni', 'cocktail', 'Gin, Campari, sweet vermouth'],
          ['Mojito', 'cocktail', 'Rum, lime, mint, soda'],
        ],
      },
      {
        name: 'Wine',
        dishes: [
          ['House Red', 'wine', 'Cabernet sauvignon'],
          ['House White', 'wine', 'Chardonnay'],
        ],
      },
      {
        name: 'Bar Food',
        dishes: [
          ['Soft Pretzel', 'starter', 'Pretzel, mustard, beer cheese'],
          ['Wings', 'starter', 'Chicken wings, hot sauce, celery'],
          ['Fries', 'side', 'Potatoes, sea salt'],
        ],
      },
    ],
  },
  market: {
    menus: ['Deli', 'Wine Shop'],
    sections: [
      {
        name: 'Sandwiches',
        dishes: [
          ['Turkey Club', 'sandwich', 'Turkey, bacon, lettuce, tomato, sourdough'],
          ['Caprese Sandwich', 'sandwich', 'Mozzarella, tomato, basil, ciabatta'],
          ['Italian Hero', 'sandwich', 'Salami, ham, provolone, peppers, hero roll'],
        ],
      },
      {
        name: 'Cheese & Charcuterie',
        dishes: [
          ['Aged Cheddar', 'deli', 'Cheddar'],
          ['Prosciutto di Parma', 'deli', 'Prosciutto'],
          ['Brie', 'deli', 'Brie'],
        ],
      },
      {
        name: 'Wine',
        dishes: [
          ['Rosé', 'bottle', 'Grenache, Provence'],
          ['Malbec', 'bottle', 'Malbec, Mendoza'],
          ['Prosecco', 'bottle', 'Glera, Veneto'],
        ],
      },
    ],
  },
  salon: {
    menus: ['Services'],
    sections: [
      {
        name: 'Hair',
        dishes: [
          ['Haircut', 'timed', 'Consultation, wash, cut and style'],
          ['Blowout', 'service', 'Wash and blow-dry'],
          ['Color', 'service', 'Single-process color'],
        ],
      },
      {
        name: 'Nails',
        dishes: [
          ['Manicure', 'service', 'Shape, cuticle care, polish'],
          ['Pedicure', 'service', 'Soak, exfoliation, polish'],
        ],
      },
      {
        name: 'Spa',
        dishes: [
          ['Massage', 'timed', 'Swedish or deep tissue'],
          ['Facial', 'timed', 'Cleanse, exfoliation, mask'],
        ],
      },
    ],
  },
  pets: {
    menus: ['Services'],
    sections: [
      {
        name: 'Grooming',
        dishes: [
          ['Bath & Brush', 'sized', 'Bath, blow-dry, brush-out'],
          ['Full Groom', 'sized', 'Bath, haircut, nail trim'],
          ['Nail Trim', 'service', 'Nail trim and file'],
        ],
      },
      {
        name: 'Care',
        dishes: [
          ['Daycare', 'service', 'A full day of play'],
          ['Dog Walk', 'timed', 'A walk around the neighborhood'],
        ],
      },
    ],
  },
  fitness: {
    menus: ['Classes & Passes'],
    sections: [
      {
        name: 'Classes',
        dishes: [
          ['Drop-in Class', 'service', 'Any group class'],
          ['Personal Training', 'timed', 'One-on-one session'],
        ],
      },
      {
        name: 'Passes',
        dishes: [
          ['10-Class Pass', 'service', 'Ten group classes, valid three months'],
          ['Monthly Membership', 'service', 'Unlimited classes'],
        ],
      },
    ],
  },
  visits: {
    menus: ['Tickets & Tours'],
    sections: [
      {
        name: 'Tickets',
        dishes: [
          ['General Admission', 'ticket', 'Entry for the day'],
          ['Guided Tour', 'ticket', 'A 90-minute tour with a guide'],
        ],
      },
      {
        name: 'Stays',
        dishes: [
          ['Standard Room', 'nightly', 'Queen bed, breakfast included'],
          ['Suite', 'nightly', 'King bed, sitting room, breakfast included'],
        ],
      },
    ],
  },
  services: {
    menus: ['Services'],
    sections: [
      {
        name: 'Services',
        dishes: [
          ['Consultation', 'service', 'A first meeting to understand what you need'],
          ['Standard Service', 'service', 'Our most requested service'],
          ['On-site Visit', 'hourly', 'Billed by the hour, two-hour minimum'],
        ],
      },
    ],
  },
} as const satisfies Record<string, Kitchen>;

export type KitchenName = keyof typeof KITCHENS;

const KITCHEN_BY_CUISINE: Record<string, KitchenName> = {
  Italian: 'italian',
  Pizza: 'italian',
  Mexican: 'mexican',
  Chinese: 'asian',
  Japanese: 'asian',
  Sushi: 'asian',
  Thai: 'asian',
  Korean: 'asian',
  Vietnamese: 'asian',
  Indian: 'indian',
  French: 'french',
  Mediterranean: 'mediterranean',
  Greek: 'mediterranean',
  'Middle Eastern': 'mediterranean',
  Ethiopian: 'mediterranean',
  Spanish: 'mediterranean',
  Tapas: 'mediterranean',
  American: 'american',
  Barbecue: 'american',
  Burgers: 'american',
  Steakhouse: 'american',
  Sandwiches: 'american',
  Breakfast: 'american',
  Brunch: 'american',
  Caribbean: 'american',
  Seafood: 'seafood',
  Cafe: 'cafe',
  Bakery: 'cafe',
  Desserts: 'cafe',
  Vegetarian: 'veggie',
  Vegan: 'veggie',
  Salads: 'veggie',
};

const KITCHEN_BY_TYPE: Record<string, KitchenName> = {
  'Coffee Shop': 'cafe',
  Bakery: 'cafe',
  'Bars & Clubs': 'bar',
  'Food & Beverage Retail': 'market',
  'Spas & Salons': 'salon',
  'Pet Services': 'pets',
  'Sports & Recreation': 'fitness',
  'Travel, Tourism & Lodging': 'visits',
  'Arts & Entertainment': 'visits',
};

/** The kitchen of a place: its business type's when it has one, else its first cuisine's; services otherwise. */
export function kitchenOf(businessType: string, cuisines: readonly string[], food: boolean): KitchenName {
  const byType = KITCHEN_BY_TYPE[businessType];
  if (byType) return byType;
  if (!food) return 'services';
  for (const cuisine of cuisines) if (KITCHEN_BY_CUISINE[cuisine]) return KITCHEN_BY_CUISINE[cuisine]!;
  return 'american';
}

// ---- dietary flags, from the ingredients -----------------------------------------------------------------------

const WORDS = {
  meat: [
    'chicken',
    'beef',
    'pork',
    'lamb',
    'bacon',
    'prosciutto',
    'salami',
    'sausage',
    'chorizo',
    'ham',
    'turkey',
    'brisket',
    'steak',
    'ragù',
    'meatballs',
    'carnitas',
    'snails',
    'wings',
    'duck',
  ],
  fish: ['salmon', 'tuna', 'cod', 'anchovy', 'fish', 'octopus', 'calamari'],
  shellfish: ['shrimp', 'mussels', 'clams', 'oysters', 'lobster', 'scallops', 'crab'],
  dairy: [
    'cheese',
    'mozzarella',
    'parmigiano',
    'pecorino',
    'gorgonzola',
    'fontina',
    'burrata',
    'ricotta',
    'mascarpone',
    'cream',
    'butter',
    'milk',
    'yogurt',
    'paneer',
    'feta',
    'halloumi',
    'cheddar',
    'gruyère',
    'brie',
    'provolone',
    'cotija',
    'crema',
    'béchamel',
    'ice cream',
    'fior di latte',
    'buttermilk',
    'queso',
    'béarnaise',
    'blue cheese',
  ],
  egg: ['egg', 'aioli', 'mayonnaise', 'custard', 'ladyfingers', 'béarnaise'],
  gluten: [
    'wheat',
    'flour',
    'bread',
    'sourdough',
    'baguette',
    'brioche',
    'bun',
    'roll',
    'croutons',
    'breadcrumbs',
    'pasta',
    'spaghetti',
    'rigatoni',
    'tonnarelli',
    'macaroni',
    'noodles',
    'pita',
    'dough',
    'pastry',
    'phyllo',
    'batter',
    'pretzel',
    'ciabatta',
    'tortillas',
    'bulgur',
    'crust',
    'cornbread',
    'naan',
    'wrappers',
    'barley',
    'pizza',
    'ramen',
    'ladyfingers',
    'lasagna',
    'shells',
    'brownie',
    'battered',
  ],
  honey: ['honey'],
  chili: ['chili', 'jalapeño', 'hot sauce', 'gochujang', 'diavola', 'spicy'],
  peanut: ['peanut'],
  treeNut: ['walnuts', 'pistachio', 'cashew', 'almond'],
  soy: ['soy', 'tofu', 'edamame', 'miso', 'tempeh'],
} as const;

/** Words that name meat or fish: what no vegan or vegetarian item may name (the data set's test reads this). */
export const MEAT_AND_FISH_WORDS: readonly string[] = [...WORDS.meat, ...WORDS.fish, ...WORDS.shellfish];

/** Whole words only (and their plurals): "egg" is not in "eggplant". Letters beyond ASCII count as letters (ragù). */
const has = (text: string, words: readonly string[]) => words.some((word) => new RegExp(`(?<!\\p{L})${word}(s|es)?(?!\\p{L})`, 'iu').test(text));

/** Kinds made of wheat whatever their list says (a pizza's dough, a pastry's flour). */
const WHEAT_KINDS: ReadonlySet<KindName> = new Set(['pizza', 'pasta', 'sandwich', 'pastry', 'bread']);

/**
 * What a dish's name and ingredients say about it. Corn tortillas are gluten-free (flour ones are not); coconut and
 * rice milk are not dairy.
 */
export function dishFacts(name: string, ingredients: string, kind?: KindName) {
  const text = `${name}, ${ingredients}`.replace(/corn tortillas/gi, 'corn').replace(/(coconut|rice|oat) milk/gi, '$1');
  const meat = has(text, WORDS.meat);
  const fish = has(text, WORDS.fish);
  const shellfish = has(text, WORDS.shellfish);
  const dairy = has(text, WORDS.dairy);
  const egg = has(text, WORDS.egg);
  return {
    vegetarian: !meat && !fish && !shellfish,
    vegan: !meat && !fish && !shellfish && !dairy && !egg && !has(text, WORDS.honey),
    glutenFree: !has(text, WORDS.gluten) && !(kind && WHEAT_KINDS.has(kind)),
    spicy: has(text, WORDS.chili),
    fish,
    shellfish,
    dairy,
    egg,
    peanut: has(text, WORDS.peanut),
    treeNut: has(text, WORDS.treeNut),
    soy: has(text, WORDS.soy),
  };
}

let kinds: Map<string, string> | undefined;
/** The kind of a dish by its name (the first kitchen that lists it), for its photo's picture; undefined if unknown. */
export function dishKindOf(name: string): string | undefined {
  if (!kinds) {
    kinds = new Map();
    for (const kitchen of Object.values(KITCHENS) as Kitchen[])
      for (const section of kitchen.sections) for (const [dish, kind] of section.dishes) if (!kinds.has(dish)) kinds.set(dish, kind);
  }
  return kinds.get(name);
}
