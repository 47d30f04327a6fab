/**
 * The widget contract, version 1: what the gateway serves under /v1 and what the elements read.
 * One clean shape per resource; every upstream inconsistency is resolved by the gateway's normalizer.
 *
 * Conventions: camelCase fields (except the error resource, whose shape the upstream fixed);
 * ids are strings; datetimes are ISO 8601 with an offset; absent values are `null`, never '' or missing;
 * URLs are absolute http(s) URLs (https where a secure variant exists) or `null`.
 *
 * Shared by the gateway and the elements: types and small pure constants only, no runtime dependencies. The shapes
 * are declared once, as the JSON Schemas in ./schemas.ts that /v1/openapi.json publishes; the types here are derived
 * from them (imported as types only, so the schema library never reaches a browser bundle). Each field's notes are
 * in ./schemas.ts.
 */
import type { Static } from 'typebox';
import { ACTION_TYPES, type ActionType } from './lists.ts';
import type * as Schemas from './schemas.ts';

export { ACTION_TYPES, DIETARY_FLAGS, PAGE_PARTS, PHOTO_TYPES, WEEKDAYS } from './lists.ts';
export type { ActionType, DietaryFlag, PagePart, PhotoType, Weekday } from './lists.ts';

export const CONTRACT_VERSION = 'v1';

/** ISO 8601 date-time with a numeric offset or Z, e.g. `2024-03-01T12:30:00.000Z`. */
export type IsoDateTime = string;

/** Every error, from the upstream or the gateway. */
export type ErrorResource = Static<typeof Schemas.ErrorResource>;

// ---------------------------------------------------------------------------------------------
// Hours

/** One opening period, in the merchant's local time, 24-hour `HH:mm`. */
export type Period = Static<typeof Schemas.Period>;

export type OpeningHours = Static<typeof Schemas.OpeningHours>;

// ---------------------------------------------------------------------------------------------
// Locations

export type Address = Static<typeof Schemas.Address>;

export type Coordinates = Static<typeof Schemas.Coordinates>;

export type LocationAttributes = Static<typeof Schemas.LocationAttributes>;

/** What the Actions API embeds with every action: enough to show and filter a nearby result. */
export type LocationSummary = Static<typeof Schemas.LocationSummary>;

/** Where a location's time zone came from: the upstream's own field, or the gateway's lookup from coordinates. */
export type TimeZoneSource = Static<typeof Schemas.TimeZoneSource>;

/** The full location, from the Publisher API. */
export type Location = Static<typeof Schemas.Location>;

// ---------------------------------------------------------------------------------------------
// Menus

/** A price; `min === max` when there is no range. `null` on the choice means market price. */
export type PriceRange = Static<typeof Schemas.Range>;

export type CalorieRange = Static<typeof Schemas.Range>;

export type Choice = Static<typeof Schemas.Choice>;

export type Addition = Static<typeof Schemas.Addition>;

export type ItemPhoto = Static<typeof Schemas.ItemPhoto>;

export type MenuItem = Static<typeof Schemas.MenuItem>;

export type MenuSection = Static<typeof Schemas.MenuSection>;

export type Attribution = Static<typeof Schemas.Attribution>;

export type Menu = Static<typeof Schemas.Menu>;

export type MenuFormat = 'full' | 'short';

// ---------------------------------------------------------------------------------------------
// Photos

export type PhotoVariant = Static<typeof Schemas.PhotoVariant>;

export type Photo = Static<typeof Schemas.Photo>;

// ---------------------------------------------------------------------------------------------
// Actions

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

export type ActionAttributes = Static<typeof Schemas.ActionAttributes>;

export type Action = Static<typeof Schemas.Action>;

export type NearbyResult = Static<typeof Schemas.NearbyResult>;

export const BUSINESS_TYPES = [
  'Arts & Entertainment',
  'Bakery',
  'Bars & Clubs',
  'Business & Professional Services',
  'Coffee Shop',
  'Community & Government',
  'Education',
  'Food & Beverage Retail',
  'Gas Station',
  'Legal & Financial Services',
  'Medical Services',
  'Non Food & Beverage Retail',
  'Pet Services',
  'Real Estate',
  'Residential Services',
  'Restaurant',
  'Spas & Salons',
  'Sports & Recreation',
  'Travel, Tourism & Lodging',
  'Non-Profit',
] as const;

// ---------------------------------------------------------------------------------------------
// Responses of /v1

export type LocationResponse = Static<typeof Schemas.LocationResponse>;

export type MenusResponse = Static<typeof Schemas.MenusResponse>;

export type PhotosResponse = Static<typeof Schemas.PhotosResponse>;

export type ActionsResponse = Static<typeof Schemas.ActionsResponse>;

export type NearbyResponse = Static<typeof Schemas.NearbyResponse>;

/**
 * Everything one page needs for one location, in one request. A part that failed upstream is absent
 * and its error is in `errors`, so one broken resource does not blank the others.
 */
export type PageResponse = Static<typeof Schemas.PageResponse>;

/** GET /v1/origin-check: whether the gateway allows `origin` (its CORS allow-list). */
export type OriginCheckResponse = Static<typeof Schemas.OriginCheckResponse>;
/** One location found by `GET /v1/directory`, and its answer (rules: ./directory.ts). */
export type DirectoryEntry = Static<typeof Schemas.DirectoryEntry>;
export type DirectoryResponse = Static<typeof Schemas.DirectoryResponse>;
/** The 503 `GET /v1/directory` answers while the directory is first built. */
export type DirectoryBuilding = Static<typeof Schemas.DirectoryBuilding>;

/** Standard widths the gateway offers for photo `srcset`s (`variants`). */
export const PHOTO_VARIANT_WIDTHS = [320, 640, 1024] as const;
