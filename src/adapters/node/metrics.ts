/**
 * Prometheus metrics (prom-client), in a registry of their own so several gateways in one process
 * (tests, `serve`) do not collide. Only counter increments and histogram observations happen on the
 * request path, and counter increments through `counterChild` are plain additions: prom-client
 * hashes the labels on every `inc()`, even on a `labels()` child, so the children made here add up
 * locally and hand their totals over when the metrics are read (a `collect` hook).
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DataAge } from '../../gateway/cache.ts';
import type { CounterChild, DataReport, GatewayMetrics, LabelledCounter } from '../../gateway/telemetry.ts';

export type { CounterChild, GatewayMetrics } from '../../gateway/telemetry.ts';

/** The Node metrics: prom-client's, with the registry (for default process metrics and tests). */
export interface NodeMetrics extends GatewayMetrics {
  registry: Registry;
}

type LabelValues = Partial<Record<string, string | number>>;
interface Pending {
  labels: LabelValues;
  value: number;
}
/** Local totals not yet handed to prom-client, per counter made by createMetrics. */
const pendingByCounter = new WeakMap<Counter<string>, Pending[]>();

function flush(counter: Counter<string>): void {
  for (const pending of pendingByCounter.get(counter) ?? []) {
    if (pending.value) {
      counter.inc(pending.labels, pending.value);
      pending.value = 0;
    }
  }
}

/**
 * A child of `counter` for `labels` whose increments cost an addition. Counters from createMetrics
 * receive the totals whenever they are read (scrape, `get()`); any other counter (passed in
 * `deps.metrics`) gets prom-client's own child.
 */
function counterChild<T extends string>(counter: Counter<T>, labels: Partial<Record<T, string | number>>): CounterChild {
  const list = pendingByCounter.get(counter as Counter<string>);
  if (!list) return counter.labels(labels);
  const pending: Pending = { labels, value: 0 };
  list.push(pending);
  return {
    inc(value = 1) {
      pending.value += value;
    },
  };
}

function flushing<T extends string>(counter: Counter<T>): LabelledCounter<T> {
  pendingByCounter.set(counter as Counter<string>, []);
  return labelled(counter);
}

/** A prom-client counter in the gateway's shape (children through counterChild). */
function labelled<T extends string>(counter: Counter<T>): LabelledCounter<T> {
  return {
    child: (labels) => counterChild(counter, labels),
    inc: (labels, value = 1) => counter.inc(labels, value),
  };
}

const flushOnCollect = {
  collect(this: Counter<string>) {
    flush(this);
  },
};

/**
 * The data's age as gauges, read from the gateway at each scrape: per kind of cached resource, the seconds since its
 * oldest upstream fetch and the number of cached answers; per upstream API, when its last successful answer came.
 */
function dataGauges(read: () => DataReport, registers: Registry[]): void {
  const seconds = (ms: number) => Math.max(0, ms / 1000);
  const perResource: Array<[name: string, help: string, value: (age: DataAge, now: number) => number]> = [
    [
      'merchant_gateway_data_age_seconds',
      'Seconds since the oldest upstream fetch among the cached answers, by kind of resource (location, menus, photos, actions, nearby, render…).',
      (age, now) => seconds(now - age.oldestFetchedAt),
    ],
    [
      'merchant_gateway_data_newest_age_seconds',
      'Seconds since the newest upstream fetch among the cached answers, by kind of resource.',
      (age, now) => seconds(now - age.newestFetchedAt),
    ],
    ['merchant_gateway_cached_answers', 'Cached answers (200s) in this instance, by kind of resource.', (age) => age.entries],
  ];
  for (const [name, help, value] of perResource) {
    new Gauge({
      name,
      help,
      labelNames: ['resource'],
      registers,
      collect() {
        this.reset();
        const now = Date.now();
        for (const [resource, age] of Object.entries(read().cached)) this.set({ resource }, value(age, now));
      },
    });
  }
  new Gauge({
    name: 'merchant_gateway_upstream_last_success_timestamp_seconds',
    help: 'When the last successful upstream answer came (Unix seconds), by API; absent until the first.',
    labelNames: ['api'],
    registers,
    collect() {
      this.reset();
      for (const [api, at] of Object.entries(read().lastUpstreamSuccess)) if (at) this.set({ api }, at / 1000);
    },
  });
}

export function createMetrics(options: { defaultMetrics?: boolean } = {}): NodeMetrics {
  const registry = new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry, prefix: 'merchant_gateway_' });
  const registers = [registry];
  return {
    registry,
    requests: flushing(
      new Counter({
        name: 'merchant_gateway_requests_total',
        help: 'Requests answered, by route and status.',
        labelNames: ['route', 'status'],
        registers,
        ...flushOnCollect,
      }),
    ),
    latency: new Histogram({
      name: 'merchant_gateway_request_duration_seconds',
      help: 'Time to answer, by route.',
      labelNames: ['route'],
      registers,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
    cache: flushing(
      new Counter({
        name: 'merchant_gateway_cache_total',
        help: 'Cache lookups: hit, miss, stale (revalidating), stale-if-error, shared (from Redis).',
        labelNames: ['result'],
        registers,
        ...flushOnCollect,
      }),
    ),
    upstream: labelled(
      new Counter({
        name: 'merchant_gateway_upstream_requests_total',
        help: 'Upstream HTTP attempts, by API and outcome.',
        labelNames: ['api', 'outcome'],
        registers,
      }),
    ),
    upstreamErrors: labelled(
      new Counter({
        name: 'merchant_gateway_upstream_errors_total',
        help: 'Failed upstream attempts (network, timeout, 5xx, malformed, too large).',
        labelNames: ['api', 'outcome'],
        registers,
      }),
    ),
    rateLimited: new Counter({ name: 'merchant_gateway_rate_limited_total', help: 'Requests refused with 429.', registers }),
    watchData: (read) => dataGauges(read, registers),
    async render() {
      return { body: await registry.metrics(), contentType: registry.contentType };
    },
  };
}
