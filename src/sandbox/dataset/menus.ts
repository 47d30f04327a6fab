/** Menus and photos of a location, derived on demand in the Publisher API's shape (quirks included). */
import { DIETARY_FLAGS } from '../../contract/index.ts';
import { Rng } from './random.ts';
import { publisherDateTime, type PublisherDateShape } from './time.ts';
import { TEST_PIZZERIA } from './draws.ts';
import { ADDITIONS, CHOICE_LABELS, DISH_WORDS, SECTION_NAMES, UNITS } from './vocabulary.ts';
import type { LocationRecord } from './location.ts';

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
  return r < 0.25 ? 0 : 1 + Math.floor(r * 100) % 8;
}

/** Original pixel size and byte size of a photo, from its id alone (so menus and photos agree). */
export function photoDims(seed: number, photoId: number): { width: number; height: number; size: number } {
  const rng = Rng.for(seed, photoId, 'photo-dims');
  const [width, height] = rng.pick([[1600, 1200], [1200, 1600], [1024, 1024], [2048, 1365], [800, 600]] as const);
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
const money = (value: number) => Math.round(value * 100) / 100;

const MENU_NAMES = { food: ['Dinner', 'Lunch', 'Brunch', 'Drinks', 'Happy Hour'], listing: ['Services', 'Price List'] };
const OTHER_CURRENCIES = ['EUR', 'GBP', 'CAD', 'USD'];

function itemName(rng: Rng, section: string): string {
  if (section === 'Beverages') return rng.pick(DISH_WORDS.drinks);
  if (section === 'Desserts') return rng.pick(DISH_WORDS.desserts);
  if (section === 'Services' || section === 'Packages' || section === 'Memberships' || section === 'Add-ons') {
    return `${rng.pick(['Signature', 'Express', 'Premium', 'Basic'])} ${rng.pick(DISH_WORDS.services)}`;
  }
  return `${rng.pick(DISH_WORDS.adjectives)} ${rng.pick(DISH_WORDS.nouns)} ${rng.pick(DISH_WORDS.forms)}`;
}

/** Ids are integers, except some section and item ids that are strings: the samples mix both. */
const maybeString = (rng: Rng, id: number): number | string => (rng.chance(0.15) ? String(id) : id);

export function deriveMenus(loc: LocationRecord, seed: number, food: boolean, photos: number, origin: string): Array<Record<string, any>> {
  const count = menuCount(seed, loc.index, food);
  const menus: Array<Record<string, any>> = [];
  let itemPhotos = 0;
  const names = Rng.for(seed, loc.index, 'menu-names').sample(food ? MENU_NAMES.food : MENU_NAMES.listing, count);
  for (let m = 0; m < names.length; m++) {
    const menuId = loc.index * 10 + m + 1;
    const rng = Rng.for(seed, menuId, 'menu');
    const currency = rng.chance(0.1) ? rng.pick(OTHER_CURRENCIES) : loc.city.currency;
    const pool = food ? SECTION_NAMES.food : SECTION_NAMES.listing;
    const picked = new Set(rng.sample(pool, rng.int(Math.min(3, pool.length), Math.min(6, pool.length))));
    if (food && (rng.chance(0.7) || loc.index === TEST_PIZZERIA)) picked.add('Entrees');
    const sectionNames = pool.filter((name) => picked.has(name)); // menu order, not draw order
    const sections = sectionNames.map((sectionName, s) => {
      const sectionId = menuId * 100 + s + 1;
      const itemTotal = rng.int(2, 9);
      const items = Array.from({ length: itemTotal }, (_, k) => {
        const itemId = sectionId * 100 + k + 1;
        const name = itemName(rng, sectionName);
        const ranged = rng.chance(0.15);
        const base = money(food ? 3 + rng.next() * 30 : 20 + rng.next() * 150);
        const choices = Array.from({ length: rng.int(1, 3) }, (_, c) => {
          const min = money(base * (1 + c * 0.4));
          const noCalories = !food || rng.chance(0.3);
          const calories = rng.int(80, 1200);
          return {
            name: rng.chance(0.3) ? '' : rng.pick(CHOICE_LABELS),
            unit: rng.pick(UNITS),
            order_num: c + 1,
            prices: { min, max: ranged ? money(min * 1.5) : min },
            // Empty strings when absent, as in the samples.
            calories: noCalories ? { min: '', max: '' } : { min: calories, max: ranged ? calories + 150 : calories },
          };
        });
        const additions = food && rng.chance(0.3)
          ? rng.sample(ADDITIONS, rng.int(1, 3)).map((label, a) => {
              const price = money(0.5 + rng.next() * 3);
              return { name: label, unit: '', order_num: a + 1, prices: { min: price, max: rng.chance(0.2) ? money(price + 1) : price } };
            })
          : [];
        const attributes: Record<string, boolean> = {};
        if (food && rng.chance(0.4)) for (const flag of rng.sample(DIETARY_FLAGS, rng.int(1, 3))) attributes[flag] = true;
        const itemPhotoList: Array<Record<string, string>> = [];
        if (photos > 0 && itemPhotos < PHOTO_SLOTS - ITEM_PHOTO_SLOT && rng.chance(0.2)) {
          const photoId = loc.index * PHOTO_SLOTS + ITEM_PHOTO_SLOT + itemPhotos + 1;
          itemPhotos++;
          itemPhotoList.push({ title: name, type: 'item', url: imageUrl(origin, photoId), source: 'platform', photo_id: String(photoId) });
        }
        return {
          id: maybeString(rng, itemId),
          name,
          description: rng.chance(0.2) ? '' : rng.chance(0.4) ? `${name}, made to order.\nAsk your server about today's version.` : `${name}, made to order.`,
          order_num: k + 1,
          photos: itemPhotoList,
          choices,
          additions,
          attributes,
        };
      });
      return { id: maybeString(rng, sectionId), name: sectionName, description: rng.chance(0.3) ? `Our ${sectionName.toLowerCase()}.` : '', order_num: s + 1, items };
    });
    const dates = Rng.for(seed, menuId, 'menu-dates');
    menus.push({
      id: menuId,
      location_id: loc.id,
      name: names[m],
      description: rng.chance(0.5) ? `${names[m]} at ${loc.name}` : '',
      menu_type: food ? 'Menu' : 'Listing',
      footnote: rng.chance(0.5) ? 'Consuming raw or undercooked meats may increase your risk of foodborne illness.\nPrices exclude tax.' : '',
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
const PHOTO_TITLES: Record<string, string[]> = {
  interior: ['Dining room', 'Bar seating', 'Front counter'],
  exterior: ['Storefront', 'Patio', 'Street view'],
  logo: ['Logo'],
  unclassified: ['Photo', 'Team', 'Event'],
};

/** Location photos (one main image) followed by the menu item photos, tagged with their item ids. */
export function derivePhotos(loc: LocationRecord, seed: number, menus: Array<Record<string, any>>, origin: string): Array<Record<string, any>> {
  const count = photoCount(seed, loc.index);
  if (count === 0) return [];
  const rng = Rng.for(seed, loc.index, 'photo-list');
  const mainAt = rng.int(0, count - 1);
  const photos: Array<Record<string, any>> = [];
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
      source: rng.chance(0.7) ? 'platform' : 'Mobile',
      main_image: false,
      items,
    });
  };
  for (let k = 0; k < count; k++) {
    const type = loc.index === TEST_PIZZERIA
      ? ['exterior', 'interior', 'logo', 'unclassified', 'Interior', 'Exterior', 'interior'][k]!
      : rng.pick(PHOTO_TYPES_DRAWN);
    make(loc.index * PHOTO_SLOTS + k + 1, type, rng.pick(PHOTO_TITLES[type.toLowerCase()]!), []);
  }
  photos[mainAt]!.main_image = true;
  for (const menu of menus) {
    for (const section of menu.sections) {
      for (const item of section.items) {
        for (const photo of item.photos) {
          // Item photos are typed item, Item or Product: all three appear upstream.
          const type = rng.pick(['item', 'item', 'Item', 'Product']);
          make(Number(photo.photo_id), type, photo.title, [Number(item.id)]);
        }
      }
    }
  }
  return photos;
}
