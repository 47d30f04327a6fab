/**
 * The response cache: an in-memory LRU (lru-cache) in front of an optional shared tier (Redis),
 * with three windows per entry, measured from when the upstream answered:
 *
 *   0 ........ ttl ............ ttl+swr ................ ttl+sie
 *   fresh      stale: served at once, refreshed           stale: served only when the upstream fails
 *              in the background                          (stale-if-error); otherwise wait for a refresh
 *
 * Single-flight: however many requests miss one key at once, one load runs and all await it.
 *
 * Why not lru-cache's own `fetch()`: it has one TTL, and we need separate revalidate and if-error
 * windows plus a shared-tier lookup between memory and the upstream. lru-cache stays the store.
 *
 * Entries hold the response body already serialized (bytes) with its ETag, so a hit costs no
 * JSON.stringify and no hashing.
 */
import { LRUCache } from 'lru-cache';
import type { ErrorResource } from '../contract/index.ts';
import { GatewayError } from './errors.ts';

/**
 * What a loader returns: the body of a 200, or the error resource of a 404 (a negative entry: an unknown location
 * is asked for again and again by a broken page).
 */
export type Loaded<T> = { status: 200; value: T } | { status: 404; value: ErrorResource };

/**
 * A cache key that carries the type of what is stored under it, so what goes in under a key is what comes out:
 * `get` takes a loader of that type, and the entry it answers keeps it. Made by `cacheKey<T>(text)`.
 */
export type CacheKey<T> = string & { readonly __value?: T };

export const cacheKey = <T>(text: string): CacheKey<T> => text;

export type CacheEntry<T = unknown> = Loaded<T> & {
  body: Uint8Array;
  etag: string;
  /** Epoch ms when the upstream answered (kept across the shared tier, so freshness is global). */
  fetchedAt: number;
  /** Set by the change-feed poller: the next request must try to refresh, the copy remains for stale-if-error. */
  invalidated?: boolean;
  /** Location ids the entry belongs to (local bookkeeping for invalidation). */
  tags?: string[];
};

export type CacheState = 'hit' | 'miss' | 'stale' | 'stale-if-error' | 'shared';

/** How old the cached data of one kind of resource is (the key's prefix: `location`, `menus`, `render`…). */
export interface DataAge {
  /** Cached answers of this kind (200s: the data a page can be shown). */
  entries: number;
  /** Epoch ms of the oldest upstream fetch among them. */
  oldestFetchedAt: number;
  /** Epoch ms of the newest. */
  newestFetchedAt: number;
}

/**
 * The cold-miss budget of the request asking (guard.ts makes one per request). The cache asks it only when this
 * request is about to cause an upstream call: `check()` before it starts a load no one else started (throws the
 * 429 to refuse; nothing is started then), `charge()` when that load really goes to the upstream (not answered by
 * the shared tier). Requests that wait on a load already under way, and hits, never touch it.
 */
export interface MissBudget {
  check(): void;
  charge(): void;
}

export interface CacheResult<T = unknown> {
  entry: CacheEntry<T>;
  state: CacheState;
}

/** What a shared tier stores: the entry without the parsed value (rebuilt from the body). */
export interface StoredEntry {
  status: number;
  body: string;
  etag: string;
  fetchedAt: number;
}

export interface SharedTier {
  get(key: string): Promise<StoredEntry | null>;
  set(key: string, entry: StoredEntry, ttlMs: number, tags: string[]): Promise<void>;
  /** Deletes every key stored under a tag (a location id). */
  invalidateTag(tag: string): Promise<void>;
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

export interface CacheOptions {
  ttlSeconds: number;
  staleWhileRevalidateSeconds: number;
  staleIfErrorSeconds: number;
  maxBytes: number;
  shared?: SharedTier | null;
  now?: () => number;
  /** A lookup's outcome; `count` lookups at once (default 1). */
  onEvent?: (state: CacheState, count?: number) => void;
  onError?: (error: unknown, where: string) => void;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A strong ETag from the body's SHA-1 (Web Crypto, so edge runtimes have it too). */
export async function etagOf(body: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', body as Uint8Array<ArrayBuffer>));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `"${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}"`;
}

export async function makeEntry<T>(loaded: Loaded<T>, fetchedAt: number): Promise<CacheEntry<T>> {
  const body = encoder.encode(JSON.stringify(loaded.value));
  return { ...loaded, body, etag: await etagOf(body), fetchedAt };
}

/** Negative answers are kept briefly: long enough to absorb a storm, short enough for a new location to appear. */
const NEGATIVE_TTL_MS = 60_000;

export class ResponseCache {
  private readonly lru: LRUCache<string, CacheEntry>;
  private readonly inflight = new Map<string, Promise<CacheEntry>>();
  /** Shared-tier writes running in the background. */
  private readonly writes = new Set<Promise<void>>();
  private readonly tags = new Map<string, Set<string>>();
  private readonly freshMs: number;
  private readonly swrMs: number;
  private readonly sieMs: number;
  private readonly now: () => number;
  readonly shared: SharedTier | null;

  constructor(private readonly options: CacheOptions) {
    this.freshMs = options.ttlSeconds * 1000;
    this.swrMs = options.staleWhileRevalidateSeconds * 1000;
    this.sieMs = options.staleIfErrorSeconds * 1000;
    this.now = options.now ?? Date.now;
    this.shared = options.shared ?? null;
    this.lru = new LRUCache<string, CacheEntry>({
      maxSize: options.maxBytes,
      // The parsed value costs memory too; about twice the serialized size is a fair estimate.
      sizeCalculation: (entry, key) => entry.body.byteLength * 3 + key.length + 64,
      dispose: (entry, key) => this.untag(key, entry.tags),
    });
  }

  private freshFor(entry: { status: number }): number {
    return entry.status === 200 ? this.freshMs : Math.min(this.freshMs, NEGATIVE_TTL_MS);
  }

  /** Whether an entry with this status, fetched then, is still fresh (for a shared-tier copy before it is parsed). */
  private isFresh(status: number, fetchedAt: number): boolean {
    return this.now() - fetchedAt < this.freshFor({ status });
  }

  /** Age class of an entry now. */
  private classify(entry: CacheEntry): 'fresh' | 'revalidate' | 'if-error' | 'dead' {
    const age = this.now() - entry.fetchedAt;
    const fresh = this.freshFor(entry);
    if (!entry.invalidated && age < fresh) return 'fresh';
    // Negative entries get no stale windows: a location that now exists must show up.
    if (entry.status !== 200) return 'dead';
    if (!entry.invalidated && age < fresh + this.swrMs) return 'revalidate';
    if (age < fresh + this.sieMs) return 'if-error';
    return 'dead';
  }

  /**
   * The entry for `key`, loading it with `load` when needed. `tags` name the locations the entry
   * belongs to, so the change-feed poller can invalidate them. Throws the load's error when there is
   * no copy to fall back on, or when the error is the caller's (4xx), which stale data cannot fix.
   */
  async get<T>(key: CacheKey<T>, load: () => Promise<Loaded<T>>, tags: string[] = [], budget?: MissBudget): Promise<CacheResult<T>> {
    const entry = this.entry(key);
    if (entry) {
      const age = this.classify(entry);
      if (age === 'fresh') return this.result(entry, 'hit');
      if (age === 'revalidate') {
        // Not charged: at most one background refresh per entry per window, whoever happens to ask.
        this.refresh(key, load, tags).catch((error) => this.options.onError?.(error, `background refresh of ${key}`));
        return this.result(entry, 'stale');
      }
      if (age === 'if-error') {
        if (budget && !this.inflight.has(key)) {
          try {
            budget.check();
          } catch {
            // Cached data always answers: a client past its budget gets the copy kept for stale-if-error.
            return this.result(entry, 'stale-if-error');
          }
        }
        try {
          return this.result(await this.refresh(key, load, tags, undefined, budget), 'miss');
        } catch (error) {
          if (error instanceof GatewayError && !error.upstreamFailure) throw error;
          this.options.onError?.(error, `refresh of ${key}, answered from stale`);
          return this.result(entry, 'stale-if-error');
        }
      }
    }
    const fromShared = { value: false };
    if (budget && !this.inflight.has(key)) budget.check();
    const loaded = await this.refresh(key, load, tags, fromShared, budget);
    return this.result(loaded, fromShared.value ? 'shared' : 'miss');
  }

  /**
   * The entry under a key, as the type the key carries: the one place the type comes back, true because every
   * entry is stored by `get` under its own typed key (from a loader or from the shared tier's copy of one).
   */
  private entry<T>(key: CacheKey<T>): CacheEntry<T> | undefined {
    return this.lru.get(key) as CacheEntry<T> | undefined;
  }

  private result<T>(entry: CacheEntry<T>, state: CacheState): CacheResult<T> {
    this.options.onEvent?.(state);
    return { entry, state };
  }

  /** Single-flight load: shared tier first (another instance may have it), then the upstream. */
  private refresh<T>(
    key: CacheKey<T>,
    load: () => Promise<Loaded<T>>,
    tags: string[],
    fromShared?: { value: boolean },
    budget?: MissBudget,
  ): Promise<CacheEntry<T>> {
    let pending = this.inflight.get(key) as Promise<CacheEntry<T>> | undefined;
    if (!pending) {
      pending = this.loadThrough(key, load, tags, fromShared, budget).finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }

  private async loadThrough<T>(
    key: CacheKey<T>,
    load: () => Promise<Loaded<T>>,
    tags: string[],
    fromShared?: { value: boolean },
    budget?: MissBudget,
  ): Promise<CacheEntry<T>> {
    if (this.shared) {
      const stored = await this.shared.get(key).catch((error) => {
        this.options.onError?.(error, 'shared cache read');
        return null;
      });
      if (stored) {
        const local = this.lru.get(key);
        if (this.isFresh(stored.status, stored.fetchedAt) && (!local || stored.fetchedAt > local.fetchedAt || local.invalidated)) {
          try {
            // The shared tier holds the JSON text written from an entry of this same typed key.
            const candidate = { ...stored, body: encoder.encode(stored.body), value: JSON.parse(stored.body) } as CacheEntry<T>;
            this.store(key, candidate, tags);
            if (fromShared) fromShared.value = true;
            return candidate;
          } catch {
            // A corrupt shared entry is a miss.
          }
        }
      }
    }
    budget?.charge();
    const entry = await makeEntry(await load(), this.now());
    this.store(key, entry, tags);
    if (this.shared) {
      const ttlMs = this.freshFor(entry) + (entry.status === 200 ? this.sieMs : 0);
      const stored: StoredEntry = { status: entry.status, body: decoder.decode(entry.body), etag: entry.etag, fetchedAt: entry.fetchedAt };
      // Written in the background: the response does not wait for Redis.
      const write = this.shared
        .set(key, stored, ttlMs, tags)
        .catch((error) => this.options.onError?.(error, 'shared cache write'))
        .finally(() => this.writes.delete(write));
      this.writes.add(write);
    }
    return entry;
  }

  private store(key: string, entry: CacheEntry, tags: string[]): void {
    entry.tags = tags;
    const ttl = this.freshFor(entry) + (entry.status === 200 ? this.sieMs : 0);
    this.lru.set(key, entry, { ttl: Math.max(1, ttl - (this.now() - entry.fetchedAt)) });
    for (const tag of tags) {
      let keys = this.tags.get(tag);
      if (!keys) this.tags.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  private untag(key: string, tags: string[] = []): void {
    for (const tag of tags) {
      const keys = this.tags.get(tag);
      if (keys?.delete(key) && keys.size === 0) this.tags.delete(tag);
    }
  }

  /**
   * Marks every entry of a location as needing a refresh (kept for stale-if-error) and removes the
   * location's entries from the shared tier. Returns how many local entries were marked.
   */
  async invalidateTag(tag: string): Promise<number> {
    const keys = this.tags.get(tag);
    let count = 0;
    for (const key of keys ?? []) {
      const entry = this.lru.peek(key);
      if (entry) {
        entry.invalidated = true;
        count++;
      }
    }
    if (this.shared) await this.shared.invalidateTag(tag).catch((error) => this.options.onError?.(error, 'shared cache invalidate'));
    return count;
  }

  /** Resolves when no load or shared-tier write is running (background ones included): for shutdown and tests. */
  async idle(): Promise<void> {
    while (this.inflight.size || this.writes.size) await Promise.allSettled([...this.inflight.values(), ...this.writes]);
  }

  /**
   * The entry when it is fresh, synchronously (not counted: see countHits); `undefined` otherwise. Lets a
   * composed response (the page) skip the promise machinery when every part is fresh.
   */
  getFresh<T>(key: CacheKey<T>): CacheEntry<T> | undefined {
    const entry = this.entry(key);
    return entry && this.classify(entry) === 'fresh' ? entry : undefined;
  }

  /** Counts hits served through getFresh (one call for several parts). */
  countHits(n: number): void {
    if (n > 0) this.options.onEvent?.('hit', n);
  }

  /**
   * The age of the cached data per kind of resource (the cache key's prefix), for /metrics and /readyz: one pass over
   * the in-memory entries (this instance's; a shared tier's copies are counted once fetched into memory).
   */
  dataAge(): Record<string, DataAge> {
    const byKind: Record<string, DataAge> = {};
    for (const [key, entry] of this.lru.entries()) {
      if (entry.status !== 200) continue;
      const colon = key.indexOf(':');
      const kind = colon === -1 ? key : key.slice(0, colon);
      const age = (byKind[kind] ??= { entries: 0, oldestFetchedAt: entry.fetchedAt, newestFetchedAt: entry.fetchedAt });
      age.entries++;
      age.oldestFetchedAt = Math.min(age.oldestFetchedAt, entry.fetchedAt);
      age.newestFetchedAt = Math.max(age.newestFetchedAt, entry.fetchedAt);
    }
    return byKind;
  }

  /** Lookup without loading (tests, page memo). */
  peek<T>(key: CacheKey<T>): CacheEntry<T> | undefined {
    return this.lru.peek(key) as CacheEntry<T> | undefined;
  }

  get size(): number {
    return this.lru.size;
  }

  clear(): void {
    this.lru.clear();
    this.tags.clear();
  }
}
