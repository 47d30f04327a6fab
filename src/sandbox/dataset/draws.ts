/**
 * The few per-location values that the indexes need. Each comes from its own stream, so building a million
 * locations draws only these, and the on-demand derivation (location.ts) draws the same values again.
 */
import { ACTION_TYPES, BUSINESS_TYPES, type ActionType } from '../../contract/index.ts';
import { Rng } from './random.ts';
import { AREAS, CITIES, CUISINES, FOOD_TYPES } from './vocabulary.ts';

/** Location 0 is the published signature vector's `test-pizzeria`, so the vector works against the sandbox. */
export const TEST_PIZZERIA = 0;
/** An owner-verified location with actions, and one without: fixtures for the owner-verified rule. */
export const OWNER_VERIFIED = 1;
export const OWNER_VERIFIED_NO_ACTIONS = 2;
/**
 * Locations 0 to 7 are the ones the showcase, the CMS page and the configurator feature first: their data is clean
 * (no string ids, menus in the city's currency, lowercase photo types). The upstream's documented inconsistencies
 * are on every other location, where the gateway must still survive them.
 */
export const FEATURED_LOCATIONS = 8;

const TYPE_WEIGHTS = BUSINESS_TYPES.map((type) => (type === 'Restaurant' ? 14 : FOOD_TYPES.has(type) ? 3 : 1));
const TYPE_TOTAL = TYPE_WEIGHTS.reduce((a, b) => a + b, 0);
const CITY_TOTAL = CITIES.reduce((a, c) => a + c.weight, 0);

function weighted(rng: Rng, weights: readonly number[], total: number): number {
  let r = rng.next() * total;
  for (let i = 0; i < weights.length; i++) if ((r -= weights[i]!) < 0) return i;
  return weights.length - 1;
}

export interface Kind {
  businessType: number;
  ownerVerified: boolean;
  /** Bit i set: CUISINES[i]. Zero for non-food businesses. */
  cuisineBits: number;
}

export function drawKind(seed: number, index: number): Kind {
  const rng = Rng.for(seed, index, 'kind');
  let businessType = weighted(rng, TYPE_WEIGHTS, TYPE_TOTAL);
  const ownerVerified = rng.chance(0.12);
  if (index === TEST_PIZZERIA) businessType = BUSINESS_TYPES.indexOf('Restaurant');
  let cuisineBits = 0;
  if (FOOD_TYPES.has(BUSINESS_TYPES[businessType]!)) {
    const count = rng.int(1, 3);
    for (let i = 0; i < count; i++) cuisineBits |= 1 << rng.int(0, CUISINES.length - 1);
    if (index === TEST_PIZZERIA) cuisineBits = (1 << CUISINES.indexOf('Pizza')) | (1 << CUISINES.indexOf('Italian'));
  }
  // Fixtures at the start of every data set, so the owner-verified rules always have a case to test.
  const verified = index === TEST_PIZZERIA ? false : index === OWNER_VERIFIED || index === OWNER_VERIFIED_NO_ACTIONS ? true : ownerVerified;
  return { businessType, ownerVerified: verified, cuisineBits: cuisineBits >>> 0 };
}

export interface Geo {
  city: number;
  latitude: number;
  longitude: number;
}

export function drawGeo(seed: number, index: number): Geo {
  const rng = Rng.for(seed, index, 'geo');
  const city =
    index === TEST_PIZZERIA
      ? 0
      : weighted(
          rng,
          CITIES.map((c) => c.weight),
          CITY_TOTAL,
        );
  const c = CITIES[city]!;
  // A neighbourhood of the city (the showcase's is the first: Greenwich Village), then normal jitter around its
  // centre, a few blocks: dense centres, like real merchant data, and a pin that stays in the neighbourhood its
  // address names (location.ts takes the neighbourhood nearest the pin).
  const areas = AREAS[c.code]!;
  const a = index === TEST_PIZZERIA ? areas[0]! : rng.pick(areas);
  const spreadKm = 0.3;
  const dLat = (rng.normal() * spreadKm) / 111.32;
  const dLon = (rng.normal() * spreadKm) / (111.32 * Math.cos((a.latitude * Math.PI) / 180));
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return { city, latitude: round(a.latitude + dLat), longitude: round(a.longitude + dLon) };
}

const FOOD_ACTIONS: ActionType[] = ['foodordering', 'foodordering', 'foodreservation', 'deal', 'coupon', 'giftcard', 'discountgiftcard', 'joinmailinglist'];
const OTHER_ACTIONS: ActionType[] = ['booking', 'booking', 'giftcard', 'discountcertificate', 'deal', 'coupon', 'joinmailinglist', 'other'];

/**
 * The types of a location's actions, in rank order (the first is the top action). Empty for about one location
 * in six, which then appears in neither /locations/ nor a nearby result.
 */
export function drawActionTypes(seed: number, index: number, businessType: number): ActionType[] {
  const rng = Rng.for(seed, index, 'actions');
  if (index === TEST_PIZZERIA) return ['foodordering', 'deal', 'coupon', 'foodreservation'];
  const none = rng.chance(0.17);
  if (index === OWNER_VERIFIED_NO_ACTIONS || (none && index !== OWNER_VERIFIED)) return [];
  const pool = FOOD_TYPES_INDEXES.has(businessType) ? FOOD_ACTIONS : OTHER_ACTIONS;
  const count = rng.int(1, 4);
  const types: ActionType[] = [];
  for (let i = 0; i < count; i++) types.push(rng.chance(0.08) ? rng.pick(ACTION_TYPES) : rng.pick(pool));
  return types;
}

const FOOD_TYPES_INDEXES = new Set(BUSINESS_TYPES.flatMap((t, i) => (FOOD_TYPES.has(t) ? [i] : [])));

export function actionMask(types: readonly ActionType[]): number {
  let mask = 0;
  for (const type of types) mask |= 1 << ACTION_TYPES.indexOf(type);
  return mask;
}

/** Generated update times lie in this window; `touch` moves a location to the present. */
export const EPOCH_START = Date.UTC(2023, 0, 1);
export const EPOCH_END = Date.UTC(2025, 5, 1);

/**
 * Update time. Locations are updated in batches (imports), so many share one second exactly:
 * ties are common, and the tie-break by location_id matters.
 */
export function drawUpdated(seed: number, index: number, count: number): number {
  const batches = Math.max(1, Math.floor(count / 3));
  const batch = Rng.for(seed, index, 'updated').int(0, batches - 1);
  const seconds = Rng.for(seed, batch, 'batch-time').int(0, (EPOCH_END - EPOCH_START) / 1000);
  return EPOCH_START + seconds * 1000;
}
