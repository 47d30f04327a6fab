/**
 * The one way bench/mobile.ts serves every page it measures: a small HTTP server on a loopback port of its own, in
 * front of the page's real server (npm start's demo server, a WordPress site). It answers some paths itself (a
 * page's server-rendered HTML, its static copy) and, for a second build side by side, the bundle and its on-demand
 * modules (any `merchant-elements*.js`) from another dist/; everything else it passes to the real server, with that
 * server's origin in HTML and redirects rewritten to its own so the page's own links come back through it.
 *
 * Real HTTP, not the browser's request interception: Chromium's network throttling applies to what comes over its
 * network stack, so every page, its copy and its other build are served the same way and throttled the same way.
 * Like a production host, it compresses what it sends (brotli, else gzip, as the browser asks) when the server behind
 * it did not: php -S compresses nothing, npm start's server does, and a static copy should not lose for lack of it.
 */
import { createHash } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync, gzipSync } from 'node:zlib';

export interface FrontOptions {
  /** The real server's origin, e.g. http://127.0.0.1:8080. */
  upstream: string;
  /** Paths (pathname + search, as requested) answered with this HTML instead. */
  pages?: Record<string, string>;
  /** Answer every `merchant-elements*.js` (the bundle, its on-demand modules) from this folder instead. */
  distDir?: string;
}

export interface Front {
  origin: string;
  close(): Promise<void>;
}

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|ld\+json|manifest\+json)|image\/svg)/;
const BUNDLE_FILE = /(^|\/)(merchant-elements[\w.-]*\.js)$/;

const compressed = new Map<string, Buffer>();
/** Brotli 5 / gzip 6, as a host compresses dynamic answers; kept per body, so a page served again is not compressed again. */
function compress(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  // The whole body's hash: two fronts' copies of a page differ only in their origin, in the middle.
  const key = `${encoding}:${createHash('sha1').update(body).digest('hex')}`;
  let out = compressed.get(key);
  if (!out) {
    out = encoding === 'br' ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body, { level: 6 });
    if (body.length > 2048) compressed.set(key, out);
  }
  return out;
}

function send(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string | string[] | undefined>, body: Buffer): void {
  const type = String(headers['content-type'] ?? '');
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const encoding = COMPRESSIBLE.test(type) && body.length > 512 ? (/\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null) : null;
  const out = encoding ? compress(body, encoding) : body;
  const h: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(headers))
    if (v !== undefined && !['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(k)) h[k] = v;
  if (encoding) {
    h['content-encoding'] = encoding;
    h.vary = 'Accept-Encoding';
  }
  h['content-length'] = String(out.length);
  res.writeHead(status, h);
  res.end(req.method === 'HEAD' ? undefined : out);
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

export async function startFront(options: FrontOptions): Promise<Front> {
  const upstream = new URL(options.upstream);
  let origin = '';
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const page = options.pages?.[url];
    if (page !== undefined) return send(req, res, 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }, Buffer.from(page));
    const bundle = options.distDir && BUNDLE_FILE.exec(new URL(url, origin).pathname);
    if (options.distDir && bundle) {
      const file = path.join(options.distDir, bundle[2]!);
      if (!existsSync(file)) return send(req, res, 404, { 'content-type': 'text/plain' }, Buffer.from('not in the compared dist/'));
      return send(req, res, 200, { 'content-type': 'text/javascript; charset=utf-8', 'access-control-allow-origin': '*' }, readFileSync(file));
    }
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          const headers = { ...answer.headers };
          if (headers.location) headers.location = headers.location.replaceAll(upstream.origin, origin);
          const type = String(headers['content-type'] ?? '');
          let body = Buffer.concat(chunks);
          const encoding = headers['content-encoding'];
          if (type.startsWith('text/html'))
            body = Buffer.from(
              decode(body, encoding)
                .toString('utf8')
                .replaceAll(upstream.origin, origin)
                // As JSON writes it in the page's inline settings (WordPress's import map, its emoji loader's settings).
                .replaceAll(upstream.origin.replaceAll('/', '\\/'), origin.replaceAll('/', '\\/')),
            );
          else if (encoding) {
            // Already compressed by the server behind: passed on as it is.
            res.writeHead(answer.statusCode ?? 502, headers);
            return res.end(body);
          }
          send(req, res, answer.statusCode ?? 502, headers, body);
        });
      },
    );
    forward.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
