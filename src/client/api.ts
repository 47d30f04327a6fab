/**
 * The browser side of the widget contract v1: URL builders and typed loaders over the shared request cache.
 * Browser-only; imports nothing from the gateway, the sandbox or the signing code.
 */
import type { ActionsResponse, NearbyResponse, PageResponse } from '../contract/index.ts';
import { MerchantRequestError } from './errors.ts';
import { getJson } from './request.ts';

/** Every part, always: one combined request serves every element of a location. */
export const PAGE_INCLUDE = 'location,menus,photos,actions';

/**
 * Validates and normalises a gateway base URL: absolute http(s) (a relative one is resolved against the
 * document), without a trailing slash. Throws MerchantRequestError INVALID_ENDPOINT otherwise.
 */
export function normalizeEndpoint(endpoint: string): string {
  let url: URL;
  try {
    url = new URL(endpoint.trim(), document.baseURI);
  } catch {
    throw invalidEndpoint(endpoint);
  }
  if (!/^https?:$/.test(url.protocol)) throw invalidEndpoint(endpoint);
  // No query or fragment: the paths are appended to this base.
  return (url.origin + url.pathname).replace(/\/+$/, '');
}

function invalidEndpoint(endpoint: string): MerchantRequestError {
  return new MerchantRequestError({
    error: 'INVALID_ENDPOINT',
    message: `"${endpoint}" is not a web address (http or https).`,
    status_code: 0,
  });
}

function locationPath(endpoint: string, locationId: string): string {
  return `${normalizeEndpoint(endpoint)}/v1/locations/${encodeURIComponent(locationId)}`;
}

export function pageUrl(endpoint: string, locationId: string): string {
  return `${locationPath(endpoint, locationId)}/page?include=${PAGE_INCLUDE}`;
}

/** The combined page request, de-duplicated per (endpoint, location) for the life of the page. */
export function loadPage(endpoint: string, locationId: string, signal?: AbortSignal): Promise<PageResponse> {
  return getJson<PageResponse>(pageUrl(endpoint, locationId), signal);
}

export interface ActionsQuery {
  type?: string | null;
  nearby?: boolean;
}

export function actionsUrl(endpoint: string, locationId: string, query: ActionsQuery = {}): string {
  const params = new URLSearchParams();
  if (query.type) params.set('type', query.type);
  if (query.nearby) params.set('nearby', 'true');
  const qs = params.toString();
  return `${locationPath(endpoint, locationId)}/actions${qs ? `?${qs}` : ''}`;
}

/** `GET /v1/locations/{id}/actions?…`, used for the nearby fallback. */
export function loadActions(endpoint: string, locationId: string, query: ActionsQuery, signal?: AbortSignal): Promise<ActionsResponse> {
  return getJson<ActionsResponse>(actionsUrl(endpoint, locationId, query), signal);
}

/** The filters of the nearby endpoints (spec 001), sent with the upstream's parameter names. */
export interface NearbyFilters {
  radius?: number | null;
  limit?: number | null;
  type?: string | null;
  ownerVerified?: boolean | null;
  businessType?: string[] | null;
  cuisine?: string[] | null;
  /** Only around a location: exclude that location's own actions. */
  nearbyOnly?: boolean | null;
}

export type NearbyCentre = { locationId: string } | { latitude: number; longitude: number };

export function nearbyUrl(endpoint: string, centre: NearbyCentre, filters: NearbyFilters = {}): string {
  const params = new URLSearchParams();
  let base: string;
  if ('locationId' in centre) {
    base = `${locationPath(endpoint, centre.locationId)}/nearby`;
  } else {
    if (!Number.isFinite(centre.latitude) || !Number.isFinite(centre.longitude)) {
      throw new MerchantRequestError({
        error: 'INVALID_ATTRIBUTE',
        message: 'latitude and longitude must be numbers.',
        status_code: 0,
      });
    }
    base = `${normalizeEndpoint(endpoint)}/v1/nearby`;
    params.set('latitude', String(centre.latitude));
    params.set('longitude', String(centre.longitude));
  }
  if (filters.radius != null) params.set('radius', String(filters.radius));
  if (filters.limit != null) params.set('limit', String(filters.limit));
  if (filters.type) params.set('type', filters.type);
  if (filters.ownerVerified != null) params.set('owner_verified', String(filters.ownerVerified));
  if (filters.businessType?.length) params.set('business_type', filters.businessType.join(','));
  if (filters.cuisine?.length) params.set('cuisine', filters.cuisine.join(','));
  if (filters.nearbyOnly && 'locationId' in centre) params.set('nearby_only', 'true');
  const qs = params.toString();
  return `${base}${qs ? `?${qs}` : ''}`;
}

/** `GET /v1/locations/{id}/nearby?…` or `GET /v1/nearby?latitude=&longitude=&…`. */
export function loadNearby(endpoint: string, centre: NearbyCentre, filters: NearbyFilters, signal?: AbortSignal): Promise<NearbyResponse> {
  return getJson<NearbyResponse>(nearbyUrl(endpoint, centre, filters), signal);
}
