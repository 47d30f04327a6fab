/**
 * The configurator page as Lighthouse sees it (issue 29): its own script is the build's minified file, one request
 * named by its content (kept for good), not the three unminified modules it is written as; its JSON answers (its
 * settings, the location search) are compressed; the same from a gateway's configurator.
 *
 *   node --import tsx --test test/node/configurator-page.test.ts        (needs `npm run build`)
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { startServe, type Serving } from '../../src/cli/serve.ts';
import { bindConfigurator } from '../../src/adapters/node/configurator.ts';
import { IMMUTABLE_CACHE, isContentHashed } from '../../src/contract/element-files.ts';
import { at, root } from './dist-helpers.ts';

let serving: Serving;
before(async () => {
  serving = await startServe({ port: 0, logLevel: 'silent' });
});
after(() => serving.close());

/** The page's own module scripts (not the elements' bundle). */
const pageScripts = (html: string) =>
  [...html.matchAll(/<script type="module" src="([^"]+)"><\/script>/g)].map((m) => m[1]!).filter((src) => !src.includes('merchant-elements'));

const SOURCES = ['demo/configurator.js', 'demo/element-options.js', 'src/elements/i18n/languages.js'];

function assertMinified(code: string) {
  const written = SOURCES.reduce((sum, file) => sum + readFileSync(at(file), 'utf8').length, 0);
  assert.ok(code.length < written * 0.7, `not minified: ${code.length} B against ${written} B written`);
  assert.ok(!code.includes('/**'), 'comments left in');
  // One file: it imports none of the page's modules (only the languages' loaders, which the elements alone call).
  assert.doesNotMatch(code, /from\s*["'][^"']*(element-options|languages)\.js["']/);
}

test("the demo's configurator runs its script minified, in one file kept for good", async () => {
  const html = await (await fetch(serving.configuratorUrl)).text();
  const scripts = pageScripts(html);
  assert.equal(scripts.length, 1, `one script of the page's own: ${scripts.join(', ')}`);
  const src = scripts[0]!;
  assert.ok(isContentHashed(src.split('/').at(-1)!), `${src} is not named by its content`);
  const response = await fetch(new URL(src, serving.configuratorUrl));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('cache-control'), IMMUTABLE_CACHE);
  assertMinified(await response.text());
});

test("the demo's JSON answers are compressed when the browser takes it", async () => {
  const demo = new URL(serving.demoUrl);
  for (const pathname of ['/demo-api/config', '/demo-api/locations?q=a']) {
    for (const encoding of ['br', 'gzip']) {
      // node's fetch decodes what it is sent; the header says what was.
      const response = await fetch(new URL(pathname, demo), { headers: { 'accept-encoding': encoding } });
      assert.equal(response.status, 200, pathname);
      assert.equal(response.headers.get('content-encoding'), encoding, `${pathname} as ${encoding}`);
      assert.match(response.headers.get('vary') ?? '', /Accept-Encoding/i);
      assert.ok((await response.json()) !== null);
    }
  }
});

test("a gateway's configurator serves the same minified script, and compresses its settings", async () => {
  const app = new Hono();
  bindConfigurator(app, root);
  const page = await app.request('/configurator/demo/configurator.html');
  const scripts = pageScripts(await page.text());
  assert.equal(scripts.length, 1);
  const script = await app.request(new URL(scripts[0]!, 'http://gateway.test/configurator/demo/configurator.html').pathname, {
    headers: { 'accept-encoding': 'gzip' },
  });
  assert.equal(script.status, 200, scripts[0]);
  assert.equal(script.headers.get('cache-control'), IMMUTABLE_CACHE);
  assert.equal(script.headers.get('content-encoding'), 'gzip');
  const settings = await app.request('/configurator/config.json', { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(settings.headers.get('content-encoding'), 'gzip');
  assert.ok(await settings.arrayBuffer());
});
