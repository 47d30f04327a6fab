/**
 * The page-level request cache: the one store of the gateway's answers on a page, shared by every element.
 *
 * - One in-flight or settled promise per URL, so the combined page request for one (endpoint, location) is made once
 *   per page, whoever asks first (an element, a `<merchant-provider>`).
 * - The shared fetch is never given a caller's AbortSignal: when one element's load is aborted (it changed its
 *   location, or started again), only its own wait is abandoned (its promise rejects with an AbortError); the request and the
 *   other elements awaiting it carry on.
 * - A failed request is evicted, so the next attempt (a retry, a re-render) asks again; a success stays for
 *   the life of the page unless `invalidate()` is called.
 * - Answers the page carried (data blocks: `prime()`) know their age. One past its freshness is shown at once and
 *   revalidated in the background the first time an element uses it: one conditional request per URL per page
 *   (If-None-Match with the block's ETag; 304 when nothing changed). A different answer replaces the cached one and
 *   is announced (`onUpdate`), so the elements that read that URL load again from the cache; a 304, the same answer
 *   again or a failure changes nothing on the page.
 */
import { MerchantRequestError, isErrorResource } from './errors.ts';

const cache = new Map<string, Promise<unknown>>();

/** Carried answers past their freshness, not yet revalidated: URL → the ETag their block named (if any). */
const stale = new Map<string, string | undefined>();

/** Which URLs each load read, by the load's AbortSignal (each @lit/task run has its own): see `readsOf`. */
const reads = new WeakMap<AbortSignal, Set<string>>();

const listeners = new Set<(url: string) => void>();

/** Requests started ahead of any element (`prefetch`) that no element has read yet. */
const unclaimed = new Set<string>();

/** The answers the page carried (`prime`), as cached: one fetched or replaced since is not among them. */
const carried = new WeakSet<Promise<unknown>>();

/** The longest window a page's answer may count as fresh: the gateway's longest cache TTL (7 days). */
export const MAX_FRESH_SECONDS = 7 * 24 * 3600;

/** `2026-11-26T21:00:00Z` (seconds, optional fraction, UTC): the one form a data block's `fetched` may take. */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** How old a carried answer is, as its data block says. */
export interface CarriedAge {
  /** When the data was fetched upstream (ISO 8601, UTC). */
  fetched?: string | null;
  /** Seconds after `fetched` during which it counts as fresh (a whole number). */
  fresh?: string | null;
  /** The ETag the endpoint gives this exact answer: the revalidation asks If-None-Match with it. */
  etag?: string | null;
}

/**
 * Whether a carried answer is still fresh at `now`. Anything but a well-formed age inside its window is stale, never
 * fresh: no age (a block from before ages were written), a malformed date or window, a date in the future (by this
 * browser's clock: a page from a server whose clock is ahead is revalidated once, which costs a 304), or a window
 * longer than any gateway gives (so an absurd age cannot make an answer fresh for years).
 */
export function isFresh({ fetched, fresh }: CarriedAge, now = Date.now()): boolean {
  if (!fetched || !ISO_UTC.test(fetched) || !fresh || !/^\d{1,9}$/.test(fresh)) return false;
  const fetchedAt = Date.parse(fetched);
  const window = Number(fresh);
  if (!Number.isFinite(fetchedAt) || window > MAX_FRESH_SECONDS) return false;
  const age = now - fetchedAt;
  return age >= 0 && age < window * 1000;
}

/** Fetches JSON once per URL per page. Rejects with MerchantRequestError (or AbortError for `signal`). */
export function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  if (signal) reads.get(signal)?.add(url);
  let shared = cache.get(url) as Promise<T> | undefined;
  if (!shared || unclaimed.delete(url)) {
    const request = (shared ??= fetchJson<T>(url));
    cache.set(url, request);
    request.catch(() => {
      if (cache.get(url) === request) cache.delete(url);
    });
  } else if (stale.has(url)) {
    revalidate(url, stale.get(url));
  }
  return signal ? abortable(shared, signal) : shared;
}

/**
 * Starts the request for `url` before any element asks for it: the script-tag bundle's loader, as it finds an element's
 * tag, while the element's own module is still on its way (src/elements/autoload.ts). Like `getJson`, once per URL;
 * but a failure stays cached until the first `getJson` for the URL reads it, so the element shows that failure rather
 * than asking a second time; from then on it is evicted as any failure is.
 */
export function prefetch(url: string): void {
  if (cache.has(url)) return;
  const request = fetchJson(url);
  request.catch(() => {});
  cache.set(url, request);
  unclaimed.add(url);
}

/**
 * Takes an answer the page already has (a data block: inside a server-rendered element, or beside a plain one) as
 * the response for `url`, so the element that asks for it shows it with no wait. Past its freshness (`age`, see
 * `isFresh`), it is revalidated when an element first uses it. Only the takeover (src/elements/shared/takeover.ts)
 * calls it; an answer already cached (requested, or primed by an earlier block) is kept.
 */
export function prime(url: string, value: unknown, age: CarriedAge = {}): void {
  if (cache.has(url)) return;
  const answer = Promise.resolve(value);
  carried.add(answer);
  cache.set(url, answer);
  if (!isFresh(age)) stale.set(url, age.etag || undefined);
}

/**
 * Whether every answer on the page is one it carried, as it carried it: none fetched (a missing or damaged block, a
 * URL no block holds), none replaced by a revalidation. Then an element just taken over shows what the server
 * rendered from (the takeover keeps the server's JSON-LD only then: src/elements/shared/takeover.ts).
 */
export function onlyCarried(): boolean {
  for (const answer of cache.values()) if (!carried.has(answer)) return false;
  return true;
}

/**
 * The set of URLs read by the loads made with `signal` (filled as they call `getJson`): what an element's data was
 * made from, so it knows which updates concern it.
 */
export function readsOf(signal: AbortSignal): Set<string> {
  let urls = reads.get(signal);
  if (!urls) reads.set(signal, (urls = new Set()));
  return urls;
}

/** Calls `listener(url)` whenever a revalidation replaced the cached answer for `url`. Returns the unsubscribe. */
export function onUpdate(listener: (url: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets cached responses: all of them, or those whose URL starts with `prefix`. */
export function invalidate(prefix = ''): void {
  for (const key of [...cache.keys()]) {
    if (!key.startsWith(prefix)) continue;
    cache.delete(key);
    stale.delete(key);
  }
}

/**
 * The one background revalidation of a carried answer: conditional when its block named an ETag (a cross-origin
 * If-None-Match costs a CORS preflight, docs/ssr.md), through the same fetch as any request (same URL, same
 * credentials mode). Only a 200 with a different answer changes anything; a 304, an error or no answer keeps what is shown.
 */
function revalidate(url: string, etag: string | undefined): void {
  stale.delete(url);
  const carried = cache.get(url);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (etag) headers['if-none-match'] = etag;
  fetch(url, { headers, credentials: 'same-origin' })
    .then(async (response) => {
      // A 304 (or an error) changes nothing; its (empty) body is read to the end, so the request completes.
      if (response.status !== 200) return void (await response.text());
      const body: unknown = await response.json();
      // Forgotten meanwhile (a reload: that request's answer stands), or the same answer again: nothing to do.
      if (!body || typeof body !== 'object' || isErrorResource(body) || cache.get(url) !== carried) return;
      if (JSON.stringify(body) === JSON.stringify(await carried)) return;
      cache.set(url, Promise.resolve(body));
      for (const listener of [...listeners]) listener(url);
    })
    .catch(() => {
      // No answer: what is shown stays.
    });
}

/**
 * The shared promise, or the signal's reason if it aborts first. The listener is not removed: each load has its
 * own signal (@lit/task gives each run one), which is dropped with it.
 */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      signal.throwIfAborted();
      signal.addEventListener('abort', () => reject(signal.reason));
    }),
  ]);
}

async function fetchJson<T>(url: string): Promise<T> {
  const fail = (error: string, message: string, status_code: number) => new MerchantRequestError({ error, message, status_code }, url);
  let response: Response;
  try {
    // `same-origin`, not `omit`: no cookie goes to another origin either way, and it is the credentials mode of a
    // `<link rel="preload" as="fetch" crossorigin>` for this URL (a demo page's or the configurator's snippet's hint,
    // src/contract/page-data.ts; WordPress's PreloadHints.php), which the browser hands only to a request of the same
    // mode; under `omit` it would fetch the data a second time.
    response = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  } catch {
    throw fail('GATEWAY_UNREACHABLE', `Could not reach ${url}`, 0);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw isErrorResource(body)
      ? new MerchantRequestError(body, url)
      : fail(`HTTP_${response.status}`, response.statusText || `HTTP ${response.status}`, response.status);
  }
  if (!body || typeof body !== 'object') throw fail('BAD_RESPONSE', 'The response was not JSON.', response.status);
  return body as T;
}
