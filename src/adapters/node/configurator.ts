/**
 * The configurator, served by a gateway on Node (MERCHANT_CONFIGURATOR, on by default): an agency sends its client one
 * link, `https://gateway.example/configurator`, and the client finds their place, picks what to show, and copies a
 * snippet that already names this gateway. The page is the demo's own (demo/configurator.*), read from the package;
 * the preview runs the package's built bundle. Static files and the page's settings only: nothing here reads the
 * gateway's configuration (no credential, no allow-list), and its answers carry the same security headers as every
 * other, with the configurator's own Content-Security-Policy (the demo's, DEMO_CSP).
 *
 * Paths, under /configurator/, mirror the package's folders so the page's relative addresses work unchanged:
 * demo/ (the page, its script, styles and options), src/elements/i18n/languages.js (which the options import) and
 * dist/ (the browser builds, the manifest, the WordPress plugin's zip). Nothing else of the package is served.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Hono } from 'hono';
import { compress } from 'hono/compress';
import { builtConfiguratorScript, DEMO_CSP } from '../../../demo/server/server.ts';
import { configuratorSettings } from '../../../demo/server/configurator-settings.ts';
import { SECURITY_HEADERS } from '../../gateway/http.ts';
import { buildFilesList, IMMUTABLE_CACHE, isContentHashed, type BuildFiles } from '../../contract/element-files.ts';

export const CONFIGURATOR_PATH = '/configurator';
/** The page's template, as a package path: served at PAGE with this gateway's addresses filled in. */
export const CONFIGURATOR_PAGE = 'demo/configurator.html';
const PAGE = `${CONFIGURATOR_PATH}/${CONFIGURATOR_PAGE}`;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.zip': 'application/zip',
};

/**
 * What may be served, as package paths: the page's files, the list of languages, and dist's browser files. Also what
 * a package without them cannot serve: the Docker image's runtime stage copies them (test/node/docker-image.test.ts).
 */
export const CONFIGURATOR_FILES: RegExp[] = [
  /^demo\/(configurator\.(js|css)|element-options\.js|favicon\.svg)$/,
  /^src\/elements\/i18n\/languages\.js$/,
  /^dist\/[a-z0-9-]+(\.classic)?\.js$/,
  /^dist\/custom-elements\.json$/,
  /^dist\/wordpress\/merchant-elements\.zip$/,
];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Binds GET /configurator (a redirect to the page), the page, its settings and its files. `root`: the package's. */
export function bindConfigurator(app: Hono, root: string): void {
  const headers = (type: string, extra: Record<string, string> = {}) => ({
    ...SECURITY_HEADERS,
    'content-type': type,
    // The package's files change only with the package: a short while in the browser, then revalidated.
    'cache-control': 'public, max-age=300',
    ...extra,
  });
  // The page, its script, its settings and the builds it previews are text: gzip where the browser takes it (the
  // gateway's own encoder compresses its cached answers, not these files).
  app.use(`${CONFIGURATOR_PATH}/*`, compress({ encoding: 'gzip' }));
  const redirect = () => new Response(null, { status: 302, headers: { ...SECURITY_HEADERS, location: PAGE, 'cache-control': 'no-store' } });
  app.get(CONFIGURATOR_PATH, redirect);
  app.get(`${CONFIGURATOR_PATH}/`, redirect);

  app.get(PAGE, async () => {
    const template = await readFile(path.join(root, CONFIGURATOR_PAGE), 'utf8');
    const values: Record<string, string> = {
      scriptUrl: '../dist/merchant-elements.js',
      configUrl: `${CONFIGURATOR_PATH}/config.json`,
      // The page's script as the build made it (minified, one file, named by its content); its source in a package unbuilt.
      configuratorScript: (await builtConfiguratorScript(path.join(root, 'dist'), '../dist/')) ?? 'configurator.js',
    };
    const html = template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => (key in values ? escapeHtml(values[key]!) : whole));
    return new Response(html, { status: 200, headers: headers(TYPES['.html']!, { 'content-security-policy': DEMO_CSP, 'x-frame-options': 'DENY' }) });
  });

  /** The build's file list (its on-demand files' names and sizes), for the snippet's hints; none unbuilt. */
  const buildFiles = async (classic: boolean) =>
    readFile(path.join(root, 'dist', buildFilesList(classic)), 'utf8').then(
      (text) => JSON.parse(text) as BuildFiles,
      () => undefined,
    );
  // The snippet names this gateway as the browser reaches it (`/`: behind a proxy, its public address).
  app.get(`${CONFIGURATOR_PATH}/config.json`, async () => {
    const files = { module: await buildFiles(false), classic: await buildFiles(true) };
    return Response.json(configuratorSettings({ endpoint: '/', dist: `${CONFIGURATOR_PATH}/dist/`, exampleUrl: null, featured: null, buildFiles: files }), {
      headers: headers(TYPES['.json']!, { 'cache-control': 'no-store' }),
    });
  });

  app.get(`${CONFIGURATOR_PATH}/*`, async (c, next) => {
    const file = c.req.path.slice(CONFIGURATOR_PATH.length + 1);
    if (!CONFIGURATOR_FILES.some((allowed) => allowed.test(file))) return next();
    let body: Buffer;
    try {
      body = await readFile(path.join(root, file));
    } catch {
      return next();
    }
    // Module scripts and the manifest are fetched with CORS by the preview's on-demand imports: readable by any page.
    // A file of dist/ named by its content (src/contract/element-files.ts) is kept by the browser for good.
    const hashed = file.startsWith('dist/') && isContentHashed(file.slice('dist/'.length));
    return new Response(new Uint8Array(body), {
      status: 200,
      headers: headers(TYPES[path.extname(file)] ?? 'application/octet-stream', {
        'access-control-allow-origin': '*',
        ...(hashed ? { 'cache-control': IMMUTABLE_CACHE } : {}),
      }),
    });
  });
}
