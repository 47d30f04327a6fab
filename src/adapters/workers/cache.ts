/**
 * The shared cache tier on Cloudflare Workers: the Cache API (`caches.default`, per data centre), instead of Redis.
 * Entries are stored as responses under a private URL with `Cache-Control: max-age`; the Cache API cannot delete
 * by tag, so invalidating a location stores the time of the invalidation under the location's own URL, and an
 * entry fetched before that time reads as missing. Where the Cache API is absent or does nothing (local workerd
 * without a cache service) every read misses.
 */
import type { SharedTier, StoredEntry } from '../../gateway/cache.ts';

interface CacheLike {
  match(request: Request | string): Promise<Response | undefined>;
  put(request: Request | string, response: Response): Promise<void>;
}

const BASE = 'https://merchant-gateway.cache.internal';
const entryUrl = (key: string) => `${BASE}/entry/${encodeURIComponent(key)}`;
const tagUrl = (tag: string) => `${BASE}/tag/${encodeURIComponent(tag)}`;
/** How long an invalidation is remembered: longer than any entry lives (stale-if-error is at most 30 days). */
const TAG_SECONDS = 31 * 86400;

export function workersCacheTier(cache?: CacheLike): SharedTier | null {
  const store = cache ?? (globalThis as { caches?: { default?: CacheLike } }).caches?.default;
  if (!store) return null;
  // Local workerd without a cache service throws "No Cache was configured" on every call: then the tier is off.
  let off = false;
  const guarded = async <T>(fallback: T, run: () => Promise<T>): Promise<T> => {
    if (off) return fallback;
    try {
      return await run();
    } catch (error) {
      if (String(error).includes('No Cache was configured')) {
        off = true;
        return fallback;
      }
      throw error;
    }
  };
  const invalidatedAt = async (tag: string): Promise<number> => {
    const res = await store.match(tagUrl(tag));
    return res ? Number(await res.text()) || 0 : 0;
  };
  return {
    get: (key) =>
      guarded(null, async () => {
        const res = await store.match(entryUrl(key));
        if (!res) return null;
        const fetchedAt = Number(res.headers.get('x-fetched-at'));
        const tags = (res.headers.get('x-tags') ?? '').split(',').filter(Boolean).map(decodeURIComponent);
        for (const tag of tags) if ((await invalidatedAt(tag)) >= fetchedAt) return null;
        const entry: StoredEntry = { status: Number(res.headers.get('x-status')), body: await res.text(), etag: res.headers.get('x-etag') ?? '', fetchedAt };
        return entry;
      }),
    set: (key, entry, ttlMs, tags) =>
      guarded(undefined, async () => {
        await store.put(
          entryUrl(key),
          new Response(entry.body, {
            headers: {
              'cache-control': `max-age=${Math.max(1, Math.ceil(ttlMs / 1000))}`,
              'x-status': String(entry.status),
              'x-etag': entry.etag,
              'x-fetched-at': String(entry.fetchedAt),
              'x-tags': tags.map(encodeURIComponent).join(','),
            },
          }),
        );
      }),
    invalidateTag: (tag) =>
      guarded(undefined, async () => {
        await store.put(tagUrl(tag), new Response(String(Date.now()), { headers: { 'cache-control': `max-age=${TAG_SECONDS}` } }));
      }),
    ready: async () => true,
    close: async () => {},
  };
}
