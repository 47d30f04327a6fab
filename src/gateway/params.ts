/**
 * Validation of every /v1 parameter. Each parser returns a canonical value (so equivalent requests
 * share one cache entry and one upstream call) or throws the 400 error resource naming the parameter.
 * Unknown parameters are refused too: a typo (`lim=5`) should not silently return defaults.
 */
import { PAGE_PARTS, PHOTO_TYPES, parseActionType, type ActionType, type MenuFormat, type PagePart, type PhotoType } from '../contract/index.ts';
import { GatewayError, invalidParameter } from './errors.ts';

export type Query = Record<string, string>;

/** The Actions API's limits (spec 001). */
export const LIMITS = { radiusMax: 16093, limitMax: 100, photoPixelsMax: 4096 } as const;

const LOCATION_ID = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,127}$/;

export function locationId(value: string | undefined): string {
  if (!value || !LOCATION_ID.test(value)) {
    throw invalidParameter('id', 'must be a location id (letters, digits, and . _ ~ -, at most 128 characters)');
  }
  return value;
}

export function allowOnly(query: Query, allowed: readonly string[]): void {
  for (const name of Object.keys(query)) {
    if (!allowed.includes(name)) {
      throw invalidParameter(name, allowed.length ? `is not a parameter of this endpoint (known: ${allowed.join(', ')})` : 'is not a parameter of this endpoint (it takes none)');
    }
  }
}

function bool(query: Query, name: string): boolean | undefined {
  const v = query[name];
  if (v === undefined || v === '') return undefined;
  const t = v.toLowerCase();
  if (t === 'true' || t === '1') return true;
  if (t === 'false' || t === '0') return false;
  throw invalidParameter(name, 'must be true or false');
}

function integer(query: Query, name: string, min: number, max: number, tooLarge?: () => GatewayError): number | undefined {
  const v = query[name];
  if (v === undefined || v === '') return undefined;
  if (!/^\d{1,9}$/.test(v) || Number(v) < min) throw invalidParameter(name, `must be a whole number of at least ${min}`);
  if (Number(v) > max) throw tooLarge ? tooLarge() : invalidParameter(name, `must be at most ${max}`);
  return Number(v);
}

function float(query: Query, name: string, min: number, max: number): number | undefined {
  const v = query[name];
  if (v === undefined || v === '') return undefined;
  const n = /^[-+]?(\d+\.?\d*|\.\d+)$/.test(v.trim()) ? Number(v) : NaN;
  if (!Number.isFinite(n) || n < min || n > max) throw invalidParameter(name, `must be a number from ${min} to ${max}`);
  return n;
}

function list(query: Query, name: string): string[] | undefined {
  const v = query[name];
  if (v === undefined) return undefined;
  const items = v.split(',').map((s) => s.trim()).filter(Boolean);
  if (items.some((s) => s.length > 100) || items.length > 20) throw invalidParameter(name, 'must be a comma-separated list of at most 20 names');
  // Sorted and de-duplicated: the filter is a set, and one canonical form shares one cache entry.
  return items.length ? [...new Set(items)].sort() : undefined;
}

function actionType(query: Query, name = 'type'): ActionType | undefined {
  const v = query[name];
  if (v === undefined || v === '') return undefined;
  const type = parseActionType(v);
  if (!type) throw invalidParameter(name, 'must be an action type name (foodordering, deal, ...) or its numeric id 1-10');
  return type;
}

export function menusParams(query: Query): { format: MenuFormat } {
  allowOnly(query, ['format']);
  const format = query.format?.toLowerCase() || 'full';
  if (format !== 'full' && format !== 'short') throw invalidParameter('format', 'must be full or short');
  return { format };
}

export interface PhotoParams {
  type: PhotoType | undefined;
  width: number | undefined;
  height: number | undefined;
}

export function photosParams(query: Query, prefix = ''): PhotoParams {
  if (!prefix) allowOnly(query, ['type', 'width', 'height']);
  const raw = query[`${prefix}type`]?.toLowerCase();
  if (raw && !(PHOTO_TYPES as readonly string[]).includes(raw)) throw invalidParameter(`${prefix}type`, `must be one of ${PHOTO_TYPES.join(', ')}`);
  return {
    type: (raw || undefined) as PhotoType | undefined,
    width: integer(query, `${prefix}width`, 1, LIMITS.photoPixelsMax),
    height: integer(query, `${prefix}height`, 1, LIMITS.photoPixelsMax),
  };
}

export interface ActionsParams {
  type: ActionType | undefined;
  top: boolean;
  nearby: boolean;
}

export function actionsParams(query: Query): ActionsParams {
  allowOnly(query, ['type', 'top', 'nearby']);
  return { type: actionType(query), top: bool(query, 'top') ?? false, nearby: bool(query, 'nearby') ?? false };
}

const limitTooLarge = (query: Query) => () =>
  new GatewayError(400, 'LIMIT_TOO_LARGE', `Limit ${query.limit} is larger than the maximum of ${LIMITS.limitMax}.`);

export interface NearbyFilters {
  type: ActionType | undefined;
  radius: number | undefined;
  limit: number | undefined;
  ownerVerified: boolean | undefined;
  businessType: string[] | undefined;
  cuisine: string[] | undefined;
}

function filters(query: Query): NearbyFilters {
  return {
    type: actionType(query),
    radius: integer(query, 'radius', 1, LIMITS.radiusMax),
    limit: integer(query, 'limit', 1, LIMITS.limitMax, limitTooLarge(query)),
    ownerVerified: bool(query, 'owner_verified'),
    businessType: list(query, 'business_type'),
    cuisine: list(query, 'cuisine'),
  };
}

export interface LocationNearbyParams extends NearbyFilters {
  self: number | undefined;
  nearbyOnly: boolean | undefined;
}

export function locationNearbyParams(query: Query): LocationNearbyParams {
  allowOnly(query, ['type', 'radius', 'limit', 'self', 'nearby_only', 'owner_verified', 'business_type', 'cuisine']);
  return { ...filters(query), self: integer(query, 'self', 1, LIMITS.limitMax), nearbyOnly: bool(query, 'nearby_only') };
}

export interface PointNearbyParams extends NearbyFilters {
  latitude: number;
  longitude: number;
}

export function pointNearbyParams(query: Query): PointNearbyParams {
  allowOnly(query, ['latitude', 'longitude', 'type', 'radius', 'limit', 'owner_verified', 'business_type', 'cuisine']);
  const latitude = float(query, 'latitude', -90, 90);
  const longitude = float(query, 'longitude', -180, 180);
  if (latitude === undefined) throw invalidParameter('latitude', 'is required');
  if (longitude === undefined) throw invalidParameter('longitude', 'is required');
  return { ...filters(query), latitude, longitude };
}

export interface PageParams {
  include: PagePart[];
  format: MenuFormat;
  photos: PhotoParams;
}

export function pageParams(query: Query): PageParams {
  allowOnly(query, ['include', 'format', 'photo_type', 'photo_width', 'photo_height']);
  let include: PagePart[] = [...PAGE_PARTS];
  if (query.include !== undefined) {
    const parts = query.include.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
    const unknown = parts.filter((p) => !(PAGE_PARTS as readonly string[]).includes(p));
    if (unknown.length || parts.length === 0) throw invalidParameter('include', `must list parts from ${PAGE_PARTS.join(', ')}`);
    include = PAGE_PARTS.filter((p) => parts.includes(p));
  }
  return { include, format: menusParams(query.format ? { format: query.format } : {}).format, photos: photosParams(query, 'photo_') };
}
