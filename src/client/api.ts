/**
 * The browser side of the widget contract v1: URL builders and typed loaders over the shared request cache.
 * Browser-only; imports nothing from the gateway, the sandbox or the signing code.
 */
import type { PageResponse } from '../contract/index.ts';
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

/** `{endpoint}/v1/locations/{id}{rest}`, for an endpoint already normalised by normalizeEndpoint(). */
export function locationUrl(endpoint: string, locationId: string, rest = ''): string {
  return `${endpoint}/v1/locations/${encodeURIComponent(locationId)}${rest}`;
}

export function pageUrl(endpoint: string, locationId: string): string {
  return locationUrl(normalizeEndpoint(endpoint), locationId, `/page?include=${PAGE_INCLUDE}`);
}

/** The combined page request, de-duplicated per (endpoint, location) for the life of the page. */
export function loadPage(endpoint: string, locationId: string, signal?: AbortSignal): Promise<PageResponse> {
  return getJson<PageResponse>(pageUrl(endpoint, locationId), signal);
}
