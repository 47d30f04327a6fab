/**
 * The gateway as a web-standard `Request -> Response` handler (Hono). Nothing here needs Node:
 * the Node adapter lives in server.ts, and the same handler deploys to an edge runtime.
 *
 * Hono only routes. Each route goes through `route()`, which does rate limiting, CORS and metrics
 * around the handler without touching the Response after it is made (see http.ts for why).
 */
import { Hono, type Context } from 'hono';
import { type ErrorResource, type PagePart, type PageResponse } from '../contract/index.ts';
import { LRUCache } from 'lru-cache';
import { ResponseCache, makeEntry, type CacheEntry, type CacheResult, type CacheState, type SharedTier } from './cache.ts';
import { clientAddress, metricsAllowed } from './client-address.ts';
import type { GatewayConfig } from './config.ts';
import { GatewayError, toGatewayError } from './errors.ts';
import { ALLOWED_METHODS, SECURITY_HEADERS, cachePolicy, createCors, entryResponse, errorResponse, jsonResponse, type Headers } from './http.ts';
import { createLogger, type Logger } from './logger.ts';
import { counterChild, createMetrics, type CounterChild, type GatewayMetrics } from './metrics.ts';
import { openApiDocument } from './openapi.ts';
import * as params from './params.ts';
import { RateLimiter } from './ratelimit.ts';
import { Resources, keys } from './resources.ts';
import { ChangePoller } from './poller.ts';
import { UpstreamClient } from './upstream.ts';

export interface GatewayDeps {
  /** The fetch used for upstream calls (tests pass an in-process sandbox's). */
  fetch?: typeof fetch;
  logger?: Logger;
  metrics?: GatewayMetrics;
  /** The shared cache tier (Redis); server.ts makes one from REDIS_URL. `null`: memory only. */
  sharedTier?: SharedTier | null;
  /** The client's address when no trusted header is configured (the Node adapter passes the socket's). */
  clientAddress?: (request: Request, env: unknown) => string | undefined;
  now?: () => number;
  /** Start the change-feed poller (default: when the poll interval is not 0). */
  poll?: boolean;
  /** Page size asked of the update feeds (tests use a small one to exercise next links). */
  pollPageSize?: number;
}

export interface GatewayApp {
  app: Hono;
  /** The handler for a server adapter: a Response, or a promise of one when it must wait. */
  handle(request: Request, env?: unknown): Response | Promise<Response>;
  fetch(request: Request, env?: unknown): Promise<Response>;
  close(): Promise<void>;
  /** Internals for tests, benchmarks and operations. */
  cache: ResponseCache;
  poller: ChangePoller;
  metrics: GatewayMetrics;
  logger: Logger;
}

type Handler = (c: Context, cors: Headers) => Response | Promise<Response>;

/**
 * A RequestView of a request answered before routing. A class, so nothing is defined per request
 * (a closure per request also costs a `name` definition under tsx/esbuild's keepNames).
 */
class DirectRequest implements RequestView {
  readonly req: RequestView['req'] = this;
  constructor(readonly raw: Request, readonly env: unknown, readonly memo: PageMemo) {}
  header(name: string): string | undefined {
    return this.raw.headers.get(name) ?? undefined;
  }
}

/** A composed page: the part entries it was made from (under their cache keys) and its own entry. */
interface PageMemo {
  parts: CacheEntry[];
  keys: string[];
  entry: CacheEntry;
}

/** What the route wrapper reads of a request: Hono's Context has it, and so does the pre-router page path. */
interface RequestView {
  req: { header(name: string): string | undefined; raw: Request };
  env: unknown;
}

export function createGatewayApp(config: GatewayConfig, deps: GatewayDeps = {}): GatewayApp {
  const logger = deps.logger ?? createLogger(config.logLevel, config.signingKey);
  const metrics = deps.metrics ?? createMetrics();
  const policy = cachePolicy(config);
  const cors = createCors(config.allowedOrigins);
  const limiter = config.rateLimitPerMinute > 0 ? new RateLimiter(config.rateLimitPerMinute, deps.now) : null;
  // Cold misses cost upstream calls on the site's credentials; hits cost nothing. A client whose requests keep
  // missing the cache (made-up ids, a crawl of every location) spends this smaller budget long before the rate
  // limit, so no client can turn the gateway into an amplifier of upstream traffic.
  const missLimiter = config.missRateLimitPerMinute > 0 ? new RateLimiter(config.missRateLimitPerMinute, deps.now) : null;
  let lastUpstreamSuccess = 0;
  const cacheCounters = Object.fromEntries(
    (['hit', 'miss', 'stale', 'stale-if-error', 'shared'] as const).map((state) => [state, counterChild(metrics.cache, { result: state })]),
  ) as Record<CacheState, CounterChild>;

  const cache = new ResponseCache({
    ttlSeconds: config.cacheTtl,
    staleWhileRevalidateSeconds: config.staleWhileRevalidate,
    staleIfErrorSeconds: config.staleIfError,
    maxBytes: config.cacheMaxBytes,
    shared: deps.sharedTier ?? null,
    now: deps.now,
    onEvent: (state, count) => cacheCounters[state].inc(count),
    onError: (error, where) => logger.warn({ where, error: error instanceof GatewayError ? error.toResource() : String(error) }, 'cache fallback'),
  });

  const upstream = new UpstreamClient({
    actionsUrl: config.actionsUrl,
    publisherUrl: config.publisherUrl,
    clientId: config.clientId,
    signingKey: config.signingKey,
    signPublisher: config.signPublisher,
    timeoutMs: config.upstreamTimeoutMs,
    retries: config.upstreamRetries,
    maxBytes: config.upstreamMaxBytes,
    fetch: deps.fetch,
    onAttempt: ({ api, path, status, outcome, ms }) => {
      metrics.upstream.inc({ api, outcome });
      if (outcome === 'ok' || outcome === 'client_error') lastUpstreamSuccess = Date.now();
      else metrics.upstreamErrors.inc({ api, outcome });
      const level = outcome === 'ok' || outcome === 'client_error' ? 'debug' : 'warn';
      logger[level]({ api, path, status, outcome, ms: Math.round(ms) }, 'upstream');
    },
  });

  const resources = new Resources(cache, upstream, { secureHosts: new Set(config.secureHosts) });
  const poller = new ChangePoller({ upstream, cache, logger, intervalSeconds: config.pollIntervalSeconds, now: deps.now, pageSize: deps.pollPageSize });
  // Composed page bodies, keyed by the request's path and query, with the part entries they were
  // made from: rebuilt only when a part's entry changes.
  const pages = new LRUCache<string, PageMemo>({ max: 5000 });
  const pageQueries = new LRUCache<string, params.PageParams>({ max: 1000 });

  const addressOptions = { header: config.clientIpHeader, trustedProxies: config.trustedProxies };
  const clientKey = (c: RequestView): string =>
    clientAddress(addressOptions, (name) => c.req.header(name), deps.clientAddress?.(c.req.raw, c.env));

  /** Throws 429 when the client has spent its requests, or its cold misses (charged after each miss). */
  const refuseOverLimit = (client: string): void => {
    if (missLimiter && !missLimiter.peek(client).allowed) {
      const retryAfter = missLimiter.peek(client).retryAfter;
      metrics.rateLimited.inc();
      throw new GatewayError(429, 'RATE_LIMITED', `Too many requests for data that was not cached; try again in ${retryAfter} s.`, retryAfter);
    }
    const decision = limiter?.take(client);
    if (decision && !decision.allowed) {
      metrics.rateLimited.inc();
      throw new GatewayError(429, 'RATE_LIMITED', `Too many requests; try again in ${decision.retryAfter} s.`, decision.retryAfter);
    }
  };

  /** Rate limit, CORS, metrics and error handling around a handler, all decided before a Response exists. */
  const wrap = <C extends RequestView>(name: string, handler: (c: C, cors: Headers) => Response | Promise<Response>, limited = true) => {
    // Label children resolved once per route (and status), not hashed on every request.
    const latency = metrics.latency.labels({ route: name });
    const counters = new Map<number, CounterChild>();
    const count = (status: number) => {
      let counter = counters.get(status);
      if (!counter) counters.set(status, (counter = counterChild(metrics.requests, { route: name, status })));
      counter.inc();
    };
    const fail = (error: unknown, corsHeaders: Headers): Response => {
      const gatewayError = toGatewayError(error);
      if (gatewayError.status >= 500) {
        logger.error({ route: name, error: gatewayError.toResource(), ...(gatewayError.code === 'INTERNAL_ERROR' ? { cause: String(error) } : {}) }, 'request failed');
      }
      return errorResponse(gatewayError, corsHeaders);
    };
    const finish = (response: Response, started: number): Response => {
      count(response.status);
      latency.observe((performance.now() - started) / 1000);
      return response;
    };
    // Synchronous when the handler is (a cached hit): no promise, so the Node adapter writes the
    // response in the same tick without the bookkeeping it needs for pending responses.
    return (c: C): Response | Promise<Response> => {
      const started = performance.now();
      const corsHeaders = cors.headers(c.req.header('origin'));
      let result: Response | Promise<Response>;
      let client = '';
      try {
        if (limited && (limiter || missLimiter)) {
          client = clientKey(c);
          refuseOverLimit(client);
        }
        result = handler(c, corsHeaders);
      } catch (error) {
        return finish(fail(error, corsHeaders), started);
      }
      // A cold miss is always asynchronous (it waited on the upstream): the synchronous hit path pays nothing here.
      if (result instanceof Promise) {
        return result.then(
          (response) => {
            if (missLimiter && client && response.headers.get('x-cache') === 'miss') missLimiter.take(client);
            return finish(response, started);
          },
          (error: unknown) => finish(fail(error, corsHeaders), started),
        );
      }
      return finish(result, started);
    };
  };

  const route = (name: string, handler: Handler, limited = true) => wrap<Context>(name, handler, limited);

  const send = (c: Context, result: CacheResult, corsHeaders: Headers) =>
    entryResponse(result.entry, result.state, c.req.header('if-none-match'), corsHeaders, policy);

  const app = new Hono();

  app.get('/v1/locations/:id', route('location', async (c, h) => {
    params.allowOnly(c.req.query(), []);
    return send(c, await resources.location(params.locationId(c.req.param('id'))), h);
  }));

  app.get('/v1/locations/:id/menus', route('menus', async (c, h) => {
    const { format } = params.menusParams(c.req.query());
    return send(c, await resources.menus(params.locationId(c.req.param('id')), format), h);
  }));

  app.get('/v1/locations/:id/photos', route('photos', async (c, h) => {
    const p = params.photosParams(c.req.query());
    return send(c, await resources.photos(params.locationId(c.req.param('id')), p), h);
  }));

  app.get('/v1/locations/:id/actions', route('actions', async (c, h) => {
    const p = params.actionsParams(c.req.query());
    return send(c, await resources.actions(params.locationId(c.req.param('id')), p), h);
  }));

  app.get('/v1/locations/:id/nearby', route('location_nearby', async (c, h) => {
    const p = params.locationNearbyParams(c.req.query());
    return send(c, await resources.nearbyOfLocation(params.locationId(c.req.param('id')), p), h);
  }));

  app.get('/v1/nearby', route('nearby', async (c, h) => send(c, await resources.nearby(params.pointNearbyParams(c.req.query())), h)));

  /** Path and query of a request URL (absolute, as every Request's is). */
  const pathAndQuery = (url: string) => url.slice(url.indexOf('/', url.indexOf('//') + 2));

  /**
   * The composed page for `memoKey` when every part is still the fresh in-memory entry it was
   * composed from. A memo exists only for a path and query that were routed, validated and
   * answered by the page route before.
   */
  const freshPage = (memoKey: string): PageMemo | undefined => {
    const memo = pages.get(memoKey);
    if (!memo) return undefined;
    for (let i = 0; i < memo.keys.length; i++) if (cache.getFresh(memo.keys[i]!) !== memo.parts[i]) return undefined;
    return memo;
  };

  const pageHit = (memo: PageMemo, c: RequestView, h: Headers): Response => {
    cache.countHits(memo.keys.length);
    return entryResponse(memo.entry, 'hit', c.req.header('if-none-match'), h, policy);
  };

  app.get('/v1/locations/:id/page', route('page', (c, h) => {
    const memoKey = pathAndQuery(c.req.url);
    const memo = freshPage(memoKey);
    // Synchronous when every part is fresh: no promise, so the Node adapter writes at once.
    return memo ? pageHit(memo, c, h) : loadPage(c, h, memoKey);
  }));

  /** The page route's wrapper for requests answered before routing (see `handle`). */
  const pageBeforeRouting = wrap<DirectRequest>('page', (c, h) => pageHit(c.memo, c, h));

  const loadPage = async (c: Context, h: Headers, memoKey: string): Promise<Response> => {
    const id = params.locationId(c.req.param('id'));
    // Parsed parameters are kept per query string: a page asks with the same few strings again and again.
    const search = c.req.url.includes('?') ? c.req.url.slice(c.req.url.indexOf('?')) : '';
    let p = pageQueries.get(search);
    if (!p) pageQueries.set(search, (p = params.pageParams(c.req.query())));
    const actionsParams = { type: undefined, top: false, nearby: false };
    // A made-up id must cost the upstream one call, not one per part: learn whether the location exists before
    // fanning out, unless a 200 for it is already in memory (every known location after its first request).
    // Its 404 is a cached entry like any other answer, sent as the location route sends it.
    // When the check itself fails (an upstream outage, not an answer), the other parts are still tried and the
    // location part reports the failure, as before; its settled result is reused, not asked for twice.
    let locationCheck: Promise<CacheResult> | undefined;
    if (cache.peek(keys.location(id))?.status !== 200) {
      locationCheck = resources.location(id);
      const located = await locationCheck.catch(() => null);
      if (located?.entry.status === 404) return send(c, located, h);
    }
    const partKeys: Record<PagePart, string> = {
      location: keys.location(id), menus: keys.menus(id, p.format), photos: keys.photos(id, p.photos), actions: keys.actions(id, actionsParams),
    };
    const loaders: Record<PagePart, () => Promise<CacheResult>> = {
      location: () => locationCheck ?? resources.location(id),
      menus: () => resources.menus(id, p.format),
      photos: () => resources.photos(id, p.photos),
      actions: () => resources.actions(id, actionsParams),
    };
    const settled = await Promise.allSettled(p.include.map((part) => loaders[part]()));
    const results: (CacheResult | null)[] = [];
    const errors: Partial<Record<PagePart, ErrorResource>> = {};
    const failures: GatewayError[] = [];
    settled.forEach((s, i) => {
      const part = p.include[i]!;
      if (s.status === 'fulfilled' && s.value.entry.status === 200) {
        results.push(s.value);
        return;
      }
      results.push(null);
      const error = s.status === 'fulfilled'
        ? new GatewayError(s.value.entry.status, (s.value.entry.value as ErrorResource).error, (s.value.entry.value as ErrorResource).message)
        : toGatewayError(s.reason);
      errors[part] = error.toResource();
      failures.push(error);
    });
    // Nothing to show: answer with the error itself (404 for an unknown location), not an empty page.
    if (failures.length === p.include.length) throw failures.find((f) => f.status === 404) ?? failures[0]!;

    const worst: CacheState = results.some((r) => r?.state === 'stale-if-error') ? 'stale-if-error'
      : results.some((r) => r && r.state !== 'hit') ? 'miss' : 'hit';
    if (failures.length) {
      return entryResponse(await makeEntry(200, compose(p.include, results, errors), Date.now()), worst, undefined, h, policy, 'no-store');
    }
    const parts = results.map((r) => r!.entry);
    let composed = pages.get(memoKey);
    if (!composed || composed.parts.length !== parts.length || composed.parts.some((entry, i) => entry !== parts[i])) {
      composed = { parts, keys: p.include.map((part) => partKeys[part]), entry: await makeEntry(200, compose(p.include, results, errors), Date.now()) };
      pages.set(memoKey, composed);
    }
    return entryResponse(composed.entry, worst, c.req.header('if-none-match'), h, policy);
  };

  const openapi = JSON.stringify(openApiDocument());
  app.get('/v1/openapi.json', route('openapi', async (_c, h) => jsonResponseRaw(openapi, h, policy.ok)));

  // Probes and scrapes are not rate limited: a load balancer checking often must not see 429.
  app.get('/healthz', route('healthz', async (_c, h) => jsonResponse(200, { status: 'ok' }, h, 'no-store'), false));

  app.get('/readyz', route('readyz', async (_c, h) => {
    const shared = cache.shared ? await cache.shared.ready().catch(() => false) : null;
    const ready = !closing && shared !== false;
    return jsonResponse(ready ? 200 : 503, {
      status: ready ? 'ready' : 'not ready',
      closing,
      redis: shared === null ? 'not configured' : shared ? 'ok' : 'unavailable',
      lastUpstreamSuccess: lastUpstreamSuccess ? new Date(lastUpstreamSuccess).toISOString() : null,
    }, h, 'no-store');
  }, false));

  // Metrics show traffic and cache contents: only for a loopback client (the address the rate limit sees, so a proxy
  // on the same host does not make them public) or a scraper holding MERCHANT_METRICS_TOKEN.
  app.get('/metrics', route('metrics', async (c) => {
    if (!metricsAllowed(config.metricsToken, c.req.header('authorization'), clientKey(c))) {
      throw new GatewayError(403, 'METRICS_FORBIDDEN', 'Metrics are served to loopback clients, or with the bearer token set in MERCHANT_METRICS_TOKEN.');
    }
    const { body, contentType } = await metrics.render();
    return new Response(body, { status: 200, headers: { ...SECURITY_HEADERS, 'content-type': contentType, 'cache-control': 'no-store' } });
  }, false));

  app.options('*', (c) => {
    const headers = cors.preflight(c.req.header('origin'));
    if (!headers) {
      return errorResponse(new GatewayError(403, 'ORIGIN_NOT_ALLOWED', 'This origin is not allowed to use the gateway; add it to MERCHANT_ALLOWED_ORIGINS.'), cors.headers(undefined));
    }
    return new Response(null, { status: 204, headers: { ...SECURITY_HEADERS, ...headers } });
  });

  // Everything no route matched (unknown paths, other methods). notFound rather than a catch-all
  // route: a catch-all would match every request too, sending each through Hono's async compose.
  app.notFound(route('other', async (c) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') {
      const e = new GatewayError(405, 'METHOD_NOT_ALLOWED', `Method ${method} is not allowed; the gateway is read-only (${ALLOWED_METHODS}).`);
      return errorResponse(e, cors.headers(c.req.header('origin')), { allow: ALLOWED_METHODS });
    }
    throw new GatewayError(404, 'NOT_FOUND', 'No such endpoint; see /v1/openapi.json.');
  }));

  app.onError((error) => errorResponse(toGatewayError(error), {}));

  let closing = false;
  if (deps.poll ?? config.pollIntervalSeconds > 0) poller.start();

  /**
   * The request handler. A GET for a page composed before whose parts are all still fresh is
   * answered here, before Hono routes it (routing, Context and path parsing are a large share of a
   * cached hit's cost); it goes through the page route's wrapper all the same (rate limit, CORS,
   * metrics). Everything else is Hono's.
   */
  const handle = (request: Request, env?: unknown): Response | Promise<Response> => {
    if (request.method === 'GET') {
      const memo = freshPage(pathAndQuery(request.url));
      if (memo) {
        return pageBeforeRouting(new DirectRequest(request, env, memo));
      }
    }
    return app.fetch(request, env);
  };

  return {
    app,
    handle,
    fetch: (request, env) => Promise.resolve(handle(request, env)),
    async close() {
      closing = true;
      poller.stop();
      await cache.idle();
      await cache.shared?.close();
    },
    cache,
    poller,
    metrics,
    logger,
  };
}

function jsonResponseRaw(body: string, cors: Headers, cacheControl: string): Response {
  return new Response(body, { status: 200, headers: { ...SECURITY_HEADERS, ...cors, 'content-type': 'application/json; charset=utf-8', 'cache-control': cacheControl } });
}

function compose(include: readonly PagePart[], results: (CacheResult | null)[], errors: Partial<Record<PagePart, ErrorResource>>): PageResponse {
  const page: PageResponse = {};
  include.forEach((part, i) => {
    const value = results[i]?.entry.value as Record<string, unknown> | undefined;
    if (!value) return;
    if (part === 'location') page.location = value.location as PageResponse['location'];
    if (part === 'menus') page.menus = value.menus as PageResponse['menus'];
    if (part === 'photos') page.photos = value.photos as PageResponse['photos'];
    if (part === 'actions') {
      page.actions = value.actions as PageResponse['actions'];
      page.actionsSource = value.source as PageResponse['actionsSource'];
    }
  });
  if (Object.keys(errors).length) page.errors = errors;
  return page;
}

