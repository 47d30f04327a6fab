/**
 * The widget contract's shapes, declared once as JSON Schemas (TypeBox). The TypeScript types in ./index.ts are
 * derived from them (`Static<typeof …>`), and the OpenAPI document (src/gateway/openapi.ts) publishes them as its
 * components: what the elements are typed with and what /v1/openapi.json promises cannot drift apart.
 *
 * Server-only at run time: the browser imports ./index.ts, which imports this file as types only, so no TypeBox
 * code reaches a browser bundle. Every object is closed (`additionalProperties: false`): an answer with a field
 * the contract does not name fails the OpenAPI test (test/node/contract-openapi.test.ts).
 */
// The type builders alone (typebox/type, about 8 KB minified): the gateway's edge bundles carry the schemas too.
import * as Type from 'typebox/type';
import type { TProperties, TSchema, TSchemaOptions } from 'typebox/type';
import { ACTION_TYPES, DIETARY_FLAGS, PAGE_PARTS, PHOTO_TYPES, WEEKDAYS, type Weekday } from './lists.ts';

/** A closed object: every property required unless wrapped in Type.Optional, no others allowed. */
const closed = <P extends TProperties>(properties: P, options: TSchemaOptions = {}) => Type.Object(properties, { additionalProperties: false, ...options });
const orNull = <S extends TSchema>(schema: S, options: TSchemaOptions = {}) => Type.Union([schema, Type.Null()], options);
const text = orNull(Type.String());
const flag = orNull(Type.Boolean());
/** ISO 8601 date-time with a numeric offset or Z, e.g. `2024-03-01T12:30:00.000Z`; `null` when unknown. */
const dateTime = orNull(Type.String({ format: 'date-time' }));
const url = Type.String({ format: 'uri' });
const urlOrNull = orNull(url);
/** One of these strings. */
const oneOf = <const V extends readonly string[]>(values: V) => Type.Unsafe<V[number]>({ type: 'string', enum: [...values] });

/** Every error, from the upstream or the gateway. */
export const ErrorResource = closed({
  /** Short machine name, e.g. `LOCATION_DOES_NOT_EXIST`, `INVALID_PARAMETER`, `UPSTREAM_TIMEOUT`. */
  error: Type.String(),
  /** A sentence a person can act on. */
  message: Type.String(),
  status_code: Type.Integer(),
});

// ---------------------------------------------------------------------------------------------
// Hours

const clock = Type.String({ pattern: '^\\d{2}:\\d{2}$' });

/** One opening period, in the merchant's local time, 24-hour `HH:mm`. */
export const Period = closed({
  open: clock,
  /** `24:00` for midnight at the end of the day; earlier than `open` when the period runs past midnight. */
  close: clock,
  description: text,
});

const periods = Type.Array(Period);
export const OpeningHours = closed({
  /** An empty array means closed that day. */
  days: closed(Object.fromEntries(WEEKDAYS.map((day) => [day, periods])) as { [D in Weekday]: typeof periods }),
  /** Free text lines from the merchant, e.g. "Closed on Christmas Day". */
  holidaySchedule: Type.Array(Type.String()),
});

// ---------------------------------------------------------------------------------------------
// Locations

export const Address = closed({
  line1: text,
  line2: text,
  city: text,
  region: text,
  postalCode: text,
  country: text,
  crossStreet: text,
  neighborhood: text,
  directions: text,
});

export const Coordinates = closed({ latitude: Type.Number(), longitude: Type.Number() });

export const LocationAttributes = closed({
  takeOut: flag,
  dineIn: flag,
  delivery: flag,
  driveThru: flag,
  reservations: flag,
  catering: flag,
  wheelchairAccess: flag,
  /** One of None, Full Bar, Beer/Wine, BYOB. */
  alcohol: text,
  /** Free text, as the upstream gives it (documented as boolean, a string in practice). */
  averagePrice: text,
  /** 1 (relatively inexpensive) to 5 (relatively expensive). */
  priceRating: orNull(Type.Integer({ minimum: 1, maximum: 5 })),
  mealsServed: Type.Array(Type.String()),
  paymentTypes: Type.Array(Type.String()),
});

/** What the Actions API embeds with every action: enough to show and filter a nearby result. */
const locationSummaryFields = {
  id: Type.String(),
  name: Type.String(),
  phone: text,
  address: Address,
  coordinates: orNull(Coordinates),
  businessType: text,
  cuisines: Type.Array(Type.String()),
  ownerVerified: Type.Boolean(),
  createdAt: dateTime,
  updatedAt: dateTime,
};
export const LocationSummary = closed(locationSummaryFields);

/** Where a location's time zone came from: the upstream's own field, or the gateway's lookup from coordinates. */
export const TimeZoneSource = oneOf(['upstream', 'inferred']);

/** The full location, from the Publisher API: the summary's fields and its own, in one closed object. */
export const Location = closed({
  ...locationSummaryFields,
  numericId: text,
  description: text,
  email: text,
  website: urlOrNull,
  /**
   * IANA time zone name (e.g. `America/New_York`): mapped from the upstream's abbreviation, else (the upstream's is
   * empty or unknown) inferred by the gateway from the coordinates. `null` only without either.
   */
  timeZone: orNull(Type.String({ description: "IANA time zone name: mapped from the upstream's abbreviation, else inferred from the coordinates" })),
  /** `upstream` or `inferred` (see timeZone); `null` when there is no zone. */
  timeZoneSource: orNull(TimeZoneSource, { description: 'Where timeZone came from; null when there is no zone' }),
  /** `null` when the merchant published no hours. */
  hours: orNull(OpeningHours),
  attributes: LocationAttributes,
  hasMenus: flag,
  hasPhotos: flag,
  publishedAt: dateTime,
});

// ---------------------------------------------------------------------------------------------
// Menus

/** A price or a calorie count; `min === max` when there is no range. `null` on a choice's price means market price. */
export const Range = closed({ min: Type.Number(), max: Type.Number() });

export const Choice = closed({
  /** Label shown before the price, e.g. "Large". */
  name: text,
  /** Shown after the price, e.g. "per lb". */
  unit: text,
  order: Type.Number(),
  price: orNull(Range),
  calories: orNull(Range),
});

export const Addition = closed({ name: text, unit: text, order: Type.Number(), price: orNull(Range) });

export const ItemPhoto = closed({ id: text, title: text, url });

export const DietaryFlag = oneOf(DIETARY_FLAGS);

export const MenuItem = closed({
  id: Type.String(),
  name: Type.String(),
  /** May hold line breaks; render as text with `white-space: pre-line`. */
  description: text,
  order: Type.Number(),
  photos: Type.Array(ItemPhoto),
  choices: Type.Array(Choice),
  additions: Type.Array(Addition),
  /** Only the flags the merchant marked true, in DIETARY_FLAGS order. */
  dietary: Type.Array(DietaryFlag),
});

export const MenuSection = closed({ id: Type.String(), name: Type.String(), description: text, order: Type.Number(), items: Type.Array(MenuItem) });

export const Attribution = closed({
  /** The attribution image; it must be shown under every menu. https where the upstream has a secure variant. */
  image: url,
  /** Where the attribution image links. https where available. */
  link: urlOrNull,
});

export const Menu = closed({
  id: Type.String(),
  locationId: Type.String(),
  name: Type.String(),
  description: text,
  /** `menu` (food items) or `listing` (products or services). */
  type: oneOf(['menu', 'listing']),
  footnote: text,
  order: Type.Number(),
  /** ISO 4217 code, e.g. `USD`. */
  currency: Type.String(),
  createdAt: dateTime,
  updatedAt: dateTime,
  attribution: Attribution,
  sections: Type.Array(MenuSection),
});

// ---------------------------------------------------------------------------------------------
// Photos

export const PhotoType = oneOf(PHOTO_TYPES);

export const PhotoVariant = closed({ width: Type.Integer(), height: Type.Integer(), url });

export const Photo = closed({
  id: Type.String(),
  locationId: Type.String(),
  title: text,
  type: PhotoType,
  /** At the size requested (or the original when no size was asked). */
  url,
  width: orNull(Type.Integer()),
  height: orNull(Type.Integer()),
  /** Smaller renditions for `srcset`, ascending by width, aspect ratio kept. */
  variants: Type.Array(PhotoVariant),
  source: orNull(oneOf(['platform', 'mobile'])),
  main: Type.Boolean(),
  /** Menu item ids the photo is tagged to. */
  itemIds: Type.Array(Type.String()),
});

// ---------------------------------------------------------------------------------------------
// Actions

export const ActionType = oneOf(ACTION_TYPES);

export const ActionAttributes = closed({
  category: text,
  description: text,
  /** Discount amount in the location's currency (the upstream says dollars). */
  discount: orNull(Type.Number()),
  /** 0 to 1. */
  discountPercentage: orNull(Type.Number()),
  expiration: dateTime,
  imageUrl: urlOrNull,
  title: text,
});

export const Action = closed({
  id: Type.String(),
  locationId: Type.String(),
  type: ActionType,
  url,
  /** The widget script of an embedded action; loaded only when the page opts in. */
  jsSource: urlOrNull,
  /** Suggested call-to-action text. */
  cta: text,
  /** URL of an icon for the call to action. */
  ctaAsset: urlOrNull,
  attributes: orNull(ActionAttributes),
});

export const NearbyResult = closed({
  action: Action,
  location: LocationSummary,
  /** Metres from the search centre. */
  distance: Type.Number({ description: 'metres' }),
});

// ---------------------------------------------------------------------------------------------
// Responses of /v1

export const LocationResponse = closed({ location: Location });
export const MenusResponse = closed({ menus: Type.Array(Menu) });
export const PhotosResponse = closed({ photos: Type.Array(Photo) });

/** `nearby` when the location has none and `nearby=true` asked for actions around it instead. */
export const ActionsSource = oneOf(['location', 'nearby']);
export const ActionsResponse = closed({ actions: Type.Array(Action), source: ActionsSource });

export const NearbyResponse = closed({ results: Type.Array(NearbyResult) });

export const PagePart = oneOf(PAGE_PARTS);

/**
 * Everything one page needs for one location, in one request. A part that failed upstream is absent
 * and its error is in `errors`, so one broken resource does not blank the others.
 */
export const PageResponse = closed({
  location: Type.Optional(Location),
  menus: Type.Optional(Type.Array(Menu)),
  photos: Type.Optional(Type.Array(Photo)),
  actions: Type.Optional(Type.Array(Action)),
  actionsSource: Type.Optional(ActionsSource),
  errors: Type.Optional(
    closed(
      Object.fromEntries(PAGE_PARTS.map((part) => [part, Type.Optional(ErrorResource)])) as {
        [P in (typeof PAGE_PARTS)[number]]: ReturnType<typeof Type.Optional<typeof ErrorResource>>;
      },
    ),
  ),
});

/** GET /v1/origin-check: whether the gateway allows `origin` (its CORS allow-list). */
export const OriginCheckResponse = closed({ origin: Type.String(), allowed: Type.Boolean() });
// ---------------------------------------------------------------------------------------------
// Directory (GET /v1/directory; the rules of matching and order are in ./directory.ts)

/** One location found: enough to recognise it and to know what its elements will show. */
export const DirectoryEntry = closed({
  id: Type.String(),
  name: Type.String(),
  /** The address's first line. */
  address: text,
  city: text,
  region: text,
  businessType: text,
  cuisines: Type.Array(Type.String()),
  /** As the upstream says; `null` when it does not say. */
  hasMenus: flag,
  hasPhotos: flag,
  /** Listed by the Actions API's /locations/ (or found with actions since). */
  hasActions: Type.Boolean(),
  /** Metres from the point searched near; `null` without a point. */
  distance: orNull(Type.Integer({ minimum: 0 })),
});

export const DirectoryResponse = closed({
  results: Type.Array(DirectoryEntry),
  /** Every match, not only this page's. */
  total: Type.Integer({ minimum: 0 }),
  /** The cursor of the next page; `null` on the last. */
  next: orNull(Type.String()),
});

/**
 * 503 while the directory is first built from the upstream's feeds: the error resource, and how far the build is.
 * Sent with Retry-After.
 */
export const DirectoryBuilding = closed({
  error: Type.Literal('DIRECTORY_BUILDING'),
  message: Type.String(),
  status_code: Type.Literal(503),
  progress: closed({
    /** Locations read from the feeds so far. */
    read: Type.Integer({ minimum: 0 }),
    /** About how many there are in all (from how far through the feed's time span the build is); `null` until known. */
    estimatedTotal: orNull(Type.Integer({ minimum: 0 })),
  }),
});

/**
 * The shapes the OpenAPI document names as components, by name: a schema found inside another is published as a
 * `$ref` to its component. The order is the document's.
 */
export const COMPONENTS = {
  Error: ErrorResource,
  Period,
  OpeningHours,
  Address,
  Coordinates,
  LocationAttributes,
  LocationSummary,
  Location,
  Range,
  Choice,
  Addition,
  MenuItem,
  MenuSection,
  Menu,
  Photo,
  Action,
  NearbyResult,
  LocationResponse,
  MenusResponse,
  PhotosResponse,
  ActionsResponse,
  NearbyResponse,
  PageResponse,
  OriginCheckResponse,
  DirectoryEntry,
  DirectoryResponse,
  DirectoryBuilding,
} as const;
