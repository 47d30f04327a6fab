/**
 * The gateway's configuration: read once at start from the environment (and CLI flags, which win),
 * validated as a whole so a person sees every mistake in one message, then frozen.
 * Nothing else in the gateway reads process.env.
 */
import { addressMatcher } from './client-address.ts';

export interface GatewayConfig {
  /** Base URL of the Actions API, without a trailing slash (signed paths are appended to it). */
  actionsUrl: string;
  /** Base URL of the Publisher API, without a trailing slash. */
  publisherUrl: string;
  clientId: string;
  signingKey: string;
  /** Sign Publisher API requests with the same scheme as the Actions API. */
  signPublisher: boolean;
  /** Origins allowed by CORS, exact or `scheme://host:*` (any port); `['*']` only when written so. Empty: no CORS headers at all. */
  allowedOrigins: string[];
  /** Hosts whose http image/link URLs have an https variant (`*.domain` for subdomains). */
  secureHosts: string[];
  /** Seconds a cached resource is fresh. */
  cacheTtl: number;
  /** Seconds after freshness during which a stale copy is served at once and refreshed in the background. */
  staleWhileRevalidate: number;
  /** Seconds after freshness during which a stale copy is served when the upstream fails. */
  staleIfError: number;
  /** Upper bound of the in-memory cache, in bytes of serialized bodies. */
  cacheMaxBytes: number;
  redisUrl: string | null;
  /** Per-attempt and overall deadline of one upstream request, milliseconds. */
  upstreamTimeoutMs: number;
  /** Retries after a network error or 5xx (not after a timeout: the deadline is spent). */
  upstreamRetries: number;
  /** Largest upstream body accepted, bytes. */
  upstreamMaxBytes: number;
  /** Requests per minute per client address; 0 disables rate limiting. */
  rateLimitPerMinute: number;
  /** Requests per minute per client address that miss the cache (cost upstream calls); 0 disables. */
  missRateLimitPerMinute: number;
  /** Bearer token that opens /metrics to non-loopback clients; null: loopback only. Never logged. */
  metricsToken: string | null;
  /** Header that carries the client address when behind a trusted proxy or CDN (e.g. `x-forwarded-for`). */
  clientIpHeader: string | null;
  /** Proxies in front of the gateway that append to `clientIpHeader`: the client is that many entries from its right. */
  trustedProxies: number;
  /**
   * The gateway's own proxies/CDN (addresses and CIDR ranges): a request whose client address is one of these came
   * in the proxy's own name (its cache refreshing) and is not rate limited.
   */
  trustedProxyAddresses: string[];
  /** Seconds between change-feed polls; 0 disables the poller. */
  pollIntervalSeconds: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  port: number;
  host: string;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export interface GatewayFlags {
  port?: number | string;
  host?: string;
}

/** Defaults, documented in docs/gateway.md. */
export const CONFIG_DEFAULTS = {
  signPublisher: false,
  cacheTtl: 300,
  staleWhileRevalidate: 3600,
  staleIfError: 86400,
  cacheMaxBytes: 64 * 1024 * 1024,
  upstreamTimeoutMs: 5000,
  upstreamRetries: 2,
  upstreamMaxBytes: 5 * 1024 * 1024,
  rateLimitPerMinute: 600,
  missRateLimitPerMinute: 60,
  trustedProxies: 1,
  pollIntervalSeconds: 60,
  logLevel: 'info',
  secureHosts: '*.sandbox.example',
  port: 8787,
  host: '127.0.0.1',
} as const;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Builds the configuration from an environment map and optional flags.
 * Upstream URLs and credentials are required here; the CLI fills them from an in-process sandbox
 * before calling this when none are configured.
 */
export function loadConfig(env: Record<string, string | undefined>, flags: GatewayFlags = {}): GatewayConfig {
  const problems: string[] = [];
  const text = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };

  const baseUrl = (name: string): string => {
    const value = text(name);
    if (value === undefined) {
      problems.push(`${name} is required: the base URL of the upstream API (e.g. http://127.0.0.1:4010/actions)`);
      return '';
    }
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      problems.push(`${name} is not a URL: "${value}"`);
      return '';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') problems.push(`${name} must be an http(s) URL, got "${url.protocol}"`);
    if (url.search || url.hash) problems.push(`${name} must be a base URL without query or fragment`);
    return value.replace(/\/+$/, '');
  };

  const required = (name: string, what: string): string => {
    const value = text(name);
    if (value === undefined) {
      problems.push(`${name} is required: ${what}`);
      return '';
    }
    return value;
  };

  const integer = (name: string, fallback: number, min: number, max: number, raw = text(name)): number => {
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return Number(raw);
  };

  const bool = (name: string, fallback: boolean): boolean => {
    const raw = text(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false, got "${raw}"`);
    return fallback;
  };

  const actionsUrl = baseUrl('MERCHANT_ACTIONS_URL');
  const publisherUrl = baseUrl('MERCHANT_PUBLISHER_URL');
  const clientId = required('MERCHANT_CLIENT_ID', 'the client id issued with the signing key');
  const signingKey = required('MERCHANT_SIGNING_KEY', 'the signing key issued with the client id');

  const origins = (text('MERCHANT_ALLOWED_ORIGINS') ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  const allowedOrigins: string[] = [];
  for (const origin of origins) {
    if (origin === '*') {
      allowedOrigins.push('*');
      continue;
    }
    try {
      // `scheme://host:*`: that host on any port (a developer's pages on http://localhost:*).
      const anyPort = /^(https?:\/\/[^/:]+|https?:\/\/\[[^\]/]+\]):\*$/.exec(origin);
      const url = new URL(anyPort ? anyPort[1]! : origin);
      // An origin is scheme://host[:port], nothing more: a path would never match the Origin header.
      if (url.origin !== (anyPort ? anyPort[1]! : origin.replace(/\/$/, ''))) throw new Error('not an origin');
      // The URL parser takes `*` in a host name; no Origin header ever has one (there are no host wildcards).
      if (url.hostname.includes('*')) throw new Error('no host wildcards');
      allowedOrigins.push(anyPort ? `${url.origin}:*` : url.origin);
    } catch {
      problems.push(`MERCHANT_ALLOWED_ORIGINS: "${origin}" is not an origin like https://shop.example or http://localhost:* (or * for any)`);
    }
  }
  if (allowedOrigins.includes('*') && allowedOrigins.length > 1) {
    problems.push('MERCHANT_ALLOWED_ORIGINS: * allows every origin; list origins or write * alone');
  }

  let redisUrl = text('REDIS_URL') ?? null;
  if (redisUrl !== null) {
    try {
      if (!/^rediss?:$/.test(new URL(redisUrl).protocol)) throw new Error('scheme');
    } catch {
      problems.push(`REDIS_URL must be a redis:// or rediss:// URL, got "${redisUrl}"`);
      redisUrl = null;
    }
  }

  const trustedProxyAddresses = (text('MERCHANT_TRUSTED_PROXY_ADDRESSES') ?? '').split(',').map((a) => a.trim()).filter(Boolean);
  try {
    addressMatcher(trustedProxyAddresses);
  } catch (error) {
    problems.push(`MERCHANT_TRUSTED_PROXY_ADDRESSES: ${(error as Error).message}`);
  }

  const logLevel = (text('MERCHANT_LOG_LEVEL') ?? CONFIG_DEFAULTS.logLevel) as GatewayConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`MERCHANT_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);

  const flagPort = flags.port === undefined ? undefined : String(flags.port);
  const port = integer(flagPort === undefined ? 'PORT' : '--port', CONFIG_DEFAULTS.port, 0, 65535, flagPort ?? text('PORT'));

  const config: GatewayConfig = {
    actionsUrl,
    publisherUrl,
    clientId,
    signingKey,
    signPublisher: bool('MERCHANT_SIGN_PUBLISHER', CONFIG_DEFAULTS.signPublisher),
    allowedOrigins,
    secureHosts: (text('MERCHANT_SECURE_HOSTS') ?? CONFIG_DEFAULTS.secureHosts).split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
    cacheTtl: integer('MERCHANT_CACHE_TTL', CONFIG_DEFAULTS.cacheTtl, 1, 7 * 86400),
    staleWhileRevalidate: integer('MERCHANT_CACHE_STALE_WHILE_REVALIDATE', CONFIG_DEFAULTS.staleWhileRevalidate, 0, 30 * 86400),
    staleIfError: integer('MERCHANT_CACHE_STALE_IF_ERROR', CONFIG_DEFAULTS.staleIfError, 0, 30 * 86400),
    cacheMaxBytes: integer('MERCHANT_CACHE_MAX_BYTES', CONFIG_DEFAULTS.cacheMaxBytes, 1024, 2 ** 40),
    redisUrl,
    upstreamTimeoutMs: integer('MERCHANT_UPSTREAM_TIMEOUT_MS', CONFIG_DEFAULTS.upstreamTimeoutMs, 50, 120_000),
    upstreamRetries: integer('MERCHANT_UPSTREAM_RETRIES', CONFIG_DEFAULTS.upstreamRetries, 0, 10),
    upstreamMaxBytes: integer('MERCHANT_UPSTREAM_MAX_BYTES', CONFIG_DEFAULTS.upstreamMaxBytes, 1024, 1024 ** 3),
    rateLimitPerMinute: integer('MERCHANT_RATE_LIMIT', CONFIG_DEFAULTS.rateLimitPerMinute, 0, 1_000_000),
    missRateLimitPerMinute: integer('MERCHANT_MISS_RATE_LIMIT', CONFIG_DEFAULTS.missRateLimitPerMinute, 0, 1_000_000),
    metricsToken: text('MERCHANT_METRICS_TOKEN') ?? null,
    clientIpHeader: text('MERCHANT_CLIENT_IP_HEADER')?.toLowerCase() ?? null,
    trustedProxies: integer('MERCHANT_TRUSTED_PROXIES', CONFIG_DEFAULTS.trustedProxies, 0, 32),
    trustedProxyAddresses,
    pollIntervalSeconds: integer('MERCHANT_POLL_INTERVAL', CONFIG_DEFAULTS.pollIntervalSeconds, 0, 86400),
    logLevel,
    port,
    host: flags.host ?? text('HOST') ?? CONFIG_DEFAULTS.host,
  };
  if (config.staleIfError < config.staleWhileRevalidate) {
    problems.push('MERCHANT_CACHE_STALE_IF_ERROR must not be shorter than MERCHANT_CACHE_STALE_WHILE_REVALIDATE');
  }
  if (problems.length) throw new ConfigError(problems);
  return Object.freeze(config);
}
