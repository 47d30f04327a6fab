/**
 * Issue 5's must-show: in the configurator, pick a location (searched by city) and an element with an
 * option, copy the snippet with the button, paste it into a blank page on another origin, and the same
 * element renders there, with the same content as the live preview.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startServe, type Serving } from '../../src/serve.ts';
import { collectProblems, launch, settledStates, startTestServer, type TestServer } from './helpers.ts';

let serving: Serving;
let blank: TestServer;
let browser: Browser;
let pasted = '';

before(async () => {
  // The "blank page": whatever was pasted, inside an otherwise empty HTML document.
  blank = await startTestServer((req, res) => {
    if (req.url === '/paste.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(`<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Pasted</title><link rel="icon" href="data:,"></head>\n<body>\n${pasted}</body>\n</html>\n`);
    }
    res.writeHead(404).end();
  });
  serving = await startServe({ port: 0, logLevel: 'silent', allowOrigins: [blank.origin] });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await serving?.close();
  await blank?.close();
});

const shadowText = (page: Page, selector: string) =>
  page.evaluate((sel) => document.querySelector(sel)?.shadowRoot?.textContent?.replace(/\s+/g, ' ').trim() ?? '', selector);

test('a snippet copied from the configurator renders the same element on a blank page', async () => {
  const demoOrigin = new URL(serving.demoUrl).origin;
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demoOrigin });
  const page = await context.newPage();
  const problems = collectProblems(page);
  await page.goto(serving.configuratorUrl);
  await page.waitForSelector('body[data-ready]');

  // 1. Location: search by city, pick a result that is not the preselected example.
  const config = await (await fetch(`${demoOrigin}/demo-api/config`)).json();
  const { locations } = await (await fetch(`${demoOrigin}/demo-api/locations?q=${encodeURIComponent(config.featured.city)}&limit=12`)).json();
  const target = locations.find((l: { id: string; hasMenus: boolean }) => l.id !== config.featured.id && l.hasMenus);
  assert.ok(target, 'the sandbox has another location with menus in the featured city');
  // Found by its name, as its owner would look for it.
  await page.fill('#location-search', target.name);
  await page.click(`#location-results button[data-location-id="${target.id}"]`);
  assert.match(await page.textContent('#location-chosen') ?? '', new RegExp(target.name));

  // 2. Element and an option, in words.
  await page.selectOption('#element-select', { label: 'Menu' });
  assert.equal(await page.textContent('label[for="opt-format"]'), 'How much of the menu');
  await page.selectOption('#opt-format', { label: 'A short menu (a few dishes per section)' });

  // WordPress: the plugin's shortcode, and the steps to use it.
  await page.check('#builder-wordpress');
  assert.equal(await page.textContent('#snippet'), `[merchant-menu location-id="${target.id}" format="short"]\n`);
  assert.match(await page.textContent('#steps') ?? '', /Shortcode block/);
  // Plain HTML: the script and the element.
  await page.check('#builder-html');

  // 3. The preview shows it live.
  await settledStates(page, '#preview > *', problems);
  assert.equal(await page.getAttribute('#preview > merchant-menu', 'location-id'), target.id);
  assert.equal(await page.getAttribute('#preview > merchant-menu', 'state'), 'ready');
  const previewText = await shadowText(page, '#preview > merchant-menu');
  assert.ok(previewText.length > 0);

  // 4. Copy with one click; read what the clipboard holds.
  await page.click('#copy');
  await page.waitForFunction(() => document.getElementById('copy-status')?.textContent?.startsWith('Copied'));
  const snippet = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(snippet, await page.textContent('#snippet'));
  assert.match(snippet, new RegExp(`^<script type="module" src="${demoOrigin}/dist/merchant-elements\\.js"></script>\\n`));
  assert.match(snippet, new RegExp(`<merchant-menu endpoint="${serving.gatewayUrl}" location-id="${target.id}" format="short"></merchant-menu>`));
  assert.deepEqual(problems, []);

  // 5. Paste into a blank page elsewhere: the same element renders the same content.
  pasted = snippet;
  const other = await context.newPage();
  const otherProblems = collectProblems(other);
  await other.goto(`${blank.origin}/paste.html`);
  const states = await settledStates(other, 'merchant-menu', otherProblems);
  assert.deepEqual(states, { 'merchant-menu': 'ready' });
  assert.equal(await shadowText(other, 'merchant-menu'), previewText);
  assert.deepEqual(otherProblems, []);
  await context.close();
});

test('the configurator offers every element from the manifest, with its options, and a classic-script snippet', async () => {
  const page = await browser.newPage();
  const problems = collectProblems(page);
  await page.goto(serving.configuratorUrl);
  await page.waitForSelector('body[data-ready]');
  const offered = await page.$$eval('#element-select option', (options) => options.map((o) => (o as HTMLOptionElement).value));
  const manifest = await (await fetch(new URL('/dist/custom-elements.json', serving.demoUrl))).json();
  const tags = manifest.modules.flatMap((m: { declarations?: { tagName?: string }[] }) => (m.declarations ?? []).map((d) => d.tagName).filter(Boolean)).filter((t: string) => t !== 'merchant-provider').sort();
  assert.deepEqual(offered, tags);

  await page.selectOption('#element-select', 'merchant-hours');
  // Options in words: no attribute name is shown outside the snippet.
  const optionsText = (await page.textContent('#options')) ?? '';
  for (const name of ['variant', 'no-structured-data', 'lazy', 'theme', 'locale']) assert.ok(!optionsText.includes(name), `"${name}" is not shown: ${optionsText}`);
  await page.check('#opt-theme-dark');
  assert.match((await page.textContent('#snippet')) ?? '', /<merchant-hours [^>]*theme="dark"/);
  await page.check('#classic-script');
  const snippet = (await page.textContent('#snippet')) ?? '';
  assert.match(snippet, /^<script src="[^"]+\/dist\/merchant-elements\.classic\.js" defer><\/script>\n<merchant-hours /);
  assert.deepEqual(problems, []);
  await page.close();
});
