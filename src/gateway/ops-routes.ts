/**
 * The routes that are not resources: the OpenAPI document, the probes, the metrics scrape, CORS preflights, and
 * the answers for unknown paths and methods.
 */
import type { Hono } from 'hono';
import { metricsAllowed } from './client-address.ts';
import type { DataAge } from './cache.ts';
import type { GatewayConfig } from './config.ts';
import { GatewayError, toGatewayError } from './errors.ts';
import type { Guard, RequestView } from './guard.ts';
import { ALLOWED_METHODS, SECURITY_HEADERS, errorResponse, jsonResponse, type CachePolicy, type Cors } from './http.ts';
import type { GatewayMetrics } from './telemetry.ts';
import { openApiDocument } from './openapi.ts';

export interface OpsState {
  /** Whether the gateway is shutting down (readyz answers 503 so the balancer stops sending). */
  closing(): boolean;
  /** The shared tier's health: null when there is none. */
  sharedReady(): Promise<boolean | null>;
  /** Epoch ms of the last successful upstream answer, per API (absent: none yet). */
  lastUpstreamSuccess(): Partial<Record<'actions' | 'publisher', number>>;
  /** The cached data's age per kind of resource. */
  dataAge(): Record<string, DataAge>;
}

const isoOrNull = (ms: number | undefined) => (ms ? new Date(ms).toISOString() : null);

export interface OpsOptions {
  config: Pick<GatewayConfig, 'metricsToken'>;
  guard: Guard;
  cors: Cors;
  policy: CachePolicy;
  metrics: GatewayMetrics;
  clientKey(c: RequestView): string;
  state: OpsState;
}

export function bindOpsRoutes(app: Hono, { config, guard, cors, policy, metrics, clientKey, state }: OpsOptions): void {
  const openapi = JSON.stringify(openApiDocument());
  app.get(
    '/v1/openapi.json',
    guard(
      'openapi',
      (_c, headers) =>
        new Response(openapi, {
          status: 200,
          headers: { ...SECURITY_HEADERS, ...headers, 'content-type': 'application/json; charset=utf-8', 'cache-control': policy.ok },
        }),
    ),
  );

  // Probes and scrapes are not rate limited: a load balancer checking often must not see 429.
  app.get(
    '/healthz',
    guard('healthz', (_c, headers) => jsonResponse(200, { status: 'ok' }, headers, 'no-store'), false),
  );

  app.get(
    '/readyz',
    guard(
      'readyz',
      async (_c, headers) => {
        const shared = await state.sharedReady().catch(() => false);
        const ready = !state.closing() && shared !== false;
        const bySource = state.lastUpstreamSuccess();
        const now = Date.now();
        // How old the data is that this instance serves: per kind of resource, its oldest and newest upstream fetch.
        const data = Object.fromEntries(
          Object.entries(state.dataAge()).map(([kind, age]) => [
            kind,
            {
              entries: age.entries,
              oldestFetch: isoOrNull(age.oldestFetchedAt),
              newestFetch: isoOrNull(age.newestFetchedAt),
              oldestAgeSeconds: Math.max(0, Math.round((now - age.oldestFetchedAt) / 1000)),
            },
          ]),
        );
        return jsonResponse(
          ready ? 200 : 503,
          {
            status: ready ? 'ready' : 'not ready',
            closing: state.closing(),
            redis: shared === null ? 'not configured' : shared ? 'ok' : 'unavailable',
            lastUpstreamSuccess: isoOrNull(Math.max(0, ...Object.values(bySource))),
            lastUpstreamSuccessByApi: { actions: isoOrNull(bySource.actions), publisher: isoOrNull(bySource.publisher) },
            data,
          },
          headers,
          'no-store',
        );
      },
      false,
    ),
  );

  // Metrics show traffic and cache contents: only for a loopback client (the address the rate limit sees, so a proxy
  // on the same host does not make them public) or a scraper holding MERCHANT_METRICS_TOKEN.
  app.get(
    '/metrics',
    guard(
      'metrics',
      async (c) => {
        if (!metricsAllowed(config.metricsToken, c.req.header('authorization'), clientKey(c))) {
          throw new GatewayError(403, 'METRICS_FORBIDDEN', 'Metrics are served to loopback clients, or with the bearer token set in MERCHANT_METRICS_TOKEN.');
        }
        const { body, contentType } = await metrics.render();
        return new Response(body, { status: 200, headers: { ...SECURITY_HEADERS, 'content-type': contentType, 'cache-control': 'no-store' } });
      },
      false,
    ),
  );

  app.options('*', (c) => {
    const headers = cors.preflight(c.req.header('origin'));
    if (!headers) {
      return errorResponse(
        new GatewayError(403, 'ORIGIN_NOT_ALLOWED', 'This origin is not allowed to use the gateway; add it to MERCHANT_ALLOWED_ORIGINS.'),
        cors.headers(undefined),
      );
    }
    return new Response(null, { status: 204, headers: { ...SECURITY_HEADERS, ...headers } });
  });

  // Everything no route matched (unknown paths, other methods). notFound rather than a catch-all route: a catch-all
  // would match every request too, sending each through Hono's async compose.
  app.notFound(
    guard('other', async (c) => {
      const method = c.req.method;
      if (method !== 'GET' && method !== 'HEAD') {
        const error = new GatewayError(405, 'METHOD_NOT_ALLOWED', `Method ${method} is not allowed; the gateway is read-only (${ALLOWED_METHODS}).`);
        return errorResponse(error, cors.headers(c.req.header('origin')), { allow: ALLOWED_METHODS });
      }
      throw new GatewayError(404, 'NOT_FOUND', 'No such endpoint; see /v1/openapi.json.');
    }),
  );

  app.onError((error) => errorResponse(toGatewayError(error), {}));
}
