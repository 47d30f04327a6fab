/** The full record of one location, derived on demand from (seed, index) and the dataset's columns. */
import { BUSINESS_TYPES } from '../../contract/index.ts';
import type { PublisherLocationAttributes } from '../../upstream/shapes.ts';
import { Rng } from './random.ts';
import { TEST_PIZZERIA } from './draws.ts';
import {
  ALCOHOL,
  CITIES,
  CUISINES,
  FOOD_TYPES,
  GENERIC_NAME_PARTS,
  HOLIDAY_LINES,
  MEALS,
  NAME_PARTS,
  PAYMENT_TYPES,
  nearestArea,
  type City,
} from './vocabulary.ts';

/** Opening periods of one day in minutes after midnight; `close` below `open` runs past midnight. */
export type DayPeriods = Array<{ open: number; close: number; description: string }>;

export interface LocationRecord {
  index: number;
  id: string;
  numericId: number;
  name: string;
  businessType: string;
  cuisines: string[];
  ownerVerified: boolean;
  latitude: number;
  longitude: number;
  city: City;
  address1: string;
  address2: string;
  postalCode: string;
  crossStreet: string;
  neighborhood: string;
  directions: string;
  /** `ddd-ddd-dddd`, or '' when the merchant gave none. */
  phone: string;
  fax: string | null;
  email: string;
  website: string;
  description: string;
  /** PST, MST, CST, EST or ''. */
  timeZone: string;
  createdMs: number;
  updatedMs: number;
  publishedMs: number;
  /** Monday first. `null`: the merchant published no hours (an empty hours object upstream). */
  hours: DayPeriods[] | null;
  holidaySchedule: string[];
  attributes: PublisherLocationAttributes;
  foreignIds: Record<string, string>;
  hasMenus: boolean;
  hasPhotos: boolean;
  externalId: string;
  /** Set only by the sandbox's controls (a location closing); absent: in business. */
  outOfBusiness?: boolean;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Cuisines named after a place are adjectives ("Italian food"); the others are dishes ("pizza"). */
const PLACE_CUISINES = new Set([
  'American',
  'Italian',
  'Mexican',
  'Chinese',
  'Japanese',
  'Thai',
  'Indian',
  'French',
  'Mediterranean',
  'Greek',
  'Korean',
  'Vietnamese',
  'Middle Eastern',
  'Spanish',
  'Ethiopian',
  'Caribbean',
]);

/** "Italian food and pizza", "sushi and desserts", "seasonal food". */
function whatWeServe(cuisines: readonly string[]): string {
  const places = cuisines.filter((cuisine) => PLACE_CUISINES.has(cuisine));
  const dishes = cuisines.filter((cuisine) => !PLACE_CUISINES.has(cuisine)).map((cuisine) => cuisine.toLowerCase());
  const parts = [...(places.length ? [`${places.join(' and ')} food`] : []), ...dishes];
  return parts.length ? parts.join(' and ') : 'seasonal food';
}

/** Price bands by kind of place: a pizzeria or a bakery is $–$$, a steakhouse or a sushi bar $$$–$$$$$. */
const CHEAP = new Set(['Pizza', 'Burgers', 'Sandwiches', 'Cafe', 'Bakery', 'Breakfast', 'Desserts', 'Vietnamese', 'Ethiopian', 'Caribbean']);
const DEAR = new Set(['Steakhouse', 'Sushi', 'French', 'Seafood']);

/** 1 to 5 ($ to $$$$$: the spec's `price_rating` range), or 0 when the merchant gave none (one in ten). */
function drawPriceLevel(rng: Rng, businessType: string, cuisines: readonly string[]): number {
  const r = rng.next();
  if (r < 0.1) return 0;
  const [low, high] =
    ['Bakery', 'Coffee Shop', 'Food & Beverage Retail'].includes(businessType) || cuisines.some((c) => CHEAP.has(c))
      ? [1, 2]
      : cuisines.some((c) => DEAR.has(c))
        ? [3, 5]
        : [2, 3];
  return low + Math.floor(((r - 0.1) / 0.9) * (high - low + 1));
}

export function drawName(seed: number, index: number, businessType: number): string {
  // The showcase's restaurant (its id stays `test-pizzeria`, the published signature vector's).
  if (index === TEST_PIZZERIA) return 'Nonna Rosa Pizzeria';
  const rng = Rng.for(seed, index, 'name');
  const [first, second] = NAME_PARTS[BUSINESS_TYPES[businessType]!] ?? GENERIC_NAME_PARTS;
  return `${rng.pick(first)} ${rng.pick(second)}`;
}

/** `bella-pizzeria-nyc-0042`: readable, unique (the index is the suffix) and parseable back to the index. */
const slugs = new Map<string, string>(); // names are a few hundred combinations; ids are derived millions of times

export function makeId(name: string, city: City, index: number): string {
  if (index === TEST_PIZZERIA) return 'test-pizzeria';
  let slug = slugs.get(name);
  if (slug === undefined) slugs.set(name, (slug = slugify(name)));
  return `${slug}-${city.code}-${String(index).padStart(4, '0')}`;
}

/** The location index an id names, if its shape is right; the caller still checks the id really is that location. */
export function indexFromId(id: string): number | null {
  if (id === 'test-pizzeria') return TEST_PIZZERIA;
  const match = /-(\d{4,})$/.exec(id);
  return match ? Number(match[1]) : null;
}

const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');

function drawHours(rng: Rng, food: boolean): DayPeriods[] | null {
  const pattern = rng.int(0, 9);
  if (pattern === 0) return null; // no hours published
  const days: DayPeriods[] = [];
  const closedDay = pattern <= 3 ? rng.int(0, 6) : -1; // many places close one day a week
  for (let day = 0; day < 7; day++) {
    if (day === closedDay) {
      days.push([]);
    } else if (food && pattern % 3 === 1) {
      // split service: lunch, then dinner
      days.push([
        { open: 11 * 60 + 30, close: 14 * 60 + 30, description: 'Lunch' },
        { open: 17 * 60, close: day >= 4 ? 23 * 60 : 22 * 60, description: 'Dinner' },
      ]);
    } else if (food && pattern === 9) {
      // a bar or late kitchen: past midnight
      days.push([{ open: 18 * 60, close: day >= 4 ? 3 * 60 : 1 * 60, description: '' }]);
    } else if (pattern === 8 && day >= 5) {
      days.push([{ open: 10 * 60, close: 16 * 60, description: 'Weekend hours' }]);
    } else {
      days.push([{ open: food ? 11 * 60 : 9 * 60, close: food ? 22 * 60 : 18 * 60 + 30, description: '' }]);
    }
  }
  return days;
}

export interface LocationColumns {
  seed: number;
  latitude: Float64Array;
  longitude: Float64Array;
  city: Uint8Array;
  businessType: Uint8Array;
  ownerVerified: Uint8Array;
  cuisineBits: Uint32Array;
  updated: Float64Array;
}

export function deriveLocation(cols: LocationColumns, index: number, extra: { hasMenus: boolean; hasPhotos: boolean }): LocationRecord {
  const seed = cols.seed;
  const rng = Rng.for(seed, index, 'details');
  const typeIndex = cols.businessType[index]!;
  const businessType = BUSINESS_TYPES[typeIndex]!;
  const food = FOOD_TYPES.has(businessType);
  const city = CITIES[cols.city[index]!]!;
  const name = drawName(seed, index, typeIndex);
  const id = makeId(name, city, index);
  const cuisines = CUISINES.filter((_, bit) => (cols.cuisineBits[index]! >>> bit) & 1);
  // The neighbourhood is where the pin is; its streets and postcode make the address (see AREAS).
  const area = nearestArea(city.code, cols.latitude[index]!, cols.longitude[index]!);
  const street = rng.pick(area.streets);
  const crossStreet = rng.pick(area.streets.filter((s) => s !== street));
  rng.next(); // the neighbourhood was drawn here once; later draws keep their values
  const neighborhood = area.name;
  const phone = rng.chance(0.05) ? '' : `${rng.pick(city.areaCodes)}-${digits(rng, 3)}-${digits(rng, 4)}`.slice(0, 12);
  const fax = rng.chance(0.2) ? `${city.areaCodes[0]}-${digits(rng, 3)}-${digits(rng, 4)}`.slice(0, 12) : null;
  const updatedMs = cols.updated[index]!;
  const createdMs = Math.min(updatedMs, Date.UTC(2015, 0, 1) + rng.int(0, 8 * 365) * 86_400_000 + rng.int(0, 86_399) * 1000);
  const publishedMs = createdMs + rng.int(0, 30) * 86_400_000;
  const hours = drawHours(rng, food);
  const holidaySchedule = hours && rng.chance(0.5) ? rng.sample(HOLIDAY_LINES, rng.int(1, 2)) : [];
  const description = rng.chance(0.15)
    ? ''
    : `${name} is a ${businessType.toLowerCase()} in ${neighborhood}, ${city.name}.\n` +
      (food ? `We serve ${whatWeServe(cuisines)}.\n\n` : 'Friendly, local, independent.\n\n') +
      'Ask about our gift cards.';
  const priceLevel = drawPriceLevel(rng, businessType, cuisines);
  const attributes: PublisherLocationAttributes = {
    take_out: food ? rng.chance(0.8) : false,
    dine_in: food ? rng.chance(0.7) : false,
    alcohol: food ? rng.pick(ALCOHOL) : 'None',
    drive_thru: rng.chance(0.05),
    reservations: rng.chance(0.4),
    // Documented as boolean; the samples show a string (a price band), sometimes empty. It fits the kind of place.
    average_price: priceLevel ? '$'.repeat(priceLevel) : '',
    meals_served: food ? rng.sample(MEALS, rng.int(1, 3)) : [],
    // Documented as boolean; the samples show an empty string sometimes.
    wheelchair_access: rng.chance(0.2) ? '' : rng.chance(0.7),
    delivery: food ? rng.chance(0.5) : false,
    price_rating: String(priceLevel || rng.int(1, 5)),
    payment_types_accepted: rng.chance(0.1)
      ? ['Cash Only']
      : rng.sample(
          PAYMENT_TYPES.filter((p) => p !== 'Cash Only'),
          rng.int(1, 4),
        ),
    catering: food ? rng.chance(0.3) : false,
  };
  if (food) attributes.cuisine = cuisines;
  const foreignIds: Record<string, string> = {};
  if (rng.chance(0.7)) foreignIds.review_site_listing_id = `${slugify(name)}-${city.code}`;
  if (rng.chance(0.5)) foreignIds.social_page_id = digits(rng, 15);
  if (rng.chance(0.3)) foreignIds.check_in_app_listing_id = digits(rng, 8);
  if (food && rng.chance(0.3)) foreignIds.guide_web_listing_id = String(rng.int(1000, 999999));
  if (food && rng.chance(0.2)) foreignIds.guide_mobile_listing_id = String(rng.int(1000, 999999));
  if (food && rng.chance(0.3)) foreignIds.reservation_app_listing_id = String(rng.int(1000, 999999));
  return {
    index,
    id,
    numericId: 100_000 + index,
    name,
    businessType,
    cuisines,
    ownerVerified: cols.ownerVerified[index] === 1,
    latitude: cols.latitude[index]!,
    longitude: cols.longitude[index]!,
    city,
    address1: `${rng.int(1, 320)} ${street}`, // a few blocks of a neighbourhood street
    address2: rng.chance(0.25) ? `Suite ${rng.int(100, 900)}` : '',
    postalCode: rng.chance(0.03) ? '' : (rng.next(), area.postcode),
    crossStreet: rng.chance(0.6) ? crossStreet : '',
    neighborhood,
    directions: rng.chance(0.3) ? `Two blocks from the ${neighborhood} station.\nStreet parking after 6pm.` : '',
    phone,
    fax,
    email: rng.chance(0.8) ? `hello@${slugify(name)}.example.com` : '',
    website: rng.chance(0.85) ? `http://www.${slugify(name)}.example.com/` : '',
    description,
    timeZone: rng.chance(0.06) ? '' : city.timeZone,
    createdMs,
    updatedMs,
    publishedMs,
    hours,
    holidaySchedule,
    attributes,
    foreignIds,
    hasMenus: extra.hasMenus,
    hasPhotos: extra.hasPhotos,
    externalId: `ext-${city.code}-${100_000 + index}`,
  };
}
