/**
 * The page-level request cache: one in-flight or settled promise per URL, shared by every element.
 *
 * - Keyed by the full URL, so the combined page request for one (endpoint, location) is made once per page.
 * - The shared fetch is never given a caller's AbortSignal: when one element is disconnected or changes its
 *   location, only its own wait is abandoned (its promise rejects with an AbortError); the request and the
 *   other elements awaiting it carry on.
 * - A failed request is evicted, so the next attempt (a retry, a re-render) asks again; a success stays for
 *   the life of the page unless `invalidate()` is called.
 */
import { CLIENT_ERRORS, MerchantRequestError, isErrorResource } from './errors.ts';

const cache = new Map<string, Promise<unknown>>();
let requestCount = 0;

/** Fetches JSON once per URL per page. Rejects with MerchantRequestError (or AbortError for `signal`). */
export function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  let shared = cache.get(url) as Promise<T> | undefined;
  if (!shared) {
    shared = fetchJson<T>(url);
    cache.set(url, shared);
    shared.catch(() => {
      if (cache.get(url) === shared) cache.delete(url);
    });
  }
  return signal ? abortable(shared, signal) : shared;
}

/** Forgets cached responses: all of them, or those whose URL starts with `prefix`. */
export function invalidate(prefix?: string): void {
  if (prefix === undefined) {
    cache.clear();
    return;
  }
  for (const key of [...cache.keys()]) if (key.startsWith(prefix)) cache.delete(key);
}

/** Requests actually sent by this module since load (for diagnostics and tests). */
export function sentRequestCount(): number {
  return requestCount;
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason instanceof DOMException ? signal.reason : new DOMException('Aborted', 'AbortError');
}

async function fetchJson<T>(url: string): Promise<T> {
  requestCount++;
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'omit' });
  } catch {
    throw new MerchantRequestError(
      { error: CLIENT_ERRORS.GATEWAY_UNREACHABLE, message: `Could not reach ${url}`, status_code: 0 },
      url,
    );
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    if (isErrorResource(body)) throw new MerchantRequestError(body, url);
    throw new MerchantRequestError(
      { error: `HTTP_${response.status}`, message: response.statusText || `HTTP ${response.status}`, status_code: response.status },
      url,
    );
  }
  if (body === undefined || body === null || typeof body !== 'object') {
    throw new MerchantRequestError(
      { error: CLIENT_ERRORS.BAD_RESPONSE, message: 'The response was not JSON.', status_code: response.status },
      url,
    );
  }
  return body as T;
}
