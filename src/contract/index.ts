/**
 * The widget contract, version 1: what the gateway serves under /v1 and what the elements read.
 * One clean shape per resource; every upstream inconsistency is resolved by the gateway's normalizer.
 *
 * Conventions: camelCase fields (except the error resource, whose shape the upstream fixed);
 * ids are strings; datetimes are ISO 8601 with an offset; absent values are `null`, never '' or missing;
 * URLs are absolute http(s) URLs (https where a secure variant exists) or `null`.
 *
 * Shared by the gateway and the elements: types and small pure constants only, no runtime dependencies.
 */

export const CONTRACT_VERSION = 'v1';

/** ISO 8601 date-time with a numeric offset or Z, e.g. `2024-03-01T12:30:00.000Z`. */
export type IsoDateTime = string;

/** Every error, from the upstream or the gateway. */
export interface ErrorResource {
  /** Short machine name, e.g. `LOCATION_DOES_NOT_EXIST`, `INVALID_PARAMETER`, `UPSTREAM_TIMEOUT`. */
  error: string;
  /** A sentence a person can act on. */
  message: string;
  status_code: number;
}

// ---------------------------------------------------------------------------------------------
// Hours

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One opening period, in the merchant's local time, 24-hour `HH:mm`. */
export interface Period {
  open: string;
  /** `24:00` for midnight at the end of the day; earlier than `open` when the period runs past midnight. */
  close: string;
  description: string | null;
}

export interface OpeningHours {
  /** An empty array means closed that day. */
  days: Record<Weekday, Period[]>;
  /** Free text lines from the merchant, e.g. "Closed on Christmas Day". */
  holidaySchedule: string[];
}

// ---------------------------------------------------------------------------------------------
// Locations

export interface Address {
  line1: string | null;
  line2: string | null;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  country: string | null;
  crossStreet: string | null;
  neighborhood: string | null;
  directions: string | null;
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface LocationAttributes {
  takeOut: boolean | null;
  dineIn: boolean | null;
  delivery: boolean | null;
  driveThru: boolean | null;
  reservations: boolean | null;
  catering: boolean | null;
  wheelchairAccess: boolean | null;
  /** One of None, Full Bar, Beer/Wine, BYOB. */
  alcohol: string | null;
  /** Free text, as the upstream gives it (documented as boolean, a string in practice). */
  averagePrice: string | null;
  /** 1 (relatively inexpensive) to 5 (relatively expensive). */
  priceRating: number | null;
  mealsServed: string[];
  paymentTypes: string[];
}

/** What the Actions API embeds with every action: enough to show and filter a nearby result. */
export interface LocationSummary {
  id: string;
  name: string;
  phone: string | null;
  address: Address;
  coordinates: Coordinates | null;
  businessType: string | null;
  cuisines: string[];
  ownerVerified: boolean;
  createdAt: IsoDateTime | null;
  updatedAt: IsoDateTime | null;
}

/** Where a location's time zone came from: the upstream's own field, or the gateway's lookup from coordinates. */
export type TimeZoneSource = 'upstream' | 'inferred';

/** The full location, from the Publisher API. */
export interface Location extends LocationSummary {
  numericId: string | null;
  description: string | null;
  email: string | null;
  website: string | null;
  /**
   * IANA time zone name (e.g. `America/New_York`): mapped from the upstream's abbreviation, else (the upstream's is
   * empty or unknown) inferred by the gateway from the coordinates. `null` only without either.
   */
  timeZone: string | null;
  /** `upstream` or `inferred` (see timeZone); `null` when there is no zone. */
  timeZoneSource: TimeZoneSource | null;
  /** `null` when the merchant published no hours. */
  hours: OpeningHours | null;
  attributes: LocationAttributes;
  hasMenus: boolean | null;
  hasPhotos: boolean | null;
  publishedAt: IsoDateTime | null;
}

// ---------------------------------------------------------------------------------------------
// Menus

export const DIETARY_FLAGS = [
  'dairy', 'dairy-free', 'egg', 'egg-free', 'fish', 'fish-free', 'gluten-free', 'halal', 'kosher', 'organic',
  'peanut', 'peanut-free', 'shellfish', 'shellfish-free', 'soy', 'soy-free', 'spicy', 'tree-nut',
  'tree-nut-free', 'vegan', 'vegetarian', 'wheat',
] as const;
export type DietaryFlag = (typeof DIETARY_FLAGS)[number];

/** A price; `min === max` when there is no range. `null` on the choice means market price. */
export interface PriceRange {
  min: number;
  max: number;
}

export interface CalorieRange {
  min: number;
  max: number;
}

export interface Choice {
  /** Label shown before the price, e.g. "Large". */
  name: string | null;
  /** Shown after the price, e.g. "per lb". */
  unit: string | null;
  order: number;
  price: PriceRange | null;
  calories: CalorieRange | null;
}

export interface Addition {
  name: string | null;
  unit: string | null;
  order: number;
  price: PriceRange | null;
}

export interface ItemPhoto {
  id: string | null;
  title: string | null;
  url: string;
}

export interface MenuItem {
  id: string;
  name: string;
  /** May hold line breaks; render as text with `white-space: pre-line`. */
  description: string | null;
  order: number;
  photos: ItemPhoto[];
  choices: Choice[];
  additions: Addition[];
  /** Only the flags the merchant marked true, in DIETARY_FLAGS order. */
  dietary: DietaryFlag[];
}

export interface MenuSection {
  id: string;
  name: string;
  description: string | null;
  order: number;
  items: MenuItem[];
}

export interface Attribution {
  /** The attribution image; it must be shown under every menu. https where the upstream has a secure variant. */
  image: string;
  /** Where the attribution image links. https where available. */
  link: string | null;
}

export interface Menu {
  id: string;
  locationId: string;
  name: string;
  description: string | null;
  /** `menu` (food items) or `listing` (products or services). */
  type: 'menu' | 'listing';
  footnote: string | null;
  order: number;
  /** ISO 4217 code, e.g. `USD`. */
  currency: string;
  createdAt: IsoDateTime | null;
  updatedAt: IsoDateTime | null;
  attribution: Attribution;
  sections: MenuSection[];
}

export type MenuFormat = 'full' | 'short';

// ---------------------------------------------------------------------------------------------
// Photos

export const PHOTO_TYPES = ['interior', 'exterior', 'item', 'logo', 'unclassified'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

export interface PhotoVariant {
  width: number;
  height: number;
  url: string;
}

export interface Photo {
  id: string;
  locationId: string;
  title: string | null;
  type: PhotoType;
  /** At the size requested (or the original when no size was asked). */
  url: string;
  width: number | null;
  height: number | null;
  /** Smaller renditions for `srcset`, ascending by width, aspect ratio kept. */
  variants: PhotoVariant[];
  source: 'platform' | 'mobile' | null;
  main: boolean;
  /** Menu item ids the photo is tagged to. */
  itemIds: string[];
}

// ---------------------------------------------------------------------------------------------
// Actions

export const ACTION_TYPES = [
  'foodordering', 'deal', 'coupon', 'giftcard', 'discountgiftcard', 'discountcertificate',
  'foodreservation', 'booking', 'joinmailinglist', 'other',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** The Actions API's numeric id of a type: its position in ACTION_TYPES plus one. */
export function actionTypeId(type: ActionType): number {
  return ACTION_TYPES.indexOf(type) + 1;
}

/** Resolves a type given by name or numeric id; `null` when it is neither (the upstream then ignores it). */
export function parseActionType(value: string | null | undefined): ActionType | null {
  if (value == null) return null;
  const text = value.trim().toLowerCase();
  if ((ACTION_TYPES as readonly string[]).includes(text)) return text as ActionType;
  if (/^\d+$/.test(text)) return ACTION_TYPES[Number(text) - 1] ?? null;
  return null;
}

export interface ActionAttributes {
  category: string | null;
  description: string | null;
  /** Discount amount in the location's currency (the upstream says dollars). */
  discount: number | null;
  /** 0 to 1. */
  discountPercentage: number | null;
  expiration: IsoDateTime | null;
  imageUrl: string | null;
  title: string | null;
}

export interface Action {
  id: string;
  locationId: string;
  type: ActionType;
  url: string;
  /** The widget script of an embedded action; loaded only when the page opts in. */
  jsSource: string | null;
  /** Suggested call-to-action text. */
  cta: string | null;
  /** URL of an icon for the call to action. */
  ctaAsset: string | null;
  attributes: ActionAttributes | null;
}

export interface NearbyResult {
  action: Action;
  location: LocationSummary;
  /** Metres from the search centre. */
  distance: number;
}

export const BUSINESS_TYPES = [
  'Arts & Entertainment', 'Bakery', 'Bars & Clubs', 'Business & Professional Services', 'Coffee Shop',
  'Community & Government', 'Education', 'Food & Beverage Retail', 'Gas Station', 'Legal & Financial Services',
  'Medical Services', 'Non Food & Beverage Retail', 'Pet Services', 'Real Estate', 'Residential Services',
  'Restaurant', 'Spas & Salons', 'Sports & Recreation', 'Travel, Tourism & Lodging', 'Non-Profit',
] as const;

// ---------------------------------------------------------------------------------------------
// Responses of /v1

export interface LocationResponse {
  location: Location;
}

export interface MenusResponse {
  menus: Menu[];
}

export interface PhotosResponse {
  photos: Photo[];
}

export interface ActionsResponse {
  actions: Action[];
  /** `nearby` when the location has none and `nearby=true` asked for actions around it instead. */
  source: 'location' | 'nearby';
}

export interface NearbyResponse {
  results: NearbyResult[];
}

export const PAGE_PARTS = ['location', 'menus', 'photos', 'actions'] as const;
export type PagePart = (typeof PAGE_PARTS)[number];

/**
 * Everything one page needs for one location, in one request. A part that failed upstream is absent
 * and its error is in `errors`, so one broken resource does not blank the others.
 */
export interface PageResponse {
  location?: Location;
  menus?: Menu[];
  photos?: Photo[];
  actions?: Action[];
  actionsSource?: ActionsResponse['source'];
  errors?: Partial<Record<PagePart, ErrorResource>>;
}

/** Standard widths the gateway offers for photo `srcset`s (`variants`). */
export const PHOTO_VARIANT_WIDTHS = [320, 640, 1024] as const;
