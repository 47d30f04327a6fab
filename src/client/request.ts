/**
 * The page-level request cache: one in-flight or settled promise per URL, shared by every element.
 *
 * - Keyed by the full URL, so the combined page request for one (endpoint, location) is made once per page.
 * - The shared fetch is never given a caller's AbortSignal: when one element's load is aborted (it changed its
 *   location, or started again), only its own wait is abandoned (its promise rejects with an AbortError); the request and the
 *   other elements awaiting it carry on.
 * - A failed request is evicted, so the next attempt (a retry, a re-render) asks again; a success stays for
 *   the life of the page unless `invalidate()` is called.
 */
import { MerchantRequestError, isErrorResource } from './errors.ts';

const cache = new Map<string, Promise<unknown>>();

/** Fetches JSON once per URL per page. Rejects with MerchantRequestError (or AbortError for `signal`). */
export function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  let shared = cache.get(url) as Promise<T> | undefined;
  if (!shared) {
    const request = (shared = fetchJson<T>(url));
    cache.set(url, request);
    request.catch(() => {
      if (cache.get(url) === request) cache.delete(url);
    });
  }
  return signal ? abortable(shared, signal) : shared;
}

/**
 * Takes an answer the page already has (a server-rendered element's data block) as the response for `url`, so the
 * element that asks for it makes no request. Only the takeover (src/elements/shared/takeover.ts) calls it.
 */
export function prime(url: string, value: unknown): void {
  if (!cache.has(url)) cache.set(url, Promise.resolve(value));
}

/** Forgets cached responses: all of them, or those whose URL starts with `prefix`. */
export function invalidate(prefix = ''): void {
  for (const key of [...cache.keys()]) if (key.startsWith(prefix)) cache.delete(key);
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
    response = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'omit' });
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
