/**
 * Building responses. Every header is decided before the Response is made, and cached bodies are
 * sent as the bytes stored in the cache: Hono's stock cors() (a header set after `next()`) rebuilt
 * each Response and cut cached-path throughput about six-fold, so no middleware touches a response
 * after it exists.
 */
import type { ErrorResource } from '../contract/index.ts';
import type { CacheEntry, CacheState } from './cache.ts';
import type { GatewayConfig } from './config.ts';
import { MIN_COMPRESS_BYTES, chooseEncoding, encodedEtag, type Encoder, type Encoding } from './encoding.ts';
import type { GatewayError } from './errors.ts';

export type Headers = Record<string, string>;

/** Sent with every response: JSON for machines, never framed, never sniffed, readable cross-origin. */
export const SECURITY_HEADERS: Headers = Object.freeze({
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'cross-origin',
});

const JSON_TYPE = 'application/json; charset=utf-8';
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

export interface Cors {
  /** Headers for a request from `origin` (undefined: no Origin header); empty when the origin is not allowed. */
  headers(origin: string | undefined): Headers;
  allowed(origin: string | undefined): boolean;
  preflight(origin: string | undefined): Headers | null;
}

/**
 * The CORS allow-list. `*` only when configured so; otherwise the request's origin is echoed when
 * listed (exactly, or by a `scheme://host:*` entry for any port of that host), with `Vary: Origin` so a CDN keeps
 * one copy per origin. Header objects are built once per allowed origin.
 */
export function createCors(allowedOrigins: readonly string[]): Cors {
  const any = allowedOrigins.includes('*');
  const exposed = 'ETag, Retry-After, X-Cache';
  const none: Headers = any ? {} : { vary: 'Origin' };
  const byOrigin = new Map<string, Headers>();
  const forOrigin = (origin: string): Headers => {
    let headers = byOrigin.get(origin);
    if (!headers) {
      headers = any
        ? { 'access-control-allow-origin': '*', 'access-control-expose-headers': exposed }
        : { 'access-control-allow-origin': origin, 'access-control-expose-headers': exposed, vary: 'Origin' };
      byOrigin.set(any ? '*' : origin, headers);
    }
    return headers;
  };
  // `scheme://host:*` entries: that host on any port (or none).
  const anyPort = allowedOrigins.filter((entry) => entry.endsWith(':*')).map((entry) => entry.slice(0, -2));
  const portOf = (origin: string, host: string) => origin.startsWith(host) && /^(:\d{1,5})?$/.test(origin.slice(host.length));
  const allowed = (origin: string | undefined) =>
    origin !== undefined && (any || allowedOrigins.includes(origin) || anyPort.some((host) => portOf(origin, host)));
  return {
    allowed,
    headers: (origin) => (allowed(origin) ? forOrigin(any ? '*' : origin!) : none),
    preflight: (origin) =>
      allowed(origin)
        ? {
            ...forOrigin(any ? '*' : origin!),
            'access-control-allow-methods': ALLOWED_METHODS,
            'access-control-allow-headers': 'Accept, If-None-Match, Cache-Control',
            'access-control-max-age': '600',
          }
        : null,
  };
}

export interface CachePolicy {
  ok: string;
  notFound: string;
  none: string;
}

/**
 * Cache-Control for browsers and CDNs. Browsers keep a copy briefly (the change-feed poller may
 * update data inside the TTL, and a browser cannot be told); shared caches (s-maxage) keep it for
 * the gateway's TTL and may serve it stale in the same windows the gateway does.
 */
export function cachePolicy(config: GatewayConfig): CachePolicy {
  const browser = Math.min(60, config.cacheTtl);
  return {
    ok: `public, max-age=${browser}, s-maxage=${config.cacheTtl}, stale-while-revalidate=${config.staleWhileRevalidate}, stale-if-error=${config.staleIfError}`,
    notFound: `public, max-age=${Math.min(60, config.cacheTtl)}`,
    none: 'no-store',
  };
}

/** True when the If-None-Match header names this ETag (weak comparison, lists and `*`, RFC 9110). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * `Last-Modified`: when the entry's data was fetched upstream (for a composed page, its oldest part). With the
 * freshness window (`s-maxage`), it is the data's age a server render or a CMS writes into its data blocks
 * (`data-merchant-fetched`, `data-merchant-fresh`: docs/ssr.md). The gateway answers conditional requests by ETag
 * only (If-None-Match); a cache that sends If-Modified-Since gets the full answer.
 */
export const fetchedHeader = (entry: Pick<CacheEntry, 'fetchedAt'>): string => new Date(entry.fetchedAt).toUTCString();

interface EntryHeaders {
  policy: CachePolicy;
  /** Per cache state and representation: the 200 headers (with content-type) and the 304 headers. */
  byState: Partial<Record<string, [full: Headers, notModified: Headers]>>;
}

/**
 * Header objects of cached responses, built once per entry, CORS header set (one per allowed
 * origin, see createCors) and cache state, then shared by every response made from them (neither
 * the Response nor the Node adapter writes to them; they are frozen so nothing can).
 */
const entryHeaders = new WeakMap<CacheEntry, WeakMap<Headers, EntryHeaders>>();

function headersFor(entry: CacheEntry, state: CacheState, cors: Headers, policy: CachePolicy, encoding: Encoding | null, varies: boolean): [Headers, Headers] {
  let byCors = entryHeaders.get(entry);
  if (!byCors) entryHeaders.set(entry, (byCors = new WeakMap()));
  let cached = byCors.get(cors);
  if (!cached || cached.policy !== policy) byCors.set(cors, (cached = { policy, byState: {} }));
  const key = varies ? `${state}|${encoding ?? 'identity'}` : state;
  let pair = cached.byState[key];
  if (!pair) {
    const notModified: Headers = {
      ...SECURITY_HEADERS,
      ...cors,
      'cache-control': entry.status === 200 ? policy.ok : policy.notFound,
      etag: encoding ? encodedEtag(entry.etag, encoding) : entry.etag,
      'last-modified': fetchedHeader(entry),
      'x-cache': state,
    };
    if (varies) notModified.vary = cors.vary ? `${cors.vary}, Accept-Encoding` : 'Accept-Encoding';
    const full: Headers = { ...notModified, 'content-type': JSON_TYPE };
    if (encoding) full['content-encoding'] = encoding;
    pair = cached.byState[key] = [Object.freeze(full), Object.freeze(notModified)];
  }
  return pair;
}

/** How to pick a representation: the gateway's encoder (none where the runtime compresses) and the request's Accept-Encoding. */
export interface Negotiation {
  encoder: Encoder | null;
  acceptEncoding: string | undefined;
}

/** Whether If-None-Match names any representation of the entry (identity or an encoding). */
function entryMatches(ifNoneMatch: string | undefined, entry: CacheEntry, encoder: Encoder | null): boolean {
  if (!ifNoneMatch) return false;
  if (etagMatches(ifNoneMatch, entry.etag)) return true;
  return !!encoder && encoder.encodings.some((encoding) => etagMatches(ifNoneMatch, encodedEtag(entry.etag, encoding)));
}

/** A cached entry as a response: 304 when the client has it, the stored bytes otherwise. */
export function entryResponse(
  entry: CacheEntry,
  state: CacheState,
  ifNoneMatch: string | undefined,
  cors: Headers,
  policy: CachePolicy,
  cacheControl?: string,
  negotiation?: Negotiation,
): Response {
  if (cacheControl !== undefined) {
    // One-off responses (partial pages): not worth keeping headers for.
    const headers: Headers = {
      ...SECURITY_HEADERS,
      ...cors,
      'cache-control': cacheControl,
      etag: entry.etag,
      'last-modified': fetchedHeader(entry),
      'x-cache': state,
    };
    if (entry.status === 200 && etagMatches(ifNoneMatch, entry.etag)) return new Response(null, { status: 304, headers });
    headers['content-type'] = JSON_TYPE;
    return new Response(entry.body as Uint8Array<ArrayBuffer>, { status: entry.status, headers });
  }
  const encoder = negotiation?.encoder ?? null;
  // Only bodies worth compressing vary; for them every answer says so, compressed or not.
  const varies = !!encoder && entry.status === 200 && entry.body.byteLength >= MIN_COMPRESS_BYTES;
  let encoding: Encoding | null = null;
  let body = entry.body;
  if (varies) {
    const encodings = encoder.ready(entry);
    // Cache fills are compressed before they are answered; a composed page's entry is compressed on its first
    // answer, for the ones after.
    if (!encodings) void encoder.prepare(entry);
    else if ((encoding = chooseEncoding(negotiation!.acceptEncoding, encodings))) body = encodings[encoding]!;
  }
  const [full, notModified] = headersFor(entry, state, cors, policy, encoding, varies);
  if (entry.status === 200 && entryMatches(ifNoneMatch, entry, encoder)) return new Response(null, { status: 304, headers: notModified });
  return new Response(body as Uint8Array<ArrayBuffer>, { status: entry.status, headers: full });
}

export function jsonResponse(status: number, value: unknown, cors: Headers, cacheControl: string, extra: Headers = {}): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { ...SECURITY_HEADERS, ...cors, 'content-type': JSON_TYPE, 'cache-control': cacheControl, ...extra },
  });
}

export function errorResponse(error: GatewayError, cors: Headers, extra: Headers = {}): Response {
  const resource: ErrorResource = error.toResource();
  const headers: Headers = { ...extra };
  if (error.retryAfter !== undefined) headers['retry-after'] = String(error.retryAfter);
  // A 404 for an unknown location may be cached briefly; every other error is not cached at all.
  return jsonResponse(error.status, resource, cors, error.status === 404 ? 'public, max-age=60' : 'no-store', headers);
}
