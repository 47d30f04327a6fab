/**
 * The demo's web server: the pages in demo/, the built bundles in dist/, two demo-only JSON
 * resources for the configurator, and the elements' list of languages, which the configurator's options import. Plain node:http: it serves a handful of files to one person, and
 * keeping it dependency-free keeps `npm start` small.
 *
 * - HTML pages are templates: `{{endpoint}}`, `{{locationId}}`, `{{locationName}}`, `{{scriptUrl}}`, `{{pageDataUrl}}`
 *   are replaced (HTML-escaped) at request time, because the gateway's URL and the example location
 *   are only known once the servers are listening; `{{elementPreloads}}` by a `<link rel="modulepreload">` for the file
 *   of each element the page holds (its tags), and `{{modulePreload:<module>}}` by one for an on-demand module
 *   (`i18n-de`, `menu-tools`), each named from the build's file list (its files are named by their content).
 * - The files of dist/ named by their content are sent to be kept for good (`immutable`); the rest (the bundles a
 *   script tag names, the file lists) to be kept 5 minutes, then revalidated.
 * - Every page is sent with a strict Content-Security-Policy and Trusted Types enforced, the policy
 *   the README promises the elements work under: no inline script anywhere in the demo, and no inline style but the
 *   page's own stylesheets, written into it as it is sent and each allowed by its hash (inline-styles.ts: no request
 *   holds the first paint).
 * - dist/ is served like a CDN would: `Access-Control-Allow-Origin: *`, because a module script from
 *   another origin (a snippet pasted into someone's page) is fetched in CORS mode.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { LocationDirectory } from './locations.ts';
import { configuratorSettings } from './configurator-settings.ts';
import { allowStyles, inlineStylesheets } from './inline-styles.ts';
import { elementTagsIn, pageDataUrl } from '../../src/contract/page-data.ts';
import { buildFilesList, elementFilesFor, IMMUTABLE_CACHE, isContentHashed, type BuildFiles } from '../../src/contract/element-files.ts';

export interface DemoServerOptions {
  /** Package root: demo/ and dist/ are read from here. */
  root: string;
  port: number;
  host: string;
  directory: LocationDirectory;
  /** The gateway's base URL, read at each request (it is known only after the gateway listens). */
  endpoint: () => string;
}

export interface DemoServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ts': 'text/plain; charset=utf-8',
};

/**
 * The policy of every demo page (and of the configurator a gateway serves, src/adapters/node/configurator.ts). Scripts and
 * styles only from this server; data and images from any web address, because the configurator checks and previews
 * the live gateway its user types (on this computer, the gateway and the sandbox are on loopback). Trusted Types: only
 * Lit's own policy.
 */
export const DEMO_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: http: https:",
  "connect-src 'self' http: https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "require-trusted-types-for 'script'",
  'trusted-types lit-html',
].join('; ');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Resolves a URL path inside a folder, refusing anything that would step outside it. */
function inside(folder: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.resolve(folder, `.${path.posix.normalize(`/${decoded}`)}`);
  return file === folder || file.startsWith(folder + path.sep) ? file : null;
}

async function readIfFile(file: string | null): Promise<Buffer | null> {
  if (!file) return null;
  try {
    if (!(await stat(file)).isFile()) return null;
    return await readFile(file);
  } catch {
    return null;
  }
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'content-type': type,
    'content-length': Buffer.byteLength(body),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // A demo: always the latest build, never a stale cached copy after `npm run build`.
    'cache-control': 'no-cache',
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/**
 * A response made for this request (a page, a JSON answer), compressed as it is sent when the browser takes brotli or
 * gzip: what a CDN or a reverse proxy in front of a real site does for text.
 */
function sendMade(req: IncomingMessage, res: ServerResponse, type: string, body: string, headers: Record<string, string> = {}) {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const vary = { vary: 'Accept-Encoding', ...headers };
  if (/\bbr\b/.test(accepted))
    return send(res, 200, type, brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }), { ...vary, 'content-encoding': 'br' });
  if (/\bgzip\b/.test(accepted)) return send(res, 200, type, gzipSync(body), { ...vary, 'content-encoding': 'gzip' });
  return send(res, 200, type, body, vary);
}

const json = (req: IncomingMessage, res: ServerResponse, value: unknown) => sendMade(req, res, TYPES['.json']!, JSON.stringify(value));

/** A static file as a CDN keeps it: its bytes, brotli and gzip made once per version of the file, and an ETag. */
interface StaticFile {
  mtimeMs: number;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  tag: string;
}

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.map', '.svg', '.html', '.ts']);
const staticFiles = new Map<string, StaticFile>();

/** The file, compressed, from memory while it has not changed on disk; null when it is not a file. */
async function staticFile(file: string | null): Promise<StaticFile | null> {
  if (!file) return null;
  let mtimeMs: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) return null;
    mtimeMs = info.mtimeMs;
  } catch {
    return null;
  }
  const known = staticFiles.get(file);
  if (known?.mtimeMs === mtimeMs) return known;
  const identity = await readFile(file);
  const compressible = COMPRESSIBLE.has(path.extname(file));
  const made: StaticFile = {
    mtimeMs,
    identity,
    br: compressible ? brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }) : identity,
    gzip: compressible ? gzipSync(identity, { level: 9 }) : identity,
    tag: createHash('sha1').update(identity).digest('base64url').slice(0, 27),
  };
  staticFiles.set(file, made);
  return made;
}

/**
 * Sends a static file as a CDN would: brotli or gzip as the browser asks (`Vary: Accept-Encoding`), an ETag per
 * representation and 304 when the browser has it, and kept by the browser for a while then revalidated: a file at a
 * stable address (a page's script tag names the bundle's) must show a rebuild. A file of dist/ named by its content
 * (`merchant-elements-menu-1a2b3c4d.js`: src/contract/element-files.ts) is kept for good instead (`cacheControl`).
 */
function sendStatic(
  req: IncomingMessage,
  res: ServerResponse,
  type: string,
  file: StaticFile,
  headers: Record<string, string> = {},
  cacheControl = 'public, max-age=300, stale-while-revalidate=86400',
) {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const compressible = file.br !== file.identity;
  const encoding = compressible && /\bbr\b/.test(accepted) ? 'br' : compressible && /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
  const etag = `"${file.tag}${encoding === 'identity' ? '' : `-${encoding}`}"`;
  const common: Record<string, string> = {
    etag,
    vary: 'Accept-Encoding',
    'cache-control': cacheControl,
    ...headers,
  };
  if (
    String(req.headers['if-none-match'] ?? '')
      .split(',')
      .some((tag) => tag.trim().replace(/^W\//, '') === etag)
  ) {
    res.writeHead(304, common);
    res.end();
    return;
  }
  const body = encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : file.identity;
  send(res, 200, type, body, { ...common, ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }) });
}

/**
 * The one file outside demo/ and dist/ that pages may load: the elements' list of languages (plain JavaScript),
 * which demo/element-options.js imports by this same path relative to itself, in the browser as in Node.
 */
const LANGUAGE_LIST = '/src/elements/i18n/languages.js';

/** The file the build writes the configurator's script's name to (rollup.config.mjs `configuratorScript`). */
const CONFIGURATOR_FILES_LIST = 'merchant-configurator-files.json';

/**
 * The last build's file list: its on-demand files' names and sizes (read for each page: a rebuild renames them); none
 * unbuilt.
 */
/** The configurator's built script (dist/merchant-configurator-files.json names it), as `prefix` + its name; none unbuilt. */
export async function builtConfiguratorScript(distDir: string, prefix: string): Promise<string | undefined> {
  const text = await readIfFile(path.join(distDir, CONFIGURATOR_FILES_LIST));
  return text ? `${prefix}${(JSON.parse(text.toString('utf8')) as { bundle: string }).bundle}` : undefined;
}

export async function builtFiles(distDir: string, classic = false): Promise<BuildFiles | undefined> {
  const text = await readIfFile(path.join(distDir, buildFilesList(classic)));
  return text ? (JSON.parse(text.toString('utf8')) as BuildFiles) : undefined;
}

export async function startDemoServer(options: DemoServerOptions): Promise<DemoServer> {
  const demoDir = path.join(options.root, 'demo');
  const distDir = path.join(options.root, 'dist');
  const { directory } = options;

  // Absolute URLs in snippets follow the address the visitor used (127.0.0.1 or localhost).
  const originOf = (req: IncomingMessage) => `http://${req.headers.host ?? `${options.host}:${(server.address() as AddressInfo).port}`}`;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'Method not allowed', { allow: 'GET, HEAD' });
    const url = new URL(req.url ?? '/', 'http://demo.invalid');
    const pathname = url.pathname;

    if (pathname === '/demo-api/locations') {
      const q = url.searchParams.get('q') ?? '';
      const limit = Number(url.searchParams.get('limit') ?? 20) || 20;
      return json(req, res, { locations: directory.search(q.slice(0, 200), limit) });
    }
    if (pathname === '/demo-api/config') {
      const origin = originOf(req);
      const buildFiles = { module: await builtFiles(distDir), classic: await builtFiles(distDir, true) };
      return json(
        req,
        res,
        configuratorSettings({ endpoint: options.endpoint(), dist: `${origin}/dist/`, exampleUrl: '/', featured: directory.featured(), buildFiles }),
      );
    }

    if (pathname.startsWith('/dist/')) {
      const file = inside(distDir, pathname.slice('/dist/'.length));
      // dist/node is the server's own code: not for browsers.
      const found = file && !file.startsWith(path.join(distDir, 'node') + path.sep) ? await staticFile(file) : null;
      if (!found) {
        const missing = pathname === '/dist/merchant-elements.js' ? ' Run `npm run build`.' : '';
        return send(res, 404, 'text/plain; charset=utf-8', `Not found.${missing}`);
      }
      const immutable = path.dirname(file!) === distDir && isContentHashed(path.basename(file!));
      return sendStatic(
        req,
        res,
        TYPES[path.extname(file!)] ?? 'application/octet-stream',
        found,
        { 'access-control-allow-origin': '*' },
        immutable ? IMMUTABLE_CACHE : undefined,
      );
    }

    if (pathname === LANGUAGE_LIST) {
      const found = await staticFile(path.join(options.root, LANGUAGE_LIST));
      return found ? sendStatic(req, res, TYPES['.js']!, found) : send(res, 404, 'text/plain; charset=utf-8', 'Not found.');
    }

    // Browsers ask for /favicon.ico whatever the page says; answer quietly (pages link favicon.svg).
    if (pathname === '/favicon.ico') return send(res, 204, 'image/x-icon', '');

    const page = pathname === '/' ? '/index.html' : pathname.endsWith('/') ? `${pathname}index.html` : pathname;
    // demo/server/ is this server's own code, beside the pages: not for browsers.
    const found = inside(demoDir, page);
    const file = found && !found.startsWith(path.join(demoDir, 'server') + path.sep) ? found : null;
    const body = await readIfFile(file);
    if (!body)
      return send(
        res,
        404,
        'text/html; charset=utf-8',
        '<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not found</title><p>Not found. <a href="/">Back to the demo</a>.',
        {
          'content-security-policy': DEMO_CSP,
        },
      );
    const ext = path.extname(file!);
    if (ext !== '.html') {
      const found = await staticFile(file);
      return found ? sendStatic(req, res, TYPES[ext] ?? 'application/octet-stream', found) : send(res, 200, TYPES[ext] ?? 'application/octet-stream', body);
    }

    const featured = directory.featured();
    const values: Record<string, string> = {
      endpoint: options.endpoint(),
      locationId: featured.id,
      locationName: featured.name,
      locationCity: featured.city,
      scriptUrl: '/dist/merchant-elements.js',
      // The featured location's data, as its elements will ask for it: the pages' preload hint.
      pageDataUrl: pageDataUrl(options.endpoint().replace(/\/+$/, ''), featured.id),
      configUrl: '/demo-api/config',
      // The configurator's script as the build made it (minified, one file, named by its content); its source unbuilt.
      configuratorScript: (await builtConfiguratorScript(distDir, '/dist/')) ?? 'configurator.js',
    };
    const template = body.toString('utf8');
    // The files the bundle will import for the page's elements (each element's, or the one holding them all, as the
    // loader decides from the sizes the build measured), hinted so that they come with the bundle, not after it.
    const files = await builtFiles(distDir);
    const modulePreload = (file: string) => `<link rel="modulepreload" href="${escapeHtml(`/dist/${file}`)}">`;
    const elementPreloads = elementFilesFor(elementTagsIn(template), files).map(modulePreload).join('\n  ');
    const filled = template
      .replace('{{elementPreloads}}', elementPreloads)
      // `{{modulePreload:<module>}}`: a hint for one on-demand module the page will need (its language, the menu's
      // tools), named as the build named it (by its content); nothing before a build.
      .replace(/\{\{modulePreload:([a-z0-9-]+)\}\}/g, (_whole, name: string) => {
        const file = files?.files[name];
        return file ? modulePreload(file) : '';
      })
      .replace(/\{\{(\w+)\}\}/g, (whole, key: string) => (key in values ? escapeHtml(values[key]!) : whole));
    // The page's stylesheets written into it, each allowed by its hash: no request holds the first paint (issue 29).
    const { html, styleHashes } = await inlineStylesheets(filled, demoDir, page);
    const csp = allowStyles(DEMO_CSP, styleHashes);
    // Made for this request (its values are read now): compressed as it is sent.
    return sendMade(req, res, TYPES['.html']!, html, { 'content-security-policy': csp });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, 'text/plain', 'Internal error');
      console.error('demo server:', error);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host === '0.0.0.0' ? '127.0.0.1' : options.host;
  return {
    url: `http://${host}:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
