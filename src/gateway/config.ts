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
  /** Keep a directory of the upstream's locations for GET /v1/directory (built from the feeds at start). */
  directory: boolean;
  /** The directory's journal file: it survives a restart without a rebuild. null: memory only. */
  directoryFile: string | null;
  /** The most locations the directory holds (its memory bound); a larger feed stops the build. */
  directoryMaxLocations: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Serve the configurator at /configurator (Node adapter only: it reads the package's files). */
  configurator: boolean;
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
  directory: true,
  directoryMaxLocations: 2_000_000,
  logLevel: 'info',
  configurator: true,
  secureHosts: '*.sandbox.example',
  port: 8787,
  host: '127.0.0.1',
} as const;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Reads named environment variables, collecting every problem rather than stopping at the first, so a person sees
 * them all in one message. Each reader returns a usable value (its fallback) even when it records a problem.
 */
class EnvReader {
  readonly problems: string[] = [];
  constructor(private readonly env: Record<string, string | undefined>) {}

  /** Trimmed text; `undefined` when absent or blank. */
  text(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value === '' ? undefined : value;
  }

  required(name: string, what: string): string {
    const value = this.text(name);
    if (value === undefined) this.problems.push(`${name} is required: ${what}`);
    return value ?? '';
  }

  /** An upstream API's base URL: http(s), no query or fragment, no trailing slash. */
  baseUrl(name: string): string {
    const value = this.text(name);
    if (value === undefined) {
      this.problems.push(`${name} is required: the base URL of the upstream API (e.g. http://127.0.0.1:4010/actions)`);
      return '';
    }
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      this.problems.push(`${name} is not a URL: "${value}"`);
      return '';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') this.problems.push(`${name} must be an http(s) URL, got "${url.protocol}"`);
    if (url.search || url.hash) this.problems.push(`${name} must be a base URL without query or fragment`);
    return value.replace(/\/+$/, '');
  }

  /** A whole number in [min, max]; `raw` when the value comes from elsewhere (a flag). */
  integer(name: string, fallback: number, min: number, max: number, raw = this.text(name)): number {
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return Number(raw);
  }

  bool(name: string, fallback: boolean): boolean {
    const raw = this.text(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    this.problems.push(`${name} must be true or false, got "${raw}"`);
    return fallback;
  }

  /** A comma-separated list, each item trimmed, empty items dropped. */
  list(name: string, fallback = ''): string[] {
    return (this.text(name) ?? fallback)
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  }
}

/** MERCHANT_ALLOWED_ORIGINS: exact origins, `scheme://host:*` (any port), or `*` alone. */
function allowedOrigins(read: EnvReader): string[] {
  const allowed: string[] = [];
  for (const origin of read.list('MERCHANT_ALLOWED_ORIGINS')) {
    if (origin === '*') {
      allowed.push('*');
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
      allowed.push(anyPort ? `${url.origin}:*` : url.origin);
    } catch {
      read.problems.push(`MERCHANT_ALLOWED_ORIGINS: "${origin}" is not an origin like https://shop.example or http://localhost:* (or * for any)`);
    }
  }
  if (allowed.includes('*') && allowed.length > 1) {
    read.problems.push('MERCHANT_ALLOWED_ORIGINS: * allows every origin; list origins or write * alone');
  }
  return allowed;
}

/** REDIS_URL: a redis:// or rediss:// URL, or none. */
function redisUrl(read: EnvReader): string | null {
  const value = read.text('REDIS_URL') ?? null;
  if (value === null) return null;
  try {
    if (!/^rediss?:$/.test(new URL(value).protocol)) throw new Error('scheme');
    return value;
  } catch {
    read.problems.push(`REDIS_URL must be a redis:// or rediss:// URL, got "${value}"`);
    return null;
  }
}

/** MERCHANT_TRUSTED_PROXY_ADDRESSES: addresses and CIDR ranges, checked by the matcher that will use them. */
function trustedProxyAddresses(read: EnvReader): string[] {
  const addresses = read.list('MERCHANT_TRUSTED_PROXY_ADDRESSES');
  try {
    addressMatcher(addresses);
  } catch (error) {
    read.problems.push(`MERCHANT_TRUSTED_PROXY_ADDRESSES: ${(error as Error).message}`);
  }
  return addresses;
}

function logLevel(read: EnvReader): GatewayConfig['logLevel'] {
  const level = (read.text('MERCHANT_LOG_LEVEL') ?? CONFIG_DEFAULTS.logLevel) as GatewayConfig['logLevel'];
  if (!LOG_LEVELS.includes(level)) read.problems.push(`MERCHANT_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${level}"`);
  return level;
}

/** The port: the --port flag when given (named so in a problem), else PORT. */
function port(read: EnvReader, flags: GatewayFlags): number {
  const flagPort = flags.port === undefined ? undefined : String(flags.port);
  return read.integer(flagPort === undefined ? 'PORT' : '--port', CONFIG_DEFAULTS.port, 0, 65535, flagPort ?? read.text('PORT'));
}

const DAY = 86400;

/**
 * Every setting: where it is read from (its environment variable), its limits and its default. The one place a
 * setting is added; docs/gateway.md lists the same variables.
 */
const SETTINGS: { [K in keyof GatewayConfig]: (read: EnvReader, flags: GatewayFlags) => GatewayConfig[K] } = {
  actionsUrl: (read) => read.baseUrl('MERCHANT_ACTIONS_URL'),
  publisherUrl: (read) => read.baseUrl('MERCHANT_PUBLISHER_URL'),
  clientId: (read) => read.required('MERCHANT_CLIENT_ID', 'the client id issued with the signing key'),
  signingKey: (read) => read.required('MERCHANT_SIGNING_KEY', 'the signing key issued with the client id'),
  signPublisher: (read) => read.bool('MERCHANT_SIGN_PUBLISHER', CONFIG_DEFAULTS.signPublisher),
  allowedOrigins,
  secureHosts: (read) => read.list('MERCHANT_SECURE_HOSTS', CONFIG_DEFAULTS.secureHosts).map((host) => host.toLowerCase()),
  cacheTtl: (read) => read.integer('MERCHANT_CACHE_TTL', CONFIG_DEFAULTS.cacheTtl, 1, 7 * DAY),
  staleWhileRevalidate: (read) => read.integer('MERCHANT_CACHE_STALE_WHILE_REVALIDATE', CONFIG_DEFAULTS.staleWhileRevalidate, 0, 30 * DAY),
  staleIfError: (read) => read.integer('MERCHANT_CACHE_STALE_IF_ERROR', CONFIG_DEFAULTS.staleIfError, 0, 30 * DAY),
  cacheMaxBytes: (read) => read.integer('MERCHANT_CACHE_MAX_BYTES', CONFIG_DEFAULTS.cacheMaxBytes, 1024, 2 ** 40),
  redisUrl,
  upstreamTimeoutMs: (read) => read.integer('MERCHANT_UPSTREAM_TIMEOUT_MS', CONFIG_DEFAULTS.upstreamTimeoutMs, 50, 120_000),
  upstreamRetries: (read) => read.integer('MERCHANT_UPSTREAM_RETRIES', CONFIG_DEFAULTS.upstreamRetries, 0, 10),
  upstreamMaxBytes: (read) => read.integer('MERCHANT_UPSTREAM_MAX_BYTES', CONFIG_DEFAULTS.upstreamMaxBytes, 1024, 1024 ** 3),
  rateLimitPerMinute: (read) => read.integer('MERCHANT_RATE_LIMIT', CONFIG_DEFAULTS.rateLimitPerMinute, 0, 1_000_000),
  missRateLimitPerMinute: (read) => read.integer('MERCHANT_MISS_RATE_LIMIT', CONFIG_DEFAULTS.missRateLimitPerMinute, 0, 1_000_000),
  metricsToken: (read) => read.text('MERCHANT_METRICS_TOKEN') ?? null,
  clientIpHeader: (read) => read.text('MERCHANT_CLIENT_IP_HEADER')?.toLowerCase() ?? null,
  trustedProxies: (read) => read.integer('MERCHANT_TRUSTED_PROXIES', CONFIG_DEFAULTS.trustedProxies, 0, 32),
  trustedProxyAddresses,
  pollIntervalSeconds: (read) => read.integer('MERCHANT_POLL_INTERVAL', CONFIG_DEFAULTS.pollIntervalSeconds, 0, DAY),
  directory: (read) => read.bool('MERCHANT_DIRECTORY', CONFIG_DEFAULTS.directory),
  directoryFile: (read) => read.text('MERCHANT_DIRECTORY_FILE') ?? null,
  directoryMaxLocations: (read) => read.integer('MERCHANT_DIRECTORY_MAX_LOCATIONS', CONFIG_DEFAULTS.directoryMaxLocations, 1, 100_000_000),
  logLevel,
  configurator: (read) => read.bool('MERCHANT_CONFIGURATOR', CONFIG_DEFAULTS.configurator),
  port,
  host: (read, flags) => flags.host ?? read.text('HOST') ?? CONFIG_DEFAULTS.host,
};

/** Rules between settings, once each has been read. */
function crossChecks(config: GatewayConfig): string[] {
  return config.staleIfError < config.staleWhileRevalidate
    ? ['MERCHANT_CACHE_STALE_IF_ERROR must not be shorter than MERCHANT_CACHE_STALE_WHILE_REVALIDATE']
    : [];
}

/**
 * Builds the configuration from an environment map and optional flags.
 * Upstream URLs and credentials are required here; the CLI fills them from an in-process sandbox
 * before calling this when none are configured.
 */
export function loadConfig(env: Record<string, string | undefined>, flags: GatewayFlags = {}): GatewayConfig {
  const read = new EnvReader(env);
  const config = Object.fromEntries(Object.entries(SETTINGS).map(([key, setting]) => [key, setting(read, flags)])) as unknown as GatewayConfig;
  const problems = [...read.problems, ...crossChecks(config)];
  if (problems.length) throw new ConfigError(problems);
  return Object.freeze(config);
}
