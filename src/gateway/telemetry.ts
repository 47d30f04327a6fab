/**
 * What the gateway needs of logging and metrics, runtime-neutral: the interfaces the request path uses, a small JSON
 * logger and a small Prometheus-text metrics set for runtimes without Node (src/adapters/{workers,deno,bun}/). The Node
 * adapter passes pino (src/adapters/node/logger.ts) and prom-client (metrics.ts), which have these shapes.
 */

import type { DataAge } from './cache.ts';

type LogFn = { (object: object, message?: string): void; (message: string): void };

/** The part of a pino logger the gateway calls; pino's Logger has it. */
export interface Logger {
  fatal: LogFn;
  error: LogFn;
  warn: LogFn;
  info: LogFn;
  debug: LogFn;
  trace: LogFn;
}

export interface CounterChild {
  inc(value?: number): void;
}

type Labels<T extends string> = Partial<Record<T, string | number>>;

export interface LabelledCounter<T extends string> {
  /** A child bound to `labels`, resolved once and incremented cheaply. */
  child(labels: Labels<T>): CounterChild;
  inc(labels: Labels<T>, value?: number): void;
}

/** What the gateway knows of its data's age, read when metrics are scraped (gateway.ts). */
export interface DataReport {
  /** Per kind of resource (a cache key's prefix). */
  cached: Record<string, DataAge>;
  /** Epoch ms of the last successful upstream answer, per API (absent: none yet). */
  lastUpstreamSuccess: Partial<Record<'actions' | 'publisher', number>>;
}

export interface GatewayMetrics {
  /** Reports the data's age (gauges read at each scrape); optional: the edge runtimes' metrics leave it out. */
  watchData?(read: () => DataReport): void;
  requests: LabelledCounter<'route' | 'status'>;
  latency: { labels(labels: Labels<'route'>): { observe(seconds: number): void } };
  cache: LabelledCounter<'result'>;
  upstream: LabelledCounter<'api' | 'outcome'>;
  upstreamErrors: LabelledCounter<'api' | 'outcome'>;
  rateLimited: { inc(): void };
  render(): Promise<{ body: string; contentType: string }>;
}

/** Replaces the secrets (at least 4 characters long) and any `signature=` value in a serialized line. */
export function scrubber(secrets: string[]): (text: string) => string {
  const live = secrets.filter((s) => s.length >= 4);
  return (text) => {
    let out = text;
    for (const secret of live) if (out.includes(secret)) out = out.split(secret).join('[redacted]');
    return out.replace(/signature=[^&"\s]*/gi, 'signature=[redacted]');
  };
}

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const;
const REDACTED_FIELDS = new Set(['signingKey', 'metricsToken', 'authorization']);

/**
 * pino-shaped JSON lines (`level`, `time`, `service`, `msg`, fields) written by `write` (default: console.log),
 * with the same two guards as logger.ts: known fields redacted, the finished line scrubbed of the key.
 */
export function createJsonLogger(level: string, signingKey: string, write: (line: string) => void = (line) => console.log(line)): Logger {
  const threshold = LEVELS[level as keyof typeof LEVELS] ?? LEVELS.info;
  const scrub = scrubber([signingKey, encodeURIComponent(signingKey)]);
  const redact = (_key: string, value: unknown) => (REDACTED_FIELDS.has(_key) ? '[redacted]' : value);
  const at = (name: keyof typeof LEVELS): LogFn => {
    const value = LEVELS[name];
    return ((object: object | string, message?: string) => {
      if (value < threshold) return;
      const fields = typeof object === 'string' ? { msg: object } : { ...object, ...(message === undefined ? {} : { msg: message }) };
      let line: string;
      try {
        line = JSON.stringify({ level: value, time: Date.now(), service: 'merchant-gateway', ...fields }, redact);
      } catch {
        line = JSON.stringify({ level: value, time: Date.now(), service: 'merchant-gateway', msg: message ?? 'unserializable log fields' });
      }
      write(scrub(line));
    }) as LogFn;
  };
  return { fatal: at('fatal'), error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug'), trace: at('trace') };
}

const labelText = (labels: Record<string, string | number | undefined>): string => {
  const parts = Object.entries(labels)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}="${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`);
  return parts.length ? `{${parts.join(',')}}` : '';
};

/** The same metric names as metrics.ts, kept in plain objects and rendered as Prometheus text (no default process metrics). */
export function createLiteMetrics(): GatewayMetrics {
  const text: Array<() => string> = [];
  const counter = <T extends string>(name: string, help: string): LabelledCounter<T> & { inc(labels?: Labels<T>, value?: number): void } => {
    const series = new Map<string, { value: number }>();
    const child = (labels: Labels<T> = {}) => {
      const key = labelText(labels);
      let cell = series.get(key);
      if (!cell) series.set(key, (cell = { value: 0 }));
      return cell;
    };
    text.push(() => [`# HELP ${name} ${help}`, `# TYPE ${name} counter`, ...[...series].map(([key, cell]) => `${name}${key} ${cell.value}`)].join('\n'));
    return {
      child(labels) {
        const cell = child(labels);
        return { inc: (value = 1) => void (cell.value += value) };
      },
      inc(labels, value = 1) {
        child(labels).value += value;
      },
    };
  };
  const buckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
  const histograms = new Map<string, { counts: number[]; sum: number; count: number }>();
  const latencyName = 'merchant_gateway_request_duration_seconds';
  text.push(() => {
    const lines = [`# HELP ${latencyName} Time to answer, by route.`, `# TYPE ${latencyName} histogram`];
    for (const [route, h] of histograms) {
      buckets.forEach((le, i) => lines.push(`${latencyName}_bucket${labelText({ le, route })} ${h.counts[i]}`));
      lines.push(
        `${latencyName}_bucket${labelText({ le: '+Inf', route })} ${h.count}`,
        `${latencyName}_sum${labelText({ route })} ${h.sum}`,
        `${latencyName}_count${labelText({ route })} ${h.count}`,
      );
    }
    return lines.join('\n');
  });
  const rateLimited = counter<never>('merchant_gateway_rate_limited_total', 'Requests refused with 429.');
  return {
    requests: counter('merchant_gateway_requests_total', 'Requests answered, by route and status.'),
    latency: {
      labels({ route }) {
        const key = String(route);
        let h = histograms.get(key);
        if (!h) histograms.set(key, (h = { counts: buckets.map(() => 0), sum: 0, count: 0 }));
        const histogram = h;
        return {
          observe(seconds) {
            for (let i = 0; i < buckets.length; i++) if (seconds <= buckets[i]!) histogram.counts[i]!++;
            histogram.sum += seconds;
            histogram.count++;
          },
        };
      },
    },
    cache: counter('merchant_gateway_cache_total', 'Cache lookups: hit, miss, stale (revalidating), stale-if-error, shared.'),
    upstream: counter('merchant_gateway_upstream_requests_total', 'Upstream HTTP attempts, by API and outcome.'),
    upstreamErrors: counter('merchant_gateway_upstream_errors_total', 'Failed upstream attempts (network, timeout, 5xx, malformed, too large).'),
    rateLimited: { inc: () => rateLimited.inc({}) },
    async render() {
      return { body: `${text.map((render) => render()).join('\n')}\n`, contentType: 'text/plain; version=0.0.4; charset=utf-8' };
    },
  };
}
