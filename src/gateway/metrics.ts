/**
 * Prometheus metrics (prom-client), in a registry of their own so several gateways in one process
 * (tests, `serve`) do not collide. Only counter increments and histogram observations happen on the
 * request path.
 */
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface GatewayMetrics {
  registry: Registry;
  requests: Counter<'route' | 'status'>;
  latency: Histogram<'route'>;
  cache: Counter<'result'>;
  upstream: Counter<'api' | 'outcome'>;
  upstreamErrors: Counter<'api' | 'outcome'>;
  rateLimited: Counter;
  render(): Promise<{ body: string; contentType: string }>;
}

export function createMetrics(options: { defaultMetrics?: boolean } = {}): GatewayMetrics {
  const registry = new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry, prefix: 'merchant_gateway_' });
  const registers = [registry];
  return {
    registry,
    requests: new Counter({ name: 'merchant_gateway_requests_total', help: 'Requests answered, by route and status.', labelNames: ['route', 'status'], registers }),
    latency: new Histogram({
      name: 'merchant_gateway_request_duration_seconds', help: 'Time to answer, by route.', labelNames: ['route'], registers,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
    cache: new Counter({ name: 'merchant_gateway_cache_total', help: 'Cache lookups: hit, miss, stale (revalidating), stale-if-error, shared (from Redis).', labelNames: ['result'], registers }),
    upstream: new Counter({ name: 'merchant_gateway_upstream_requests_total', help: 'Upstream HTTP attempts, by API and outcome.', labelNames: ['api', 'outcome'], registers }),
    upstreamErrors: new Counter({ name: 'merchant_gateway_upstream_errors_total', help: 'Failed upstream attempts (network, timeout, 5xx, malformed, too large).', labelNames: ['api', 'outcome'], registers }),
    rateLimited: new Counter({ name: 'merchant_gateway_rate_limited_total', help: 'Requests refused with 429.', registers }),
    async render() {
      return { body: await registry.metrics(), contentType: registry.contentType };
    },
  };
}
