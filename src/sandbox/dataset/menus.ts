/** Menus and photos of a location, derived on demand in the Publisher API's shape (quirks included). */
import { Rng } from './random.ts';
import { publisherDateTime, type PublisherDateShape } from './time.ts';
import { FEATURED_LOCATIONS, TEST_PIZZERIA } from './draws.ts';
import { ITEM_KINDS, KITCHENS, dishFacts, kitchenOf, type Dish, type ItemKind, type Kitchen, type Section } from './dishes.ts';
import type { LocationRecord } from './location.ts';
import type { PublisherChoice, PublisherItemPhoto, PublisherMenu, PublisherPhoto } from '../../upstream/shapes.ts';

/** Photo ids: `index * 32 + k + 1`; k below 16 for location photos, 16 and up for menu item photos. */
export const PHOTO_SLOTS = 32;
const ITEM_PHOTO_SLOT = 16;

export function menuCount(seed: number, index: number, food: boolean): number {
  if (index === TEST_PIZZERIA) return 2;
  const r = Rng.for(seed, index, 'menus').next();
  if (food) return r < 0.2 ? 0 : r < 0.7 ? 1 : r < 0.9 ? 2 : 3;
  return r < 0.6 ? 0 : 1;
}

export function photoCount(seed: number, index: number): number {
  if (index === TEST_PIZZERIA) return 7;
  const r = Rng.for(seed, index, 'photos').next();
  return r < 0.25 ? 0 : 1 + (Math.floor(r * 100) % 8);
}

/** Original pixel size and byte size of a photo, from its id alone (so menus and photos agree). */
export function photoDims(seed: number, photoId: number): { width: number; height: number; size: number } {
  const rng = Rng.for(seed, photoId, 'photo-dims');
  const [width, height] = rng.pick([
    [1600, 1200],
    [1200, 1600],
    [1024, 1024],
    [2048, 1365],
    [800, 600],
  ] as const);
  return { width, height, size: Math.round(width * height * (0.15 + rng.next() * 0.2)) };
}

export function imageUrl(origin: string, photoId: number, size?: { width: number; height: number }): string {
  const base = `${origin}/publisher/images/${photoId}`;
  return size ? `${base}?w=${size.width}&h=${size.height}` : base;
}

/** Keeps the aspect ratio and never enlarges: the largest size within both maxima. */
export function fitSize(width: number, height: number, maxWidth?: number, maxHeight?: number): { width: number; height: number } {
  const scale = Math.min(1, maxWidth ? maxWidth / width : 1, maxHeight ? maxHeight / height : 1);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

const dateShape = (rng: Rng) => rng.int(0, 2) as PublisherDateShape;
/** Menu prices end in .00 or .50, as printed menus' do. */
const menuPrice = (value: number) => Math.round(value * 2) / 2;
const OTHER_CURRENCIES = ['EUR', 'GBP', 'CAD', 'USD'];
/** Menus that hold only drinks. */
const DRINK_MENUS: ReadonlySet<string> = new Set(['Drinks', 'Wine', 'Wine Shop']);

/** Ids are integers, except some section and item ids that are strings: the samples mix both (not on featured locations). */
const maybeString = (rng: Rng, id: number, clean: boolean): number | string => (!clean && rng.chance(0.15) ? String(id) : id);

const isDrinkSection = (section: Section) => section.dishes.every(([, kind]) => 'drink' in ITEM_KINDS[kind]);

/** What a section of one kind of item is called, and what it is called when the menu already has that name. */
const KIND_SECTIONS: Partial<Record<string, [name: string, underSameName: string]>> = {
  wine: ['Wine', 'By the glass and bottle'],
  beer: ['Beer', 'On tap'],
  cocktail: ['Cocktails', 'House cocktails'],
  soft: ['Soft drinks', 'Non-alcoholic'],
  coffee: ['Coffee', 'Espresso bar'],
  tea: ['Tea', 'Loose-leaf teas'],
  bottle: ['Bottles', 'By the bottle'],
  starter: ['Small plates', 'To share'],
  sandwich: ['Sandwiches', 'On bread'],
  deli: ['Deli counter', 'By weight'],
  raw: ['Oysters', 'On ice'],
  service: ['Services', 'What we offer'],
  hourly: ['By the hour', 'Hourly'],
  timed: ['Sessions', 'Appointments'],
  ticket: ['Tickets', 'Admission'],
  sized: ['By size', 'Sizes'],
  nightly: ['Stays', 'Per night'],
};

/**
 * The sections of one menu: the section of its name if there is one, its drinks for a drinks menu, else the food (and
 * the drinks on the first menu). A section is never named like its menu ("Drinks" in "Drinks" read twice): it is split
 * by kind of item and named by what it holds (Wine, Beer, Soft drinks).
 */
function sectionsOf(kitchen: Kitchen, menuName: string, first: boolean): readonly Section[] {
  const named = kitchen.sections.filter((section) => section.name === menuName);
  const sections = named.length
    ? named
    : DRINK_MENUS.has(menuName)
      ? kitchen.sections.filter(isDrinkSection)
      : kitchen.sections.filter((section) => first || !isDrinkSection(section));
  return sections.flatMap((section) => {
    if (section.name !== menuName) return [section];
    const kinds = [...new Set(section.dishes.map(([, kind]) => kind))];
    return kinds.map((kind) => {
      const label = kind[0]!.toUpperCase() + kind.slice(1);
      const [name, underSameName] = KIND_SECTIONS[kind] ?? [label, `${label} menu`];
      return { name: name === menuName ? underSameName : name, dishes: section.dishes.filter(([, k]) => k === kind) };
    });
  });
}

/** Menu descriptions that say something the menu's name does not ("Lunch at Nonna Rosa" under "Lunch" says nothing). */
const MENU_NOTES = [
  'Ask about today’s specials.',
  'Seasonal: it changes with the market.',
  'Large parties: please call ahead.',
  'Everything is made here, every day.',
];

/** An item's description: its ingredients; elsewhere than the featured places, sometimes none or a second line. */
function describe(rng: Rng, ingredients: string, clean: boolean): string {
  if (clean) return ingredients;
  const r = rng.next();
  if (r < 0.08) return '';
  if (r < 0.2) return `${ingredients}\nAsk us about allergens.`;
  return ingredients;
}

/**
 * The dietary flags a dish's ingredients allow, as the Publisher API's `attributes` object: both kinds the spec has, as
 * merchants mark them (some, not all: a dish is not marked every time its ingredients would allow it):
 * - "free of" and diet flags (vegan, vegetarian, gluten-free, dairy-free, egg-free, peanut-free, tree-nut-free,
 *   shellfish-free, soy-free, organic), each only where the ingredients agree;
 * - "contains" flags (dairy, egg, fish, shellfish, peanut, tree-nut, soy, wheat), each only where the ingredients have it.
 * `marks` is a stream of its own (per location and dish), so adding a flag changes no other drawn value (prices, photos).
 */
function dietaryAttributes(rng: Rng, marks: Rng, [name, kind, ingredients]: Dish): Record<string, boolean> {
  const attributes: Record<string, boolean> = {};
  const sold = ITEM_KINDS[kind];
  if ('drink' in sold || !('calories' in sold)) return attributes; // drinks and services carry no dietary flags
  const facts = dishFacts(name, ingredients, kind);
  if (facts.vegan) attributes.vegan = true;
  else if (facts.vegetarian) attributes.vegetarian = true;
  if (facts.glutenFree && rng.chance(0.5)) attributes['gluten-free'] = true;
  if (facts.spicy) attributes.spicy = true;
  if (facts.shellfish && rng.chance(0.5)) attributes.shellfish = true;
  if (facts.peanut && rng.chance(0.5)) attributes.peanut = true;
  if (facts.treeNut && rng.chance(0.5)) attributes['tree-nut'] = true;
  // [flag, whether the ingredients allow it, how often a merchant marks it then]
  const more: [string, boolean, number][] = [
    ['dairy', facts.dairy, 0.5],
    ['egg', facts.egg, 0.5],
    ['fish', facts.fish, 0.5],
    ['soy', facts.soy, 0.5],
    ['wheat', !facts.glutenFree, 0.3],
    ['dairy-free', !facts.dairy, 0.35],
    ['egg-free', !facts.egg, 0.15],
    ['peanut-free', !facts.peanut, 0.2],
    ['tree-nut-free', !facts.treeNut, 0.15],
    ['shellfish-free', !facts.shellfish, 0.1],
    ['soy-free', !facts.soy, 0.05],
    ['organic', true, 0.05],
  ];
  for (const [flag, allowed, often] of more) if (marks.chance(often) && allowed) attributes[flag] = true;
  return attributes;
}

export function deriveMenus(loc: LocationRecord, seed: number, food: boolean, photos: number, origin: string): PublisherMenu[] {
  const count = menuCount(seed, loc.index, food);
  const clean = loc.index < FEATURED_LOCATIONS;
  const kitchen: Kitchen = KITCHENS[kitchenOf(loc.businessType, loc.cuisines, food)];
  const menus: PublisherMenu[] = [];
  let itemPhotos = 0;
  const drawn = new Set(Rng.for(seed, loc.index, 'menu-names').sample(kitchen.menus, Math.min(count, kitchen.menus.length)));
  const names = kitchen.menus.filter((name) => drawn.has(name)); // the kitchen's order: the main menu first
  for (let m = 0; m < names.length; m++) {
    const menuId = loc.index * 10 + m + 1;
    const rng = Rng.for(seed, menuId, 'menu');
    const currency = !clean && rng.chance(0.1) ? rng.pick(OTHER_CURRENCIES) : loc.city.currency;
    const sections = sectionsOf(kitchen, names[m]!, m === 0).map((section, s) => {
      const sectionId = menuId * 100 + s + 1;
      const picked = new Set(rng.sample(section.dishes, rng.int(Math.min(3, section.dishes.length), Math.min(6, section.dishes.length))));
      const items = section.dishes
        .filter((dish) => picked.has(dish))
        .map((dish, k) => {
          const [name, kindName, ingredients] = dish;
          const kind: ItemKind = ITEM_KINDS[kindName];
          const itemId = sectionId * 100 + k + 1;
          // One price per dish per place, whichever of its menus lists it (a drink on the dinner and the drinks menu).
          const priced = Rng.for(seed, loc.index, `price ${name}`);
          rng.next(); // (drawn here once; the later draws keep their values)
          const base = menuPrice(kind.price[0] + priced.next() * (kind.price[1] - kind.price[0]));
          const ranged = !kind.drink && priced.chance(0.06);
          rng.next();
          const calories = kind.calories && rng.chance(0.7) ? rng.int(kind.calories[0], kind.calories[1]) : null;
          const choices = kind.choices.map(([label, factor], c): PublisherChoice => {
            const min = menuPrice(base * factor);
            const kcal = calories === null ? null : Math.round(calories * factor);
            return {
              name: label,
              unit: kind.unit,
              order_num: c + 1,
              prices: { min, max: ranged ? menuPrice(min * 1.3) : min },
              // Empty strings when absent, as in the samples.
              calories: kcal === null ? { min: '', max: '' } : { min: kcal, max: ranged ? kcal + 150 : kcal },
            };
          });
          const additions =
            kind.additions && rng.chance(0.35)
              ? rng.sample(kind.additions, rng.int(1, Math.min(2, kind.additions.length))).map((label, a) => {
                  const price = menuPrice(1 + rng.next() * 3);
                  return { name: label, unit: '', order_num: a + 1, prices: { min: price, max: price } };
                })
              : [];
          const itemPhotoList: PublisherItemPhoto[] = [];
          if (photos > 0 && itemPhotos < PHOTO_SLOTS - ITEM_PHOTO_SLOT && rng.chance(0.2)) {
            const photoId = loc.index * PHOTO_SLOTS + ITEM_PHOTO_SLOT + itemPhotos + 1;
            itemPhotos++;
            itemPhotoList.push({ title: name, type: 'item', url: imageUrl(origin, photoId), source: 'platform', photo_id: String(photoId) });
          }
          return {
            id: maybeString(rng, itemId, clean),
            name,
            description: describe(rng, ingredients, clean),
            order_num: k + 1,
            photos: itemPhotoList,
            choices,
            additions,
            attributes: dietaryAttributes(rng, Rng.for(seed, loc.index, `marks ${name}`), dish),
          };
        });
      return { id: maybeString(rng, sectionId, clean), name: section.name, description: '', order_num: s + 1, items };
    });
    const dates = Rng.for(seed, menuId, 'menu-dates');
    menus.push({
      id: menuId,
      location_id: loc.id,
      name: names[m],
      description: rng.chance(0.5) && food ? rng.pick(MENU_NOTES) : '',
      menu_type: food ? 'Menu' : 'Listing',
      footnote: food && rng.chance(0.5) ? 'Consuming raw or undercooked meats may increase your risk of foodborne illness.\nPrices exclude tax.' : '',
      order_num: m + 1,
      currency,
      created: publisherDateTime(loc.createdMs, dateShape(dates), loc.city.utcOffset),
      updated: publisherDateTime(loc.updatedMs, dateShape(dates), loc.city.utcOffset),
      // The plain URL is http; the secure variant differs and still loads from the sandbox itself.
      attribution_image: `${origin.replace(/^https:/, 'http:')}/publisher/images/attribution.svg`,
      attribution_image_link: `http://menus.sandbox.example/${loc.id}`,
      secure_attribution_image: `${origin}/publisher/images/attribution.svg?secure=1`,
      secure_attribution_image_link: `https://menus.sandbox.example/${loc.id}`,
      sections,
    });
  }
  return menus;
}

const PHOTO_TYPES_DRAWN = ['interior', 'exterior', 'logo', 'unclassified', 'Interior', 'Exterior', 'interior', 'exterior'];
/** Titles by type; a location never uses one twice (a gallery of two "Dining room"s is one picture twice). */
const PHOTO_TITLES: Record<string, string[]> = {
  interior: ['Dining room', 'Bar seating', 'Front counter', 'Window tables', 'Back room', 'Open kitchen', 'Private dining room'],
  exterior: ['Storefront', 'Patio', 'Street view', 'Entrance', 'Sidewalk tables', 'Terrace', 'Front window'],
  logo: ['Logo', 'Sign', 'Emblem'],
  unclassified: ['Our team', 'Private event', 'Behind the counter', 'Tasting night', 'Cooking class', 'Opening day', 'Staff meal'],
};

/** Location photos (one main image) followed by the menu item photos, tagged with their item ids. */
export function derivePhotos(loc: LocationRecord, seed: number, menus: PublisherMenu[], origin: string): PublisherPhoto[] {
  const count = photoCount(seed, loc.index);
  if (count === 0) return [];
  const rng = Rng.for(seed, loc.index, 'photo-list');
  const clean = loc.index < FEATURED_LOCATIONS;
  const mainAt = rng.int(0, count - 1);
  const photos: PublisherPhoto[] = [];
  const make = (photoId: number, type: string, title: string, items: number[]) => {
    const dims = photoDims(seed, photoId);
    photos.push({
      location_id: loc.id,
      photo_id: String(photoId), // documented integer, a string in the samples
      title,
      type,
      url: imageUrl(origin, photoId),
      original_height: dims.height,
      original_width: dims.width,
      size: dims.size,
      source: clean || rng.chance(0.7) ? 'platform' : 'Mobile',
      main_image: false,
      items,
    });
  };
  const used = new Set<string>();
  for (let k = 0; k < count; k++) {
    const type =
      loc.index === TEST_PIZZERIA
        ? ['exterior', 'interior', 'logo', 'interior', 'exterior', 'interior', 'unclassified'][k]!
        : clean
          ? rng.pick(PHOTO_TYPES_DRAWN).toLowerCase()
          : rng.pick(PHOTO_TYPES_DRAWN);
    const titles = PHOTO_TITLES[type.toLowerCase()]!;
    const start = Math.floor(rng.next() * titles.length);
    const title = [...titles.slice(start), ...titles.slice(0, start)].find((t) => !used.has(t)) ?? `${titles[start]} ${k + 1}`;
    used.add(title);
    make(loc.index * PHOTO_SLOTS + k + 1, type, title, []);
  }
  photos[mainAt]!.main_image = true;
  for (const menu of menus) {
    for (const section of menu.sections) {
      for (const item of section.items) {
        for (const photo of item.photos) {
          // Item photos are typed item, Item or Product: all three appear upstream.
          const type = clean ? 'item' : rng.pick(['item', 'item', 'Item', 'Product']);
          make(Number(photo.photo_id), type, photo.title, [Number(item.id)]);
        }
      }
    }
  }
  return photos;
}
