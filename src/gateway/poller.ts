/**
 * The change-feed poller: follows the upstream's update lists (Actions API `/locations/updated/`,
 * Publisher API `/locations/updated_since/`), re-signing every next link, and invalidates the cache
 * entries of each location that changed. That is what lets the TTL be long and the data still fresh.
 *
 * Invalidated entries are not deleted: the next request refreshes them, and if the upstream fails
 * the old copy is still there for stale-if-error.
 */
import type { ResponseCache } from './cache.ts';
import type { Logger } from './telemetry.ts';
import { datetime } from './normalize/values.ts';
import { encodeStrict, type UpstreamClient } from './upstream.ts';

export interface PollerOptions {
  upstream: UpstreamClient;
  cache: ResponseCache;
  logger: Logger;
  intervalSeconds: number;
  now?: () => number;
  /** Pages followed per feed and poll: bounds one poll's work after a long outage. */
  maxPages?: number;
  /** Results per page asked of both feeds; the upstream's defaults (1000 and 500) when absent. */
  pageSize?: number;
  /**
   * Told what each poll read, after the cache is invalidated: the Publisher feed's changed records as sent (the
   * directory keeps them) and the ids the Actions feed listed.
   */
  onChanges?(changes: { publisherRecords: unknown[]; actionIds: string[] }): Promise<void> | void;
}

/** Updates are asked from a little before the last poll: clocks differ, and a duplicate costs nothing. */
const OVERLAP_MS = 30_000;

export class ChangePoller {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<unknown> | null = null;
  private readonly now: () => number;
  /** Epoch ms from which each feed still has to be read. */
  private actionsSince: number;
  private publisherSince: number;

  constructor(private readonly options: PollerOptions) {
    this.now = options.now ?? Date.now;
    this.actionsSince = this.publisherSince = this.now();
  }

  private get limit(): string {
    return this.options.pageSize ? `&limit=${this.options.pageSize}` : '';
  }

  start(): void {
    if (this.timer || this.options.intervalSeconds <= 0) return;
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.pollOnce().finally(() => (this.running = null));
    }, this.options.intervalSeconds * 1000);
    // Never keeps a process alive on its own (Node); edge runtimes have no unref.
    (this.timer as { unref?: () => void }).unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Reads both feeds once and invalidates what changed. Returns the location ids seen per feed. */
  async pollOnce(): Promise<{ actions: string[]; publisher: string[] }> {
    const publisherRecords: unknown[] = [];
    const [actions, publisher] = await Promise.all([this.pollActions(), this.pollPublisher(publisherRecords)]);
    const changed = new Set([...actions, ...publisher]);
    for (const id of changed) await this.options.cache.invalidateTag(id);
    if (changed.size) this.options.logger.info({ locations: changed.size }, 'change feed: locations invalidated');
    await this.options.onChanges?.({ publisherRecords, actionIds: actions });
    return { actions, publisher };
  }

  private async pollActions(): Promise<string[]> {
    const started = this.now();
    const since = new Date(this.actionsSince - OVERLAP_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const ids: string[] = [];
    try {
      for await (const page of this.options.upstream.pages(
        'actions',
        `/locations/updated/?since=${encodeStrict(since)}${this.limit}`,
        this.options.maxPages ?? 50,
      )) {
        if (!Array.isArray(page.body)) break;
        for (const row of page.body) {
          const id = (row as { location_id?: unknown } | null)?.location_id;
          if (typeof id === 'string' || typeof id === 'number') ids.push(String(id));
        }
      }
      this.actionsSince = started;
    } catch (error) {
      // The cursor stays: the next poll asks again from the same point.
      this.options.logger.warn({ feed: 'actions', error: error instanceof Error ? error.message : String(error) }, 'change feed poll failed');
    }
    return ids;
  }

  private async pollPublisher(records: unknown[] = []): Promise<string[]> {
    const started = this.now();
    const from = this.publisherSince - OVERLAP_MS;
    // The Publisher feed is by day: read from that day, keep what changed after the cursor.
    const date = new Date(from).toISOString().slice(0, 10);
    const ids: string[] = [];
    try {
      for await (const page of this.options.upstream.pages('publisher', `/locations/updated_since/?date=${date}${this.limit}`, this.options.maxPages ?? 50)) {
        const results = (page.body as { results?: unknown } | null)?.results;
        if (!Array.isArray(results)) break;
        for (const row of results) {
          const record = row as { location_id?: unknown; updated?: unknown } | null;
          const id = record?.location_id;
          if (typeof id !== 'string' && typeof id !== 'number') continue;
          const updated = datetime(record?.updated);
          if (updated === null || Date.parse(updated) >= from) {
            ids.push(String(id));
            records.push(row);
          }
        }
      }
      this.publisherSince = started;
    } catch (error) {
      this.options.logger.warn({ feed: 'publisher', error: error instanceof Error ? error.message : String(error) }, 'change feed poll failed');
    }
    return ids;
  }
}
