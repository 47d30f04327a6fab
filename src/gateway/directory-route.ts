/**
 * `GET /v1/directory` (src/contract/routes.ts's directoryRoute): the contract's search over the directory this
 * gateway keeps (directory/directory.ts). Through the guard like every route: the rate limit applies; the miss
 * budget is never spent, because a search never calls the upstream (it is answered from memory or not at all).
 */
import type { Context, Hono } from 'hono';
import type { DirectoryBuilding, DirectoryResponse } from '../contract/index.ts';
import { DIRECTORY_LIMITS, cursorAt, positionOf, wordsOf } from '../contract/directory.ts';
import { directoryRoute } from '../contract/routes.ts';
import type { Directory } from './directory/directory.ts';
import { GatewayError, invalidParameter } from './errors.ts';
import type { Guard } from './guard.ts';
import { MIN_COMPRESS_BYTES, chooseEncoding, type Compress, type Encoding } from './encoding.ts';
import { jsonResponse } from './http.ts';
import { readParams } from './request-params.ts';
import { routerPath } from './resource-routes.ts';

/** Seconds a browser or CDN may keep an answer: the change feeds are polled about every minute. */
const MAX_AGE = 60;
/** Seconds to wait before asking again while the directory is built. */
const RETRY_AFTER = 5;

/** Why a gateway has no directory, said to whoever asks (the docs say the same: docs/directory.md). */
export type NoDirectory = { reason: string };

/** The search the request asks for, checked as the contract says (rule 8). */
export function readSearch(query: Record<string, string>) {
  const params = readParams(directoryRoute, {}, query);
  const words = wordsOf(params.q);
  if (words.length > DIRECTORY_LIMITS.queryWordsMax) throw invalidParameter('q', `must have at most ${DIRECTORY_LIMITS.queryWordsMax} words`);
  if ((params.latitude === undefined) !== (params.longitude === undefined)) {
    throw invalidParameter(params.latitude === undefined ? 'latitude' : 'longitude', 'is needed with the other coordinate');
  }
  const near =
    params.latitude !== undefined && params.longitude !== undefined
      ? { latitude: params.latitude, longitude: params.longitude, radius: params.radius ?? DIRECTORY_LIMITS.radiusDefault }
      : undefined;
  if (!words.length && !near) {
    throw invalidParameter('q', params.q ? 'must have a letter or a digit (or give latitude and longitude)' : 'is required (or give latitude and longitude)');
  }
  const offset = params.cursor === undefined ? 0 : positionOf(params.cursor);
  if (offset === null) throw invalidParameter('cursor', `must be the next of an earlier answer (at most ${DIRECTORY_LIMITS.offsetMax} results in)`);
  return { words, near, offset, limit: params.limit ?? DIRECTORY_LIMITS.limitDefault };
}

/**
 * A search's answer, compressed as the request accepts (the gateway's rules, encoding.ts: brotli or gzip where the
 * runtime has them, not below MIN_COMPRESS_BYTES, `Vary: Accept-Encoding`). Each search is made for its request, not
 * kept in the cache, so it is compressed as it is sent (a 3 KB answer: the configurator's place search).
 */
async function compressed(
  response: Response,
  acceptEncoding: string | undefined,
  compression: { compress: Compress; encodings: readonly Encoding[] } | null | undefined,
): Promise<Response> {
  if (!compression?.encodings.length) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.set('vary', 'Accept-Encoding');
  const encoding =
    body.byteLength >= MIN_COMPRESS_BYTES ? chooseEncoding(acceptEncoding, Object.fromEntries(compression.encodings.map((e) => [e, body]))) : null;
  if (!encoding) return new Response(body, { status: response.status, headers });
  headers.set('content-encoding', encoding);
  return new Response(new Uint8Array(await compression.compress(body, encoding)), { status: response.status, headers });
}

export function bindDirectoryRoute(
  app: Hono,
  directory: Directory | NoDirectory,
  guard: Guard,
  compression?: { compress: Compress; encodings: readonly Encoding[] } | null,
): void {
  app.get(
    routerPath(directoryRoute.path),
    guard<Context>(directoryRoute.name, (c, cors) => {
      const search = readSearch(c.req.query());
      if (!('state' in directory)) throw new GatewayError(501, 'DIRECTORY_UNAVAILABLE', directory.reason);
      directory.start();
      const state = directory.state();
      if (state.phase === 'full') {
        throw new GatewayError(
          503,
          'DIRECTORY_FULL',
          `The upstream lists more than ${state.max.toLocaleString('en-US')} locations, this gateway's directory bound (MERCHANT_DIRECTORY_MAX_LOCATIONS).`,
        );
      }
      if (state.phase === 'building') {
        const total = state.estimatedTotal === null ? '' : ` of about ${state.estimatedTotal.toLocaleString('en-US')}`;
        const body: DirectoryBuilding = {
          error: 'DIRECTORY_BUILDING',
          message: `The directory is being built from the upstream's feeds: ${state.read.toLocaleString('en-US')}${total} locations read. Try again in a few seconds.`,
          status_code: 503,
          progress: { read: state.read, estimatedTotal: state.estimatedTotal },
        };
        return jsonResponse(503, body, cors, 'no-store', { 'retry-after': String(RETRY_AFTER) });
      }
      const page = directory.store.search(search);
      const end = search.offset + search.limit;
      const body: DirectoryResponse = {
        results: page.results,
        total: page.total,
        next: end < page.total && end <= DIRECTORY_LIMITS.offsetMax ? cursorAt(end) : null,
      };
      return compressed(jsonResponse(200, body, cors, `public, max-age=${MAX_AGE}`), c.req.header('accept-encoding'), compression);
    }),
  );
}
