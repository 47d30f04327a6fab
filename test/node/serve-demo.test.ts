/**
 * `merchant-elements serve`: one process runs the sandbox, the gateway and the demo. The demo pages are
 * served under the strict CSP with Trusted Types, contain no inline script or style, use every element,
 * and the gateway answers the demo's origin through CORS. The configurator's location search works.
 */
import { createHash } from 'node:crypto';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { startServe, serveCommand, type Serving } from '../../src/cli/serve.ts';
import { at, ELEMENT_TAGS } from './dist-helpers.ts';

let serving: Serving;
let origin: string;

before(async () => {
  serving = await startServe({ port: 0, logLevel: 'silent' });
  origin = new URL(serving.demoUrl).origin;
});
after(() => serving.close());

const PAGES = ['/', '/cms.html', '/dark.html', '/es.html', '/fr.html', '/de.html', '/configurator.html'];

test('every demo page is served with the strict CSP and Trusted Types', async () => {
  for (const page of PAGES) {
    const response = await fetch(new URL(page, origin));
    assert.equal(response.status, 200, page);
    const csp = response.headers.get('content-security-policy') ?? '';
    for (const directive of ["script-src 'self'", "style-src 'self'", "require-trusted-types-for 'script'", 'trusted-types lit-html']) {
      assert.ok(csp.includes(directive), `${page}: CSP lacks ${directive}`);
    }
    assert.ok(!/unsafe-(inline|eval)/.test(csp), `${page}: CSP must not allow unsafe-inline or unsafe-eval`);
  }
});

test('demo pages hold no inline script, no inline style their policy does not name by hash, no unfilled placeholder', async () => {
  for (const page of PAGES) {
    const response = await fetch(new URL(page, origin));
    const csp = response.headers.get('content-security-policy') ?? '';
    const html = await response.text();
    assert.ok(!/<script(?![^>]*\bsrc=)[^>]*>/i.test(html), `${page}: inline <script>`);
    for (const [, css] of html.matchAll(/<style>([^]*?)<\/style>/g))
      assert.ok(csp.includes(`'sha256-${createHash('sha256').update(css!).digest('base64')}'`), `${page}: a <style> its CSP does not allow by hash`);
    assert.ok(!/<style\s/i.test(html), `${page}: a <style> element with attributes`);
    assert.ok(!/\sstyle=/i.test(html), `${page}: style= attribute`);
    assert.ok(!/\son[a-z]+=/i.test(html), `${page}: inline event handler`);
    assert.ok(!html.includes('{{'), `${page}: a template placeholder was not filled`);
    // Issue 29: no stylesheet of the demo's own holds the first paint; each is written into the page.
    assert.ok(!/<link rel="stylesheet" href="(?!https?:)[^"]+"/.test(html), `${page}: a render-blocking stylesheet of the demo's own`);
    assert.ok(/<style>/.test(html), `${page}: its stylesheets written in`);
    // Every local script and stylesheet the page names exists.
    for (const [, url] of html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)) {
      const asset = await fetch(new URL(url!, origin));
      assert.equal(asset.status, 200, `${page} references ${url}`);
      await asset.arrayBuffer();
    }
  }
});

// The showcase is a page designed around a restaurant, not a list: a new element is offered by the configurator at
// once (derived from the manifest, test/node/element-list.test.ts) and gets its place in the showcase when someone
// designs one. What the showcase uses must exist, and be set up for the featured location.
test('the showcase uses real elements, themed with custom properties and parts, for the featured location', async () => {
  const html = await (await fetch(serving.demoUrl)).text();
  const used = new Set([...html.matchAll(/<(merchant-[a-z]+)[\s>]/g)].map((match) => match[1]!));
  assert.ok(used.size >= 5, `the showcase uses only ${[...used].join(', ')}`);
  for (const tag of used) assert.ok(ELEMENT_TAGS.includes(tag), `the showcase uses <${tag}>, which is no element`);
  assert.ok(html.includes(`location-id="${serving.featuredLocationId}"`));
  assert.ok(html.includes(`endpoint="${serving.gatewayUrl}"`));
  const css = readFileSync(at('demo/demo.css'), 'utf8');
  assert.match(css, /--merchant-color-primary:/);
  assert.match(css, /::part\(/);
});

test('locale pages set lang, and the CMS page uses only the script tag and attributes', async () => {
  // The demo has a page for each of the first languages (a new language needs none).
  for (const lang of ['es', 'fr', 'de']) {
    const html = await (await fetch(new URL(`/${lang}.html`, origin))).text();
    assert.match(html, new RegExp(`<html lang="${lang}">`));
  }
  const cms = await (await fetch(new URL('/cms.html', origin))).text();
  // A CMS site has its theme's stylesheet (one, reserving the elements' heights); the elements are set up
  // by attributes alone: no meta defaults, no data-* on the script, no provider, no other script.
  assert.ok([...cms.matchAll(/<link[^>]+stylesheet/gi)].length <= 1, 'the CMS page has at most its theme stylesheet');
  assert.ok(!/<meta[^>]+name="merchant-elements"/i.test(cms), 'the CMS page has no page-level defaults');
  assert.ok(!/<script[^>]+data-(endpoint|location-id)/i.test(cms), 'the CMS page sets no defaults on the script tag');
  assert.equal([...cms.matchAll(/<script/g)].length, 1, 'the CMS page has exactly one script tag');
  assert.ok(!cms.includes('<merchant-provider'), 'the CMS page sets attributes on each element');
});

test('the bundle is served like a CDN would serve it (JavaScript, CORS for cross-origin module scripts)', async () => {
  const response = await fetch(new URL('/dist/merchant-elements.js', origin));
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/javascript/);
  assert.equal(response.headers.get('access-control-allow-origin'), '*');
  assert.ok((await response.text()).length > 1000);
  const manifest = await fetch(new URL('/dist/custom-elements.json', origin));
  assert.equal(manifest.status, 200);
  await manifest.arrayBuffer();
});

test('the demo server refuses paths outside demo/ and dist/ (but the list of languages), and the server-side build', async () => {
  // demo/server/ (this server's own code) and dist/node/ (the CLI's build) are the server side: not for browsers.
  const serverSide = ['/dist/node/cli.js', '/server/server.ts', '/server/locations.ts', '/%73erver/server.ts', '/server/'];
  for (const path of ['/..%2fpackage.json', '/%2e%2e/package.json', '/dist/..%2fpackage.json', ...serverSide, '/demo-api/nothing', '/nope.html']) {
    const response = await fetch(new URL(path, origin));
    assert.equal(response.status, 404, path);
    await response.arrayBuffer();
  }
  // The elements' list of languages is the one source file served (the configurator's options import it), alone.
  const languages = await fetch(new URL('/src/elements/i18n/languages.js', origin));
  assert.equal(languages.status, 200);
  assert.match(languages.headers.get('content-type') ?? '', /^text\/javascript/);
  assert.match(await languages.text(), /export const LANGUAGES/);
  for (const path of ['/src/elements/i18n/es.ts', '/src/elements/i18n/languages.d.ts', '/src/elements/shared/i18n.ts']) {
    const response = await fetch(new URL(path, origin));
    assert.equal(response.status, 404, path);
    await response.arrayBuffer();
  }
  const post = await fetch(new URL('/', origin), { method: 'POST' });
  assert.equal(post.status, 405);
  await post.arrayBuffer();
});

test('the configurator API: config names the gateway and the bundle; search finds locations by name or city', async () => {
  const config = await (await fetch(new URL('/demo-api/config', origin))).json();
  assert.equal(config.endpoint, serving.gatewayUrl);
  assert.equal(config.scriptUrl, `${origin}/dist/merchant-elements.js`);
  assert.equal(config.featured.id, serving.featuredLocationId);

  const byName = await (await fetch(new URL(`/demo-api/locations?q=${encodeURIComponent(config.featured.name)}`, origin))).json();
  assert.ok(byName.locations.some((l: { id: string }) => l.id === config.featured.id));

  const city = config.featured.city as string;
  const byCity = await (await fetch(new URL(`/demo-api/locations?q=${encodeURIComponent(city.toLowerCase())}&limit=5`, origin))).json();
  assert.ok(byCity.locations.length > 0 && byCity.locations.length <= 5);
  for (const l of byCity.locations) assert.equal(l.city, city);

  const none = await (await fetch(new URL('/demo-api/locations?q=zzzz-no-such-place', origin))).json();
  assert.deepEqual(none.locations, []);
});

test("the gateway answers the demo's origin (CORS) with the featured location's page", async () => {
  for (const demoOrigin of [origin, origin.replace('127.0.0.1', 'localhost')]) {
    const response = await fetch(`${serving.gatewayUrl}/v1/locations/${serving.featuredLocationId}/page`, { headers: { origin: demoOrigin } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), demoOrigin);
    const page = await response.json();
    assert.equal(page.location.id, serving.featuredLocationId);
  }
  const other = await fetch(`${serving.gatewayUrl}/v1/locations/${serving.featuredLocationId}`, { headers: { origin: 'https://elsewhere.example' } });
  assert.notEqual(other.headers.get('access-control-allow-origin'), 'https://elsewhere.example');
  await other.arrayBuffer();
});

test('serve rejects bad flags with a clear message and prints help', async () => {
  await assert.rejects(serveCommand(['--port', 'eighty']), /--port must be a port number/);
  await assert.rejects(serveCommand(['--locations', '-3']), /--locations|Unexpected|argument/);
  const logged: string[] = [];
  const log = console.log;
  console.log = (text: string) => logged.push(text);
  try {
    assert.equal(await serveCommand(['--help']), 0);
  } finally {
    console.log = log;
  }
  assert.match(logged.join('\n'), /--port P/);
});

test('every demo file is plain HTML, CSS or JavaScript (nothing to build)', () => {
  for (const name of readdirSync(at('demo'))) {
    // The demo's server (Node, TypeScript) is bundled into the CLI and never served (the test above).
    if (name === 'server') continue;
    // Types of a module beside it (element-options.d.ts), for the TypeScript that imports it: nothing is built from them.
    if (name.endsWith('.d.ts') && readdirSync(at('demo')).includes(name.replace(/\.d\.ts$/, '.js'))) continue;
    assert.match(name, /\.(html|css|js|svg|png|json)$/, name);
  }
});

test('the demo server compresses and caches its files as a CDN would: brotli or gzip as asked, an ETag per representation, 304', async () => {
  const { request } = await import('node:http');
  // node:http, not fetch: fetch asks for and decodes compressed answers itself, and here the bytes sent matter.
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: number }>((resolve, reject) => {
      request(new URL(path, origin), { headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes }));
      })
        .on('error', reject)
        .end();
    });
  const plain = await get('/dist/merchant-elements.js');
  const br = await get('/dist/merchant-elements.js', { 'accept-encoding': 'gzip, deflate, br' });
  const gzip = await get('/dist/merchant-elements.js', { 'accept-encoding': 'gzip' });
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(gzip.headers['content-encoding'], 'gzip');
  assert.ok(br.bytes < plain.bytes * 0.45 && gzip.bytes < plain.bytes * 0.45, `${br.bytes} and ${gzip.bytes} bytes against ${plain.bytes}`);
  for (const answer of [plain, br, gzip]) {
    assert.equal(answer.headers.vary, 'Accept-Encoding');
    assert.match(String(answer.headers['cache-control']), /^public, max-age=\d+/);
  }
  assert.equal(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size, 3, 'one ETag per representation');
  const again = await get('/dist/merchant-elements.js', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
  assert.equal(again.status, 304);
  assert.equal(again.bytes, 0);
  // A representation's ETag does not match another's.
  assert.equal((await get('/dist/merchant-elements.js', { 'if-none-match': String(br.headers.etag) })).status, 200);
  const page = await get('/', { 'accept-encoding': 'gzip' });
  assert.equal(page.headers['content-encoding'], 'gzip');
});
