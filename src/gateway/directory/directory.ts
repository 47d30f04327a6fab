/**
 * The gateway's directory: built from the upstream's feeds in the background, then kept current by the change
 * feeds the poller already reads. Runtime-neutral (a journal, when given, is the runtime's: journal-file.ts on Node).
 *
 * The first build:
 * 1. The Actions API's `/locations/` (one list of the ids that have actions).
 * 2. The Publisher API's `/locations/updated_since/`, from the first day, page after page (its `next` links, signed
 *    again by the upstream client), every record into the store. A failed page is asked again after a pause; the
 *    cursor (the next link) never moves past a page that was not read.
 * 3. The index is built; the directory answers searches.
 * Until then the route answers 503 DIRECTORY_BUILDING with the progress; nothing of it holds the gateway's start.
 *
 * With a journal, every page's records and the cursor after it are appended as they are read: a build that is
 * interrupted resumes at the page it was reading, and a finished directory comes back at the next start without a
 * build (then catches up: the feed from the day of its newest record, and the actions list again). The journal is
 * rewritten compactly at the end of a build and when the appended changes outgrow the directory.
 *
 * Memory: the store's columns and index (see store.ts; MEMORY_BOUND, held to by bench/directory.ts)
 * and two pages of the feed at a time (one applied, the next asked for). `maxLocations` bounds it: a feed that lists
 * more stops the build with a log line and the route says so (503 DIRECTORY_FULL).
 */
import type { Logger } from '../telemetry.ts';
import type { UpstreamClient, UpstreamResponse } from '../upstream.ts';
import { encodeStrict } from '../upstream.ts';
import { feedChange } from './record.ts';
import { DirectoryStore, type DirectoryRecord } from './store.ts';

/** Where a directory keeps its journal: lines of JSON, appended, read back in order, or replaced whole. */
export interface DirectoryJournal {
  read(): AsyncIterable<string>;
  append(lines: readonly string[]): Promise<void>;
  replace(lines: Iterable<string>): Promise<void>;
}

export interface DirectoryOptions {
  upstream: UpstreamClient;
  logger: Logger;
  journal?: DirectoryJournal | null;
  /** Records per page asked of updated_since (the sandbox's maximum, and the upstream's default is 500). */
  pageSize?: number;
  maxLocations?: number;
  /** Pause before asking a failed page again, ms (doubles up to a minute). */
  retryMs?: number;
  now?: () => number;
  /** Changes per poll whose actions are asked again (the Actions API's feed says only that a location changed). */
  actionsChecksPerPoll?: number;
}

export type DirectoryState =
  { phase: 'building'; read: number; estimatedTotal: number | null } | { phase: 'ready'; size: number } | { phase: 'full'; read: number; max: number };

/** The build's place in the feeds, as the journal keeps it. */
interface Cursor {
  /** The next page's path (relative to the Publisher API's base); null once the walk reached the end. */
  next: string | null;
  /** The walk reached the end at least once: the directory is complete. */
  complete: boolean;
  read: number;
  /** Update time (epoch ms) of the first record read, and of the newest: for the estimate of the total. */
  first: number;
  newest: number;
}

/**
 * The memory bound a directory keeps to: the heap and array buffers it holds once built (after a collection), a fixed
 * part (the vocabulary, and the room its maps and typed arrays grow into) and a part per location kept.
 * bench/directory.ts measures it at 10,000 to 1,000,000 locations and fails when a size exceeds it; with
 * MERCHANT_DIRECTORY_MAX_LOCATIONS (2,000,000 by default) it is the directory's memory at most (under 1 GB).
 */
export const MEMORY_BOUND = { fixedBytes: 64 * 1024 * 1024, bytesPerLocation: 400 } as const;

/** The bound, in bytes, for a directory of `locations`. */
export const memoryBoundBytes = (locations: number): number => MEMORY_BOUND.fixedBytes + MEMORY_BOUND.bytesPerLocation * locations;

const FIRST_DAY = '1970-01-01';
/** The Actions API's whole location list in one answer: about 40 bytes an id. */
const LIST_LIMITS = { maxBytes: 256 * 1024 * 1024, timeoutMs: 120_000 };
const FORMAT = ['merchant-directory', 1] as const;

const upsertLine = (r: DirectoryRecord) =>
  JSON.stringify([
    'u',
    r.id,
    r.name,
    r.address,
    r.city,
    r.region,
    r.businessType,
    r.cuisines,
    r.latitude,
    r.longitude,
    r.hasMenus,
    r.hasPhotos,
    r.hasActions,
    r.updated,
  ]);

function recordOf(line: unknown[]): DirectoryRecord {
  const [, id, name, address, city, region, businessType, cuisines, latitude, longitude, hasMenus, hasPhotos, hasActions, updated] = line as [
    string,
    string,
    string,
    string | null,
    string | null,
    string | null,
    string | null,
    string[],
    number | null,
    number | null,
    boolean | null,
    boolean | null,
    boolean,
    number,
  ];
  return { id, name, address, city, region, businessType, cuisines, latitude, longitude, hasMenus, hasPhotos, hasActions, updated };
}

/** A pause that ends early when `signal` aborts (a gateway closing does not wait out a retry). */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });

export class Directory {
  readonly store = new DirectoryStore();
  private cursor: Cursor = { next: null, complete: false, read: 0, first: 0, newest: 0 };
  private actionIds: Set<string> | null = null;
  private phase: 'building' | 'ready' | 'full' = 'building';
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly stopping = new AbortController();
  private journalLines = 0;
  private readonly pageSize: number;
  private readonly maxLocations: number;
  private readonly now: () => number;
  private readonly journal: DirectoryJournal | null;
  private readonly readyWaiters: Array<() => void> = [];
  /** Journal appends in order, one after another. */
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly options: DirectoryOptions) {
    this.pageSize = options.pageSize ?? 1000;
    this.maxLocations = options.maxLocations ?? 2_000_000;
    this.now = options.now ?? Date.now;
    this.journal = options.journal ?? null;
  }

  /** Starts loading and building in the background (once); returns at once. */
  start(): void {
    this.running ??= this.run().catch((error: unknown) => {
      this.options.logger.error({ error: error instanceof Error ? error.message : String(error) }, 'directory: build stopped');
    });
  }

  stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    return Promise.all([this.running, this.writing]).then(() => undefined);
  }

  /** Resolves once the directory answers searches (starting the build if nothing has). */
  ready(): Promise<void> {
    if (this.phase === 'ready') return Promise.resolve();
    this.start();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  state(): DirectoryState {
    if (this.phase === 'ready') return { phase: 'ready', size: this.store.size };
    if (this.phase === 'full') return { phase: 'full', read: this.cursor.read, max: this.maxLocations };
    return { phase: 'building', read: this.cursor.read, estimatedTotal: this.estimatedTotal() };
  }

  /**
   * How many locations the feed holds, about: the feed is in update order, so the share of its time span read so
   * far estimates the share of its records. Null until a first page is read.
   */
  private estimatedTotal(): number | null {
    const { read, first, newest, complete } = this.cursor;
    if (complete) return this.store.size;
    if (read === 0 || newest <= first) return null;
    const share = (newest - first) / Math.max(1, this.now() - first);
    return share > 0 ? Math.max(read, Math.round(read / Math.min(1, share))) : null;
  }

  private async run(): Promise<void> {
    await this.load();
    if (this.cursor.complete) {
      // From the journal: answer at once, then catch up with what changed while the gateway was down.
      this.becomeReady();
      await this.catchUp();
      return;
    }
    await this.listActions();
    await this.walk();
    if (this.stopped || this.phase === 'full') return;
    this.cursor.complete = true;
    this.actionIds = null;
    this.store.reindex();
    await this.compact();
    this.becomeReady();
    this.options.logger.info({ locations: this.store.size }, 'directory: built from the feeds');
  }

  private becomeReady(): void {
    if (this.store.pendingCount || this.store.size) this.store.reindex();
    this.phase = 'ready';
    for (const resolve of this.readyWaiters.splice(0)) resolve();
  }

  /** Reads the journal back: records, the actions list, the cursor (the last one written wins). */
  private async load(): Promise<void> {
    if (!this.journal) return;
    let lines = 0;
    for await (const text of this.journal.read()) {
      let line: unknown[];
      try {
        line = JSON.parse(text) as unknown[];
      } catch {
        // A line cut short by a crash mid-write: the last one. What came before it stands.
        continue;
      }
      lines++;
      switch (line[0]) {
        case 'u':
          this.store.upsert(recordOf(line));
          break;
        case 'x':
          this.store.remove(line[1] as string);
          break;
        case 'a':
          this.actionIds = new Set(line[1] as string[]);
          break;
        case 'c':
          this.cursor = line[1] as Cursor;
          break;
      }
    }
    this.journalLines = lines;
    if (lines) {
      this.options.logger.info(
        { locations: this.store.size, complete: this.cursor.complete, read: this.cursor.read },
        this.cursor.complete ? 'directory: loaded from its journal' : 'directory: resuming the build from its journal',
      );
    }
  }

  private append(lines: string[]): Promise<void> {
    if (!this.journal || lines.length === 0) return Promise.resolve();
    this.journalLines += lines.length;
    const journal = this.journal;
    this.writing = this.writing
      .then(() => journal.append(lines))
      .catch((error: unknown) => {
        this.options.logger.warn({ error: error instanceof Error ? error.message : String(error) }, 'directory: journal write failed');
      });
    return this.writing;
  }

  /** Rewrites the journal as the directory is now: one line per location and the cursor. */
  private async compact(): Promise<void> {
    if (!this.journal) return;
    await this.writing;
    const store = this.store;
    const cursor = this.cursor;
    const lines = function* () {
      yield JSON.stringify(['v', ...FORMAT]);
      for (const record of store.records()) yield upsertLine(record);
      yield JSON.stringify(['c', cursor]);
    };
    await this.journal.replace(lines());
    this.journalLines = this.store.size + 2;
  }

  /** Asks until the upstream answers (the build waits out an outage; its cursor does not move). */
  private async patiently<T>(what: string, ask: () => Promise<T>): Promise<T | null> {
    let pause = this.options.retryMs ?? 1000;
    for (;;) {
      if (this.stopped) return null;
      try {
        return await ask();
      } catch (error) {
        this.options.logger.warn({ error: error instanceof Error ? error.message : String(error), retryInMs: pause }, `directory: ${what} failed`);
        await sleep(pause, this.stopping.signal);
        pause = Math.min(60_000, pause * 2);
      }
    }
  }

  private async listActions(): Promise<void> {
    if (this.actionIds) return;
    const response = await this.patiently('the Actions API location list', () => this.options.upstream.get('actions', '/locations/', LIST_LIMITS));
    if (!response) return;
    const ids = Array.isArray(response.body) ? response.body.filter((id): id is string => typeof id === 'string') : [];
    this.actionIds = new Set(ids);
    await this.append([JSON.stringify(['v', ...FORMAT]), JSON.stringify(['a', ids])]);
  }

  /** Applies one page of feed records; returns the journal lines that say so. */
  private apply(records: unknown[]): string[] {
    const lines: string[] = [];
    const hasActions = (id: string) => this.actionIds?.has(id) ?? this.store.get(id)?.hasActions ?? false;
    for (const raw of records) {
      const change = feedChange(raw as never, hasActions);
      if (!change) continue;
      if (change.kind === 'remove') {
        if (this.store.remove(change.id) || this.phase !== 'ready') lines.push(JSON.stringify(['x', change.id]));
        continue;
      }
      const record = change.record;
      this.store.upsert(record);
      lines.push(upsertLine(record));
      if (record.updated) {
        if (!this.cursor.first || record.updated < this.cursor.first) this.cursor.first = record.updated;
        if (record.updated > this.cursor.newest) this.cursor.newest = record.updated;
      }
    }
    return lines;
  }

  /**
   * The Publisher API's feed, from the cursor to its end. The next page is asked for as soon as a page's `next` link
   * is known, before that page is applied and journaled, so the upstream's latency overlaps the directory's work (a
   * real upstream's round trip per page is most of a build's time); the journal is written in order behind it, one
   * write at a time, and the walk waits for a write only before the next one (never more than a page in memory
   * unwritten). The cursor in the journal still never passes a page whose records are not in it.
   */
  private async walk(from = this.cursor.next ?? `/locations/updated_since/?date=${FIRST_DAY}&limit=${this.pageSize}`): Promise<void> {
    const upstream = this.options.upstream;
    const ask = (path: string) => this.patiently('a page of the location feed', () => upstream.get('publisher', path));
    let path: string | null = from;
    let asking: Promise<UpstreamResponse | null> | null = path ? ask(path) : null;
    let written: Promise<void> = Promise.resolve();
    while (asking && !this.stopped) {
      const response = await asking;
      if (!response) break;
      const results = (response.body as { results?: unknown } | null)?.results;
      const records = Array.isArray(results) ? results : [];
      path = response.next ? upstream.relativeNext('publisher', response.next) : null;
      asking = path && !this.stopped ? ask(path) : null;
      const lines = this.apply(records);
      this.cursor.read += records.length;
      this.cursor.next = path;
      if (path === null) this.cursor.complete = true;
      lines.push(JSON.stringify(['c', this.cursor]));
      await written;
      written = this.append(lines);
      if (this.store.size > this.maxLocations) {
        this.phase = 'full';
        this.options.logger.error({ max: this.maxLocations }, 'directory: the feed lists more locations than MERCHANT_DIRECTORY_MAX_LOCATIONS; build stopped');
        break;
      }
    }
    await written;
    // A page asked for ahead and not applied (stopped, or full) is dropped: the cursor names it, a resume asks again.
    await asking?.catch(() => null);
  }

  /** After a start from a complete journal: the feed from the day of the newest record, and the actions list again. */
  private async catchUp(): Promise<void> {
    const newest = this.cursor.newest;
    const day = newest ? new Date(newest).toISOString().slice(0, 10) : FIRST_DAY;
    const actions = await this.patiently('the Actions API location list', () => this.options.upstream.get('actions', '/locations/', LIST_LIMITS));
    if (actions && Array.isArray(actions.body)) {
      const ids = new Set(actions.body.filter((id): id is string => typeof id === 'string'));
      for (const record of this.store.records()) if (record.hasActions !== ids.has(record.id)) this.store.setHasActions(record.id, ids.has(record.id));
    }
    await this.walk(`/locations/updated_since/?date=${day}&limit=${this.pageSize}`);
    await this.maybeCompact();
  }

  /**
   * The change feeds' news (from the poller): the Publisher API's records as they are now, and the ids the Actions
   * API says changed (their actions are asked again, a few per poll). Ignored while building: the walk reads the
   * feed to its end, changed records included.
   */
  async applyChanges(changes: { publisherRecords: unknown[]; actionIds: string[] }): Promise<void> {
    if (this.phase !== 'ready') return;
    const lines = this.apply(changes.publisherRecords);
    const limit = this.options.actionsChecksPerPoll ?? 100;
    for (const id of [...new Set(changes.actionIds)].filter((id) => this.store.has(id)).slice(0, limit)) {
      try {
        const response = await this.options.upstream.get('actions', `/locations/${encodeStrict(id)}/actions/`);
        const actions = (response.body as { actions?: unknown } | null)?.actions;
        if (response.status === 200 && Array.isArray(actions) && this.store.setHasActions(id, actions.length > 0)) {
          lines.push(upsertLine(this.store.get(id)!));
        }
      } catch {
        // The next change of this location asks again.
      }
    }
    if (!lines.length) return;
    await this.append([...lines, JSON.stringify(['c', this.cursor])]);
    await this.maybeCompact();
  }

  /** Folds pending changes into the index, and the journal into a snapshot, when they have grown. */
  private async maybeCompact(): Promise<void> {
    if (this.store.pendingCount > Math.max(1000, this.store.size / 50)) this.store.reindex();
    if (this.journalLines > 2 * this.store.size + 1000) await this.compact();
  }
}
