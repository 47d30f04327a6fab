/** Injected faults and request counting: what the sandbox's controls change, kept apart from the APIs. */

export interface Fault {
  /** A string matches when the request's path and query start with it; a RegExp is tested against them. */
  path: string | RegExp;
  /** Added before the response (or before the other fault). */
  latencyMs?: number;
  /**
   * The response waits until this settles (after any latency): an upstream that answers only when the test lets it,
   * so "slower than the timeout" or "still pending while N requests arrive" holds however loaded the machine is.
   */
  hold?: Promise<unknown>;
  /** Answer with this status and an error resource instead of the real response. */
  status?: number;
  /** Answer 200 with a truncated, unparseable JSON body. */
  malformed?: boolean;
  /** Close the connection without an answer (a network error for the caller). */
  drop?: boolean;
  /** Apply to this many matching requests, then remove itself. Unlimited when absent. */
  times?: number;
}

/** What `drop` raises from `Sandbox.fetch`: a TypeError, as `fetch` gives for a network failure. */
export class DroppedConnection extends TypeError {
  constructor(path: string) {
    super(`fetch failed: the sandbox dropped the connection to ${path} (injected fault)`);
    this.name = 'TypeError';
  }
}

export class FaultList {
  private faults: Array<{ fault: Fault; remaining: number }> = [];

  add(fault: Fault): () => void {
    const entry = { fault, remaining: fault.times ?? Infinity };
    this.faults.push(entry);
    return () => {
      this.faults = this.faults.filter((e) => e !== entry);
    };
  }

  clear(): void {
    this.faults = [];
  }

  /** The first fault matching the path, counting one use of it. */
  take(pathAndQuery: string): Fault | undefined {
    const entry = this.faults.find(({ fault }) => (typeof fault.path === 'string' ? pathAndQuery.startsWith(fault.path) : fault.path.test(pathAndQuery)));
    if (!entry) return undefined;
    if (--entry.remaining <= 0) this.faults = this.faults.filter((e) => e !== entry);
    return entry.fault;
  }
}

export class RequestStats {
  private counts = new Map<string, number>();
  requests = 0;

  record(pathAndQuery: string): void {
    this.requests++;
    this.counts.set(pathAndQuery, (this.counts.get(pathAndQuery) ?? 0) + 1);
  }

  /** Requests whose path and query (e.g. `/actions/locations/x/actions/?client=...`) match the pattern. */
  byPath(pattern: RegExp): number {
    let total = 0;
    for (const [path, count] of this.counts) {
      pattern.lastIndex = 0;
      if (pattern.test(path)) total += count;
    }
    return total;
  }

  reset(): void {
    this.requests = 0;
    this.counts.clear();
  }

  toJSON() {
    return { requests: this.requests, paths: Object.fromEntries(this.counts) };
  }
}
