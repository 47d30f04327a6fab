/**
 * What every gateway resource module shares: the context it loads with, the shape it exports, and the one way an
 * upstream answer becomes a cached, normalized entry.
 *
 * A resource module (location.ts, menus.ts, …) says, for its route: the cache key, the upstream request and the
 * normalizer. The router (routes.ts) and the page (page.ts) use resources only through `Resource`.
 */
import type { ErrorResource } from '../../contract/index.ts';
import type { AnyRoute, ParamsOf, ResponseOf } from '../../contract/routes.ts';
import type { CacheKey, CacheResult, Loaded, MissBudget, ResponseCache } from '../cache.ts';
import { GatewayError } from '../errors.ts';
import type { Normalized, NormalizeOptions } from '../normalize/index.ts';
import type { Api, UpstreamClient } from '../upstream.ts';

export interface ResourceContext {
  cache: ResponseCache;
  upstream: UpstreamClient;
  normalize: NormalizeOptions;
}

/** An answer: a cached result, and the Cache-Control to send when it differs from the usual (a partial page). */
export interface Answer<T> extends CacheResult<T> {
  cacheControl?: string;
}

export interface Resource<R extends AnyRoute> {
  readonly route: R;
  /** The answer when it is fresh in memory, synchronously, so a cached hit costs no promise; otherwise undefined. */
  fresh(params: ParamsOf<R>): Answer<ResponseOf<R>> | undefined;
  /**
   * The answer through the cache: loaded from the upstream (once, however many ask) when not fresh. `budget` is
   * the asking request's cold-miss budget, spent only if this request starts the upstream call.
   */
  load(params: ParamsOf<R>, budget?: MissBudget): Promise<Answer<ResponseOf<R>>>;
}

/** A resource stored whole under one cache key: the usual kind (everything but the composed page). */
export interface CachedResource<R extends AnyRoute> extends Resource<R> {
  key(params: ParamsOf<R>): CacheKey<ResponseOf<R>>;
}

export interface CachedResourceSpec<R extends AnyRoute> {
  key(params: ParamsOf<R>): CacheKey<ResponseOf<R>>;
  /** The location ids the entry belongs to, for the change-feed poller's invalidation (default: the path's id). */
  tags?(params: ParamsOf<R>): string[];
  fill(params: ParamsOf<R>): Promise<Loaded<ResponseOf<R>>>;
}

export function cachedResource<R extends AnyRoute>(cache: ResponseCache, route: R, spec: CachedResourceSpec<R>): CachedResource<R> {
  const tags = spec.tags ?? ((params: ParamsOf<R>) => ('id' in params ? [params.id as string] : []));
  return {
    route,
    key: spec.key,
    fresh(params) {
      const entry = cache.getFresh(spec.key(params));
      if (!entry) return undefined;
      cache.countHits(1);
      return { entry, state: 'hit' };
    },
    load: (params, budget) => cache.get(spec.key(params), () => spec.fill(params), tags(params), budget),
  };
}

export function unknownLocation(id: string): ErrorResource {
  return { error: 'LOCATION_DOES_NOT_EXIST', message: `There is no location with id "${id}".`, status_code: 404 };
}

/** The normalized value, or the 502 that says where the upstream's answer could not be read (its values are not echoed). */
export function unwrap<T>(result: Normalized<T>, api: Api): T {
  if (result.ok) return result.value;
  throw new GatewayError(502, 'UPSTREAM_MALFORMED', `The ${api} API sent an answer the gateway cannot read (${result.error.path}: ${result.error.message}).`);
}

/** One upstream GET about a location, normalized; its 404 becomes the location's (briefly cached) negative entry. */
export async function fromUpstream<T>(
  upstream: UpstreamClient,
  api: Api,
  path: string,
  locationId: string,
  normalize: (body: unknown) => Normalized<T>,
): Promise<Loaded<T>> {
  const response = await upstream.get(api, path);
  if (response.status === 404) return { status: 404, value: unknownLocation(locationId) };
  return { status: 200, value: unwrap(normalize(response.body), api) };
}
