/**
 * Per-client rate limiting: a token bucket per client address, `perMinute` tokens refilled evenly,
 * holding at most a minute's worth (so a page load's burst passes, a scraper does not).
 * Buckets live in a bounded, approximately least-recently-used store (two generations of plain
 * Maps: a lookup is one Map read, no reordering), so a flood of addresses cannot grow memory
 * without limit.
 * Per instance: behind a load balancer each instance limits on its own (documented).
 */
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
  /** Buckets used since the last generation change, and the generation before (dropped at the next). */
  private current = new Map<string, Bucket>();
  private previous = new Map<string, Bucket>();
  private readonly perMs: number;
  private readonly generationSize: number;
  /** At most `maxClients` buckets are kept; the ones used least recently go first. */
  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
    maxClients = 100_000,
  ) {
    this.perMs = perMinute / 60_000;
    this.generationSize = Math.max(1, Math.floor(maxClients / 2));
  }

  private bucket(client: string): Bucket | undefined {
    const bucket = this.current.get(client);
    if (bucket !== undefined) return bucket;
    const old = this.previous.get(client);
    if (old !== undefined) {
      this.previous.delete(client);
      this.store(client, old);
    }
    return old;
  }

  private store(client: string, bucket: Bucket): void {
    if (this.current.size >= this.generationSize) {
      this.previous = this.current;
      this.current = new Map();
    }
    this.current.set(client, bucket);
  }

  /** The decision `take` would make, without spending a token. */
  peek(client: string): RateDecision {
    const bucket = this.bucket(client);
    if (!bucket) return { allowed: true, retryAfter: 0, remaining: this.perMinute };
    const tokens = Math.min(this.perMinute, bucket.tokens + (this.now() - bucket.updated) * this.perMs);
    if (tokens >= 1) return { allowed: true, retryAfter: 0, remaining: Math.floor(tokens) };
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((1 - tokens) / this.perMs / 1000)), remaining: 0 };
  }

  take(client: string): RateDecision {
    const now = this.now();
    let bucket = this.bucket(client);
    if (!bucket) {
      bucket = { tokens: this.perMinute, updated: now };
      this.store(client, bucket);
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
