/**
 * The gateway as a web-standard `Request -> Response` handler (Hono), for every runtime: nothing here (nor in what it
 * imports) needs Node. The logger and the metrics are given (src/adapters/node/app.ts gives pino and prom-client on
 * Node; the other runtimes' adapters, src/adapters/{workers,deno,bun}/, give telemetry.ts's small ones).
 *
 * This module only wires: the cache, the upstream client and the poller; the guard every route goes through
 * (guard.ts); the /v1 resources bound to their declared routes (resource-routes.ts); the probes and the rest
 * (ops-routes.ts).
 */
import { Hono } from 'hono';
import { ResponseCache, type CacheState, type SharedTier } from './cache.ts';
import { addressMatcher, clientAddress } from './client-address.ts';
import type { GatewayConfig } from './config.ts';
import { GatewayError } from './errors.ts';
import { createGuard, type RequestView } from './guard.ts';
import { cachePolicy, createCors } from './http.ts';
import { bindOpsRoutes } from './ops-routes.ts';
import { Directory, type DirectoryJournal } from './directory/directory.ts';
import { bindDirectoryRoute } from './directory-route.ts';
import { ChangePoller } from './poller.ts';
import { bindRenderRoute, type ElementRenderer, type StyleHashes } from './render-route.ts';
import { bindResources } from './resource-routes.ts';
import { createResources } from './resources/index.ts';
import type { CounterChild, GatewayMetrics, Logger } from './telemetry.ts';
import { UpstreamClient } from './upstream.ts';
import { createEncoder, type Compress, type Encoding } from './encoding.ts';

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
  /**
   * How cached bodies are compressed (once per fill): Node's zlib (app.ts), CompressionStream (Bun); `null` where the
   * runtime compresses answers by itself (Deno.serve, Cloudflare) or for none.
   */
  compression?: { compress: Compress; encodings: readonly Encoding[] } | null;
  /** Server rendering of the elements (src/ssr/render.ts); without it the gateway has no render route. */
  renderElement?: ElementRenderer;
  /** The rendered stylesheets' hashes, for pages with a strict CSP (GET /v1/render/styles). */
  renderStyleHashes?: StyleHashes;
  /** Where the directory keeps its journal (app.ts: a file, with MERCHANT_DIRECTORY_FILE); none: memory only. */
  directoryJournal?: DirectoryJournal | null;
  /** Why this runtime keeps no directory (Workers): GET /v1/directory answers 501 with it. */
  noDirectory?: string;
  /** Records per page the directory's build asks of updated_since (tests use a small one to exercise paging). */
  directoryPageSize?: number;
}

export interface GatewayApp {
  app: Hono;
  /** The handler for a server adapter: a Response, or a promise of one when it must wait (Hono's own fetch). */
  handle(request: Request, env?: unknown): Response | Promise<Response>;
  fetch(request: Request, env?: unknown): Promise<Response>;
  close(): Promise<void>;
  /** Internals for tests, benchmarks and operations. */
  cache: ResponseCache;
  poller: ChangePoller;
  /** null when this gateway keeps none (MERCHANT_DIRECTORY=off, or a runtime that cannot). */
  directory: Directory | null;
  metrics: GatewayMetrics;
  logger: Logger;
}

/** What a runtime must give: the logger and the metrics are not optional here (app.ts fills them on Node). */
export type CoreDeps = GatewayDeps & { logger: Logger; metrics: GatewayMetrics };

export function createGateway(config: GatewayConfig, deps: CoreDeps): GatewayApp {
  const { logger, metrics } = deps;
  const policy = cachePolicy(config);
  const cors = createCors(config.allowedOrigins);
  /** Epoch ms of the last successful upstream answer, per API. */
  const lastUpstreamSuccess: Partial<Record<'actions' | 'publisher', number>> = {};
  let closing = false;
  const cacheCounters = Object.fromEntries(
    (['hit', 'miss', 'stale', 'stale-if-error', 'shared'] as const).map((state) => [state, metrics.cache.child({ result: state })]),
  ) as Record<CacheState, CounterChild>;

  const encoder = deps.compression?.encodings.length
    ? createEncoder(deps.compression.compress, deps.compression.encodings, (error) =>
        logger.warn({ error: String(error) }, 'compression failed; answering uncompressed'),
      )
    : null;
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
      if (outcome === 'ok' || outcome === 'client_error') lastUpstreamSuccess[api] = Date.now();
      else metrics.upstreamErrors.inc({ api, outcome });
      const level = outcome === 'ok' || outcome === 'client_error' ? 'debug' : 'warn';
      logger[level]({ api, path, status, outcome, ms: Math.round(ms) }, 'upstream');
    },
  });

  const directory =
    config.directory && !deps.noDirectory
      ? new Directory({
          upstream,
          logger,
          journal: deps.directoryJournal ?? null,
          maxLocations: config.directoryMaxLocations,
          pageSize: deps.directoryPageSize,
        })
      : null;
  const poller = new ChangePoller({
    upstream,
    cache,
    logger,
    intervalSeconds: config.pollIntervalSeconds,
    now: deps.now,
    pageSize: deps.pollPageSize,
    onChanges: directory
      ? (changes) => directory.applyChanges(changes).catch((error: unknown) => logger.warn({ error: String(error) }, 'directory: change feed not applied'))
      : undefined,
  });

  const addressOptions = { header: config.clientIpHeader, trustedProxies: config.trustedProxies };
  const clientKey = (c: RequestView): string => clientAddress(addressOptions, (name) => c.req.header(name), deps.clientAddress?.(c.req.raw, c.env));
  const isOwnProxy = config.trustedProxyAddresses.length ? addressMatcher(config.trustedProxyAddresses) : undefined;
  const guard = createGuard({ config, cors, metrics, logger, clientKey, isOwnProxy, now: deps.now });

  const app = new Hono();
  const resources = createResources({ cache, upstream, normalize: { secureHosts: new Set(config.secureHosts) } });
  bindResources(app, resources, guard, policy, encoder);
  bindDirectoryRoute(app, directory ?? { reason: deps.noDirectory ?? 'This gateway keeps no directory (MERCHANT_DIRECTORY=off).' }, guard, deps.compression);
  if (deps.renderElement) bindRenderRoute(app, deps.renderElement, deps.renderStyleHashes, cache, guard, policy);
  bindOpsRoutes(app, {
    config,
    guard,
    cors,
    policy,
    metrics,
    clientKey,
    state: {
      closing: () => closing,
      sharedReady: async () => (cache.shared ? cache.shared.ready() : null),
      lastUpstreamSuccess: () => lastUpstreamSuccess,
      dataAge: () => cache.dataAge(),
    },
  });
  metrics.watchData?.(() => ({ cached: cache.dataAge(), lastUpstreamSuccess }));

  if (deps.poll ?? config.pollIntervalSeconds > 0) {
    poller.start();
    // In the background: the gateway answers every other route meanwhile, and this one says how far the build is.
    // Without the poller (nothing would keep it current) the directory is built on the first search instead.
    directory?.start();
  }

  const handle = (request: Request, env?: unknown): Response | Promise<Response> => app.fetch(request, env);
  return {
    app,
    handle,
    fetch: (request, env) => Promise.resolve(handle(request, env)),
    async close() {
      closing = true;
      poller.stop();
      await directory?.stop();
      await cache.idle();
      await cache.shared?.close();
    },
    cache,
    poller,
    directory,
    metrics,
    logger,
  };
}
