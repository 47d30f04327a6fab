/**
 * The upstream client: signed GETs to the Actions API (and the Publisher API when configured),
 * with one deadline per request, retries with backoff on network errors and 5xx only, a body size
 * cap, and `next`-link following that re-signs every page.
 *
 * Signing covers the exact bytes sent. Queries are built here with `encodeStrict` (stricter than
 * encodeURIComponent, which leaves `'` that the URL parser then re-encodes), and the signed path is
 * sent as is. URLSearchParams is not used: it encodes spaces as `+` and differs from what we sign.
 *
 * The key and signatures never leave this module: errors carry fixed messages, logs carry the path
 * with `client` and `signature` stripped.
 */
import { signPath, stripCredentials } from '../signing/signature.ts';
import { GatewayError } from './errors.ts';

export type Api = 'actions' | 'publisher';

export interface UpstreamOptions {
  actionsUrl: string;
  publisherUrl: string;
  clientId: string;
  signingKey: string;
  signPublisher: boolean;
  timeoutMs: number;
  retries: number;
  maxBytes: number;
  fetch?: typeof fetch;
  /** Called once per HTTP attempt: metrics and logs. `path` has no credentials. */
  onAttempt?: (info: { api: Api; path: string; status: number | null; outcome: string; ms: number }) => void;
}

export interface UpstreamResponse {
  status: number;
  /** Parsed JSON body (the Publisher's `{code, data}` envelope already removed on success). */
  body: unknown;
  /** The `Link: <...>; rel="next"` target or the Publisher's `next`, as given. */
  next: string | null;
}

/** Percent-encodes everything but unreserved characters (RFC 3986), so the URL parser changes nothing. */
export function encodeStrict(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `?a=1&b=2` from defined parameters, in the order given (order is part of what is signed). */
export function query(params: Record<string, string | number | boolean | null | undefined>): string {
  const pairs = Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeStrict(k)}=${encodeStrict(String(v))}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

function nextFromLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const m = /<([^>]*)>\s*;(.*)$/.exec(part.trim());
    if (m && /rel="?next"?/i.test(m[2]!)) return m[1]!;
  }
  return null;
}

async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new GatewayError(502, 'UPSTREAM_TOO_LARGE', 'The upstream answer exceeded the size limit.');
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new GatewayError(502, 'UPSTREAM_TOO_LARGE', 'The upstream answer exceeded the size limit.');
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** Upstream error names are kept (they are the contract's too); messages are checked for safety first. */
function upstreamErrorResource(body: unknown): { error: string; message: string } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error, message } = body as Record<string, unknown>;
  if (typeof error !== 'string' || !/^[A-Z0-9_]{1,64}$/.test(error)) return null;
  // A message with a URL or query in it could echo credentials: replace rather than risk it.
  const safe = typeof message === 'string' && message.length <= 300 && !/[?&]|signature|client=/i.test(message);
  return { error, message: safe ? message : 'The upstream refused the request.' };
}

export class UpstreamClient {
  private readonly fetch: typeof fetch;
  constructor(private readonly options: UpstreamOptions) {
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  private base(api: Api): string {
    return api === 'actions' ? this.options.actionsUrl : this.options.publisherUrl;
  }

  private async sign(api: Api, pathAndQuery: string): Promise<string> {
    if (api === 'publisher' && !this.options.signPublisher) return pathAndQuery;
    return signPath(pathAndQuery, this.options.clientId, this.options.signingKey);
  }

  /**
   * GETs `pathAndQuery` (relative to the API's base URL, already encoded). Resolves with 2xx and 404
   * answers (a 404 is data: the location does not exist); throws a GatewayError for everything else.
   * `limits` raise the body cap and the deadline for one call that is known to be large (the directory's build
   * reads the Actions API's whole location list, "likely very large" by its spec).
   */
  async get(api: Api, pathAndQuery: string, limits: { maxBytes?: number; timeoutMs?: number } = {}): Promise<UpstreamResponse> {
    const signed = await this.sign(api, pathAndQuery);
    const url = this.base(api) + signed;
    const logPath = stripCredentials(pathAndQuery);
    const timeoutMs = limits.timeoutMs ?? this.options.timeoutMs;
    // One deadline for all attempts: a slow upstream never holds a request past the timeout.
    const deadline = AbortSignal.timeout(timeoutMs);
    const deadlineAt = performance.now() + timeoutMs;
    let attempt = 0;
    // A retry only when its backoff ends before the deadline; otherwise the real failure is reported.
    const retryIn = (): number | null => {
      if (attempt >= this.options.retries) return null;
      const wait = this.backoff(attempt);
      return performance.now() + wait < deadlineAt - 10 ? wait : null;
    };
    for (;;) {
      const started = performance.now();
      const report = (status: number | null, outcome: string) =>
        this.options.onAttempt?.({ api, path: logPath, status, outcome, ms: performance.now() - started });
      let response: Response;
      try {
        // 'manual', not 'error': Workers (workerd) accepts only 'follow' and 'manual'. A redirect is refused below.
        response = await this.fetch(url, { headers: { accept: 'application/json' }, signal: deadline, redirect: 'manual' });
      } catch {
        if (deadline.aborted) {
          report(null, 'timeout');
          throw new GatewayError(504, 'UPSTREAM_TIMEOUT', `The ${api} API did not answer within ${timeoutMs} ms.`);
        }
        report(null, 'network_error');
        const wait = retryIn();
        if (wait !== null) {
          attempt++;
          await sleep(wait, deadline);
          continue;
        }
        throw new GatewayError(502, 'UPSTREAM_UNAVAILABLE', `The ${api} API could not be reached.`);
      }

      // A signed URL is never followed elsewhere (the signature would go with it): a redirect counts as unreachable.
      // (An opaque-redirect response, as browsers give for 'manual', has status 0.)
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        await response.body?.cancel().catch(() => {});
        report(response.status, 'network_error');
        throw new GatewayError(502, 'UPSTREAM_UNAVAILABLE', `The ${api} API could not be reached.`);
      }

      if (response.status >= 500) {
        await response.body?.cancel().catch(() => {});
        report(response.status, 'server_error');
        const wait = retryIn();
        if (wait !== null) {
          attempt++;
          await sleep(wait, deadline);
          continue;
        }
        throw new GatewayError(502, 'UPSTREAM_ERROR', `The ${api} API failed (status ${response.status}).`);
      }

      let bytes: Uint8Array;
      try {
        bytes = await readCapped(response, limits.maxBytes ?? this.options.maxBytes);
      } catch (error) {
        if (error instanceof GatewayError) {
          report(response.status, 'too_large');
          throw error;
        }
        if (deadline.aborted) {
          report(response.status, 'timeout');
          throw new GatewayError(504, 'UPSTREAM_TIMEOUT', `The ${api} API did not answer within ${timeoutMs} ms.`);
        }
        report(response.status, 'network_error');
        throw new GatewayError(502, 'UPSTREAM_UNAVAILABLE', `The ${api} API dropped the connection.`);
      }

      let body: unknown;
      try {
        body = JSON.parse(new TextDecoder().decode(bytes));
      } catch {
        report(response.status, 'malformed');
        throw new GatewayError(502, 'UPSTREAM_MALFORMED', `The ${api} API sent an answer that is not JSON.`);
      }
      report(response.status, response.ok ? 'ok' : 'client_error');
      return this.interpret(api, response, body);
    }
  }

  private interpret(api: Api, response: Response, body: unknown): UpstreamResponse {
    const status = response.status;
    if (status === 404) return { status, body, next: null };
    if (status === 401 || status === 403) {
      // Our credentials were refused: the caller can do nothing about it, the operator can.
      throw new GatewayError(502, 'UPSTREAM_AUTH', `The ${api} API refused the gateway's credentials.`);
    }
    if (status === 429) {
      const retry = Number(response.headers.get('retry-after'));
      throw new GatewayError(
        503,
        'UPSTREAM_RATE_LIMITED',
        `The ${api} API is rate limiting the gateway; try again shortly.`,
        Number.isFinite(retry) && retry > 0 ? retry : 5,
      );
    }
    if (status >= 400) {
      const resource = upstreamErrorResource(body);
      throw new GatewayError(
        status === 400 ? 400 : 502,
        resource?.error ?? 'UPSTREAM_REJECTED',
        resource?.message ?? `The ${api} API refused the request (status ${status}).`,
      );
    }
    if (status < 200 || status > 299) throw new GatewayError(502, 'UPSTREAM_ERROR', `The ${api} API answered with status ${status}.`);
    if (api === 'publisher') {
      // Success is `{code, data}`; `data.next` pages the updated_since list.
      if (typeof body !== 'object' || body === null || !('data' in body)) {
        throw new GatewayError(502, 'UPSTREAM_MALFORMED', 'The publisher API sent an answer without data.');
      }
      const data = (body as { data: unknown }).data;
      const next = typeof data === 'object' && data !== null && typeof (data as { next?: unknown }).next === 'string' ? (data as { next: string }).next : null;
      return { status, body: data, next: next || null };
    }
    return { status, body, next: nextFromLink(response.headers.get('link')) };
  }

  /** 100 ms, 200 ms, 400 ms ... with jitter, so retries from many instances do not align. */
  private backoff(attempt: number): number {
    return 100 * 2 ** attempt * (0.5 + Math.random() / 2);
  }

  /**
   * A `next` link as a path relative to the API's base: the Actions API gives a path relative to
   * its base, the Publisher API an absolute URL. Links to another host are refused (they would
   * receive our signature).
   */
  relativeNext(api: Api, next: string): string {
    const base = this.base(api);
    if (/^https?:\/\//i.test(next)) {
      if (!next.startsWith(`${base}/`)) throw new GatewayError(502, 'UPSTREAM_MALFORMED', `The ${api} API sent a next link outside its base URL.`);
      return next.slice(base.length);
    }
    const basePath = new URL(base).pathname.replace(/\/$/, '');
    // A root-relative link may or may not repeat the base path; both are accepted.
    if (basePath && next.startsWith(`${basePath}/`)) return next.slice(basePath.length);
    return next.startsWith('/') ? next : `/${next}`;
  }

  /** Every page of a paged endpoint, following and re-signing next links, up to `maxPages`. */
  async *pages(api: Api, pathAndQuery: string, maxPages = 100): AsyncGenerator<UpstreamResponse> {
    let path: string | null = pathAndQuery;
    for (let page = 0; path && page < maxPages; page++) {
      const response: UpstreamResponse = await this.get(api, path);
      yield response;
      path = response.next ? this.relativeNext(api, response.next) : null;
    }
  }
}
