/**
 * Redis as the shared cache tier (REDIS_URL): several gateway instances read and fill one cache.
 * Node only (ioredis); an edge deployment passes another SharedTier or none.
 *
 * Redis is an optimisation, never a dependency: commands time out quickly, nothing queues while it
 * is down, and every failure is a miss (the cache logs it and goes to the upstream).
 */
import { Redis } from 'ioredis';
import type { SharedTier, StoredEntry } from '../../gateway/cache.ts';

const PREFIX = 'merchant-gateway:v1:';

export function createRedisTier(url: string): SharedTier {
  const redis = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 250,
    connectTimeout: 2000,
    // Keep trying to reconnect in the background, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  // Errors surface on commands; an unhandled 'error' event would crash the process.
  redis.on('error', () => {});

  return {
    async get(key) {
      const raw = await redis.get(PREFIX + key);
      if (!raw) return null;
      const parsed = JSON.parse(raw) as StoredEntry;
      return typeof parsed.body === 'string' && typeof parsed.etag === 'string' ? parsed : null;
    },
    async set(key, entry, ttlMs, tags) {
      const multi = redis.multi().set(PREFIX + key, JSON.stringify(entry), 'PX', Math.max(1, Math.round(ttlMs)));
      // Tag sets let the change-feed poller find a location's keys without SCAN.
      for (const tag of tags) multi.sadd(`${PREFIX}tag:${tag}`, key).pexpire(`${PREFIX}tag:${tag}`, Math.round(ttlMs));
      await multi.exec();
    },
    async invalidateTag(tag) {
      const keys = await redis.smembers(`${PREFIX}tag:${tag}`);
      if (keys.length) await redis.del(...keys.map((k) => PREFIX + k), `${PREFIX}tag:${tag}`);
    },
    async ready() {
      if (redis.status !== 'ready') {
        // Connecting (at start, or after an outage): wait briefly rather than answer "not ready" at once.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 1000);
          redis.once('ready', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return redis.status === 'ready' && (await redis.ping()) === 'PONG';
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
