/**
 * The browser side of the widget contract v1: the endpoint check, the page's URL and its loader over the shared
 * request cache. Every other URL is `routeUrl` over a route declared in src/contract/routes.ts.
 * Browser-only; imports nothing from the gateway, the sandbox or the signing code.
 */
import type { PageResponse } from '../contract/index.ts';
import { pageDataUrl } from '../contract/page-data.ts';
import { MerchantRequestError } from './errors.ts';
import { getJson } from './request.ts';

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

/** The combined page request's URL: every part, always, so one request serves every element of a location. */
export function pageUrl(endpoint: string, locationId: string): string {
  return pageDataUrl(normalizeEndpoint(endpoint), locationId);
}

/** The combined page request, de-duplicated per (endpoint, location) for the life of the page. */
export function loadPage(endpoint: string, locationId: string, signal?: AbortSignal): Promise<PageResponse> {
  return getJson<PageResponse>(pageUrl(endpoint, locationId), signal);
}
