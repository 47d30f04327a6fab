/**
 * Per-client rate limiting: a token bucket per client address, `perMinute` tokens refilled evenly,
 * holding at most a minute's worth (so a page load's burst passes, a scraper does not).
 * Buckets live in a bounded LRU, so a flood of addresses cannot grow memory without limit.
 * Per instance: behind a load balancer each instance limits on its own (documented).
 */
import { LRUCache } from 'lru-cache';

interface Bucket {
  tokens: number;
  updated: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Seconds until one token is back (for Retry-After). */
  retryAfter: number;
  remaining: number;
}

export class RateLimiter {
  private readonly buckets = new LRUCache<string, Bucket>({ max: 100_000 });
  private readonly perMs: number;
  constructor(private readonly perMinute: number, private readonly now: () => number = Date.now) {
    this.perMs = perMinute / 60_000;
  }

  take(client: string): RateDecision {
    const now = this.now();
    let bucket = this.buckets.get(client);
    if (!bucket) {
      bucket = { tokens: this.perMinute, updated: now };
      this.buckets.set(client, bucket);
    } else {
      bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.updated) * this.perMs);
      bucket.updated = now;
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, retryAfter: 0, remaining: Math.floor(bucket.tokens) };
    }
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000)), remaining: 0 };
  }
}
