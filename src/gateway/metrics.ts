/**
 * Prometheus metrics (prom-client), in a registry of their own so several gateways in one process
 * (tests, `serve`) do not collide. Only counter increments and histogram observations happen on the
 * request path, and counter increments through `counterChild` are plain additions: prom-client
 * hashes the labels on every `inc()`, even on a `labels()` child, so the children made here add up
 * locally and hand their totals over when the metrics are read (a `collect` hook).
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

/** A counter bound to one set of labels. */
export interface CounterChild {
  inc(value?: number): void;
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
export function counterChild<T extends string>(counter: Counter<T>, labels: Partial<Record<T, string | number>>): CounterChild {
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

/** A histogram bound to one set of labels. */
export interface HistogramChild {
  observe(value: number): void;
}

interface PendingObservations {
  labels: LabelValues;
  /** Per bucket (the histogram's bounds, then +Inf): observations and their sum. */
  counts: number[];
  sums: number[];
}
const pendingByHistogram = new WeakMap<Histogram<string>, { bounds: number[]; children: PendingObservations[] }>();

/** prom-client's per-label-set state of a histogram (not public API; checked before use). */
interface HistogramState {
  labels: LabelValues;
  bucketValues: Record<string, number>;
  sum: number;
  count: number;
}

function sameLabels(a: LabelValues, b: LabelValues): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => String(a[k]) === String(b[k]));
}

function flushHistogram(histogram: Histogram<string>): void {
  const state = pendingByHistogram.get(histogram);
  if (!state) return;
  const map = (histogram as unknown as { hashMap?: Record<string, HistogramState> }).hashMap;
  for (const child of state.children) {
    const total = child.counts.reduce((a, b) => a + b, 0);
    if (!total) continue;
    let target: HistogramState | undefined;
    if (map && typeof map === 'object') {
      target = Object.values(map).find((v) => v && sameLabels(v.labels, child.labels));
      if (!target) {
        histogram.zero(child.labels);
        target = Object.values(map).find((v) => v && sameLabels(v.labels, child.labels));
      }
    }
    const usable = target && typeof target.sum === 'number' && typeof target.count === 'number'
      && target.bucketValues && state.bounds.every((b) => typeof target!.bucketValues[b] === 'number');
    child.counts.forEach((count, i) => {
      if (!count) return;
      if (usable) {
        if (i < state.bounds.length) target!.bucketValues[state.bounds[i]!]! += count;
        target!.sum += child.sums[i]!;
        target!.count += count;
      } else {
        // Another prom-client layout: replay through the public API (each at its bucket's mean,
        // which keeps every bucket count and the sum).
        for (let k = 0; k < count; k++) histogram.observe(child.labels, child.sums[i]! / count);
      }
      child.counts[i] = 0;
      child.sums[i] = 0;
    });
  }
}

/**
 * A child of `histogram` for `labels` whose observations cost a bucket search and two additions
 * (prom-client validates and hashes the labels on every observation, even on a `labels()` child).
 * Histograms from createMetrics receive them whenever they are read; any other histogram gets
 * prom-client's own child.
 */
export function histogramChild<T extends string>(histogram: Histogram<T>, labels: Partial<Record<T, string | number>>): HistogramChild {
  const state = pendingByHistogram.get(histogram as Histogram<string>);
  if (!state) return histogram.labels(labels);
  const { bounds } = state;
  const child: PendingObservations = { labels, counts: new Array(bounds.length + 1).fill(0), sums: new Array(bounds.length + 1).fill(0) };
  state.children.push(child);
  return {
    observe(value) {
      if (!Number.isFinite(value)) throw new TypeError(`Value is not a valid number: ${value}`);
      let i = 0;
      while (i < bounds.length && value > bounds[i]!) i++;
      child.counts[i]! += 1;
      child.sums[i]! += value;
    },
  };
}

function flushing<T extends string>(counter: Counter<T>): Counter<T> {
  pendingByCounter.set(counter as Counter<string>, []);
  return counter;
}

const flushOnCollect = {
  collect(this: Counter<string>) {
    flush(this);
  },
};

const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function bufferedHistogram<T extends string>(histogram: Histogram<T>): Histogram<T> {
  pendingByHistogram.set(histogram as Histogram<string>, { bounds: LATENCY_BUCKETS, children: [] });
  return histogram;
}

export function createMetrics(options: { defaultMetrics?: boolean } = {}): GatewayMetrics {
  const registry = new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry, prefix: 'merchant_gateway_' });
  const registers = [registry];
  return {
    registry,
    requests: flushing(new Counter({ name: 'merchant_gateway_requests_total', help: 'Requests answered, by route and status.', labelNames: ['route', 'status'], registers, ...flushOnCollect })),
    latency: bufferedHistogram(new Histogram({
      name: 'merchant_gateway_request_duration_seconds', help: 'Time to answer, by route.', labelNames: ['route'], registers,
      buckets: LATENCY_BUCKETS,
      collect(this: Histogram<string>) {
        flushHistogram(this);
      },
    })),
    cache: flushing(new Counter({ name: 'merchant_gateway_cache_total', help: 'Cache lookups: hit, miss, stale (revalidating), stale-if-error, shared (from Redis).', labelNames: ['result'], registers, ...flushOnCollect })),
    upstream: new Counter({ name: 'merchant_gateway_upstream_requests_total', help: 'Upstream HTTP attempts, by API and outcome.', labelNames: ['api', 'outcome'], registers }),
    upstreamErrors: new Counter({ name: 'merchant_gateway_upstream_errors_total', help: 'Failed upstream attempts (network, timeout, 5xx, malformed, too large).', labelNames: ['api', 'outcome'], registers }),
    rateLimited: new Counter({ name: 'merchant_gateway_rate_limited_total', help: 'Requests refused with 429.', registers }),
    async render() {
      return { body: await registry.metrics(), contentType: registry.contentType };
    },
  };
}
