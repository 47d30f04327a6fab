/**
 * Cache lifetimes (issue 29's Lighthouse goal, "efficient cache lifetimes"): every file the script-tag bundles import,
 * directly or through another, is named by its content and listed in the build's file list, and the demo server and
 * a gateway's configurator send it to be kept for good (`immutable`); the bundles a script tag names keep their stable
 * address and a short, revalidated lifetime; every hint a demo page or the WordPress plugin's data names a file of the
 * build.
 *
 *   node --import tsx --test test/node/cache-lifetimes.test.ts        (needs `npm run build`)
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { Hono } from 'hono';
import { startServe, type Serving } from '../../src/cli/serve.ts';
import { bindConfigurator } from '../../src/adapters/node/configurator.ts';
import { buildFilesList, IMMUTABLE_CACHE, isContentHashed, type BuildFiles } from '../../src/contract/element-files.ts';
import { scriptFolder } from '../../scripts/build-wordpress.mjs';
import { at, readBuilt, root } from './dist-helpers.ts';

/** The files a built file imports, statically or with import(), resolved beside it (esbuild's view, nothing bundled). */
async function importsOf(file: string): Promise<string[]> {
  const code = readBuilt(file);
  // The classic build resolves its import()s against its own URL: `import(new URL("./x.js", scriptUrl).href)`.
  const classic = [...code.matchAll(/import\(new URL\("(?:\.\/)?([^"]+)",scriptUrl\)\.href\)/g)].map((m) => m[1]!);
  const result = await build({ entryPoints: [at(file)], bundle: true, write: false, metafile: true, packages: 'external', logLevel: 'silent', format: 'esm' });
  const input = Object.entries(result.metafile.inputs).find(([name]) => at(name) === at(file))!;
  const module = input[1].imports.filter((i) => i.kind === 'import-statement' || i.kind === 'dynamic-import').map((i) => i.path);
  return [...module, ...classic].map((imported) => path.basename(imported));
}

/** Every file of dist/ a bundle reaches through its imports, the bundle not included. */
async function reachedFrom(bundle: string): Promise<Set<string>> {
  const reached = new Set<string>();
  const queue = [bundle];
  while (queue.length > 0) {
    for (const file of await importsOf(`dist/${queue.shift()!}`)) {
      if (file === bundle || reached.has(file)) continue;
      reached.add(file);
      queue.push(file);
    }
  }
  return reached;
}

const BUNDLES = [
  { bundle: 'merchant-elements.js', classic: false },
  { bundle: 'merchant-elements.classic.js', classic: true },
];

let serving: Serving;
let origin: string;
before(async () => {
  serving = await startServe({ port: 0, logLevel: 'silent' });
  origin = new URL(serving.demoUrl).origin;
});
after(() => serving.close());

for (const { bundle, classic } of BUNDLES) {
  test(`${bundle}: every file it imports is named by its content, listed, and served to be kept for good`, async () => {
    const list = JSON.parse(readBuilt(`dist/${buildFilesList(classic)}`)) as BuildFiles;
    assert.equal(list.bundle, bundle);
    const listed = new Set(Object.values(list.files));
    const reached = await reachedFrom(bundle);
    assert.ok(reached.size > 10, `the bundle reaches its elements, languages and modules: ${[...reached].join(', ')}`);
    // The combined file is imported by the loader too.
    assert.ok(reached.has(list.files.all!), 'the combined file');
    for (const file of reached) {
      assert.ok(isContentHashed(file), `${file} is not named by its content`);
      assert.ok(listed.has(file), `${file} is not in ${buildFilesList(classic)}`);
      assert.ok(existsSync(at('dist', file)), `${file} is missing`);
      const response = await fetch(`${origin}/dist/${file}`, { headers: { 'accept-encoding': 'br' } });
      assert.equal(response.status, 200, file);
      assert.equal(response.headers.get('cache-control'), IMMUTABLE_CACHE, file);
      await response.arrayBuffer();
    }
    // And nothing listed is left unreached (a stale name).
    for (const file of listed) assert.ok(reached.has(file), `${file} is listed but no bundle imports it`);
  });
}

test('the bundles a script tag names keep a stable address, kept a short while and revalidated', async () => {
  for (const bundle of ['merchant-elements.js', 'merchant-elements.classic.js', 'merchant-elements.standalone.js', buildFilesList()]) {
    const response = await fetch(`${origin}/dist/${bundle}`);
    assert.equal(response.status, 200, bundle);
    const cacheControl = response.headers.get('cache-control') ?? '';
    assert.match(cacheControl, /max-age=300\b/, bundle);
    assert.doesNotMatch(cacheControl, /immutable/, bundle);
    assert.ok(response.headers.get('etag'), `${bundle}: an ETag to revalidate with`);
    await response.arrayBuffer();
  }
});

test('every modulepreload hint of a demo page names a file of this build, served to be kept for good', async () => {
  const hinted = new Set<string>();
  for (const page of ['/', '/cms.html', '/dark.html', '/es.html', '/fr.html', '/de.html']) {
    const html = await (await fetch(`${origin}${page}`)).text();
    const hints = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]!);
    assert.ok(hints.length > 0, `${page} hints its elements' files`);
    for (const hint of hints) {
      const response = await fetch(new URL(hint, origin));
      assert.equal(response.status, 200, `${page}: ${hint}`);
      assert.equal(response.headers.get('cache-control'), IMMUTABLE_CACHE, `${page}: ${hint}`);
      await response.arrayBuffer();
      hinted.add(path.basename(hint));
    }
  }
  // The language modules and the menu's modules the pages hint by name are among them.
  const list = JSON.parse(readBuilt(`dist/${buildFilesList()}`)) as BuildFiles;
  for (const name of ['i18n-es', 'i18n-fr', 'i18n-de', 'menu-tools', 'menu-navigation']) assert.ok(hinted.has(list.files[name]!), name);
});

test("a gateway's configurator serves the build's files to be kept for good, and its snippet's list names them", async () => {
  const app = new Hono();
  bindConfigurator(app, root);
  const list = JSON.parse(readBuilt(`dist/${buildFilesList()}`)) as BuildFiles;
  const hashed = await app.request(`/configurator/dist/${list.files.menu}`);
  assert.equal(hashed.status, 200);
  assert.equal(hashed.headers.get('cache-control'), IMMUTABLE_CACHE);
  const stable = await app.request('/configurator/dist/merchant-elements.js');
  assert.equal(stable.status, 200);
  assert.doesNotMatch(stable.headers.get('cache-control') ?? '', /immutable/);
  const settings = (await (await app.request('/configurator/config.json')).json()) as {
    elementFiles: BuildFiles | null;
    classicElementFiles: BuildFiles | null;
  };
  assert.deepEqual(settings.elementFiles, list);
  assert.deepEqual(settings.classicElementFiles, JSON.parse(readBuilt(`dist/${buildFilesList(true)}`)));
});

test("the WordPress plugin carries the build's file list, and every file it names", () => {
  const plugin = 'dist/wordpress/merchant-elements';
  const list = JSON.parse(readBuilt(`${plugin}/generated/element-files.json`)) as BuildFiles;
  assert.deepEqual(list, JSON.parse(readFileSync(at('dist', buildFilesList()), 'utf8')));
  for (const file of Object.values(list.files)) assert.ok(existsSync(at(plugin, scriptFolder(), file)), `${file} is not in the plugin`);
});
