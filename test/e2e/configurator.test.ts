/**
 * Issue 5's must-show: in the configurator, pick a location (searched by city) and an element with an
 * option, copy the snippet with the button, paste it into a blank page on another origin, and the same
 * element renders there, with the same content as the live preview.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startServe, type Serving } from '../../src/cli/serve.ts';
import { collectProblems, launch, settledStates, startTestServer, type TestServer } from './helpers.ts';
import { languageCodes, nativeName } from '../../src/elements/i18n/languages.js';
import path from 'node:path';
import { builtFile } from '../node/dist-helpers.ts';

let serving: Serving;
let blank: TestServer;
let browser: Browser;
let pasted = '';

before(async () => {
  // The "blank page": whatever was pasted, inside an otherwise empty HTML document.
  blank = await startTestServer((req, res) => {
    if (req.url === '/paste.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(
        `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Pasted</title><link rel="icon" href="data:,"></head>\n<body>\n${pasted}</body>\n</html>\n`,
      );
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
  await page.click(`#location-results:not([aria-busy]) button[data-location-id="${target.id}"]`);
  assert.match((await page.textContent('#location-chosen')) ?? '', new RegExp(target.name));

  // 2. Element (only the menu this time: the others chosen by default are unticked) and an option, in words.
  await page.uncheck('#show-merchant-hours');
  await page.uncheck('#show-merchant-actions');
  await page.check('#show-merchant-menu');
  assert.equal(await page.textContent('label[for="opt-merchant-menu-format"]'), 'How much of the menu');
  await page.selectOption('#opt-merchant-menu-format', { label: 'A short menu (a few dishes per section)' });

  // WordPress: the plugin's shortcode, and the steps to use it.
  await page.check('#builder-wordpress');
  assert.equal(await page.textContent('#snippet'), `[merchant-menu location-id="${target.id}" format="short"]\n`);
  assert.match((await page.textContent('#steps')) ?? '', /Shortcode block/);
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
  const offered = await page.$$eval('#elements input[type=checkbox]', (inputs) => inputs.map((o) => (o as HTMLInputElement).value));
  const manifest = await (await fetch(new URL('/dist/custom-elements.json', serving.demoUrl))).json();
  const tags = manifest.modules
    .flatMap((m: { declarations?: { tagName?: string }[] }) => (m.declarations ?? []).map((d) => d.tagName).filter(Boolean))
    .filter((t: string) => t !== 'merchant-provider')
    .sort();
  assert.deepEqual(offered, tags);

  await page.check('#show-merchant-hours');
  // Options in words: no attribute name is shown outside the snippet.
  const optionsText = (await page.textContent('#options-merchant-hours')) ?? '';
  for (const name of ['variant', 'no-structured-data', 'lazy', 'theme', 'locale'])
    assert.ok(!optionsText.includes(name), `"${name}" is not shown: ${optionsText}`);
  // The languages are the elements' own list (which the demo server serves to the page), each named in itself.
  const languages = await page.$$eval('#opt-merchant-hours-locale option', (options) => options.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
  assert.deepEqual(
    languages.slice(1),
    languageCodes().map((code) => [code, nativeName(code)]),
  );
  await page.check('#opt-merchant-hours-theme-dark');
  assert.match((await page.textContent('#snippet')) ?? '', /<merchant-hours [^>]*theme="dark"/);
  await page.check('#classic-script');
  const snippet = (await page.textContent('#snippet')) ?? '';
  assert.match(
    snippet,
    /^<script src="[^"]+\/dist\/merchant-elements\.classic\.js" defer><\/script>\n<link rel="preload" as="fetch" crossorigin href="[^"]+\/page\?include=[^"]+">\n(<link rel="modulepreload" href="[^"]+\/dist\/merchant-elements-classic-[a-z]+-[0-9a-f]{8}\.js">\n)+<merchant-/,
  );
  assert.match(snippet, /\n<merchant-hours /);
  // The classic build's file of each chosen element, hinted beside the script, as the build named it.
  assert.ok(snippet.includes(`/${builtFile('hours', true)}">\n`), snippet);
  // Every element chosen: their files would weigh more than the one holding them all, which the loader then imports
  // (src/contract/element-files.ts), so that one is hinted, and no element's own file.
  for (const tag of tags) await page.check(`#show-${tag}`);
  const everyElement = (await page.textContent('#snippet')) ?? '';
  const hinted = [...everyElement.matchAll(/<link rel="modulepreload" href="[^"]+\/dist\/([^"]+)">/g)].map((match) => match[1]);
  assert.deepEqual(hinted, [path.basename(builtFile('all', true))]);
  assert.deepEqual(problems, []);
  await page.close();
});

test('several elements in one go: hours, a short menu and an order button, in one snippet that works pasted', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = collectProblems(page);
  await page.goto(serving.configuratorUrl);
  await page.waitForSelector('body[data-ready]');
  for (const tag of ['merchant-hours', 'merchant-menu', 'merchant-actions']) await page.check(`#show-${tag}`);
  await page.selectOption('#opt-merchant-menu-format', 'short');
  await page.check('#opt-merchant-actions-top');
  const snippet = (await page.textContent('#snippet')) ?? '';
  assert.equal(snippet.match(/<script /g)?.length, 1, 'the script once');
  for (const element of ['<merchant-hours ', '<merchant-menu [^>]*format="short"', '<merchant-actions [^>]*top']) assert.match(snippet, new RegExp(element));
  const states = await settledStates(page, '#preview > *', problems);
  assert.deepEqual(Object.keys(states).sort(), ['merchant-actions', 'merchant-hours', 'merchant-menu']);

  // The snippet stays in view while the options change: scroll to the last option, the snippet is still on screen.
  await page.locator('#options fieldset').last().scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const box = await page.locator('#snippet').boundingBox();
  assert.ok(box && box.y >= 0 && box.y < 800, `the snippet is in view: ${JSON.stringify(box)}`);

  // npm start's gateway is on this computer: the configurator says so; and it says what the gateway is.
  assert.equal(await page.isVisible('#local-warning'), true);
  assert.match((await page.textContent('#local-warning')) ?? '', /only on this computer/i);
  assert.match((await page.textContent('.output')) ?? '', /The gateway is the small service/);

  // WordPress: a link to the plugin's zip, which npm start serves.
  await page.check('#builder-wordpress');
  const zip = await page.getAttribute('#steps a[href$="merchant-elements.zip"]', 'href');
  assert.ok(zip, 'the WordPress steps link the plugin zip');
  const download = await fetch(zip!);
  assert.equal(download.status, 200);
  assert.equal(
    Buffer.from(await download.arrayBuffer())
      .subarray(0, 2)
      .toString('latin1'),
    'PK',
    'a zip file',
  );
  assert.equal((((await page.textContent('#snippet')) ?? '').match(/\[merchant-/g) ?? []).length, 3, 'three shortcodes');

  // Pasted into a blank page elsewhere, all three render.
  await page.check('#builder-html');
  pasted = (await page.textContent('#snippet')) ?? '';
  const other = await context.newPage();
  const otherProblems = collectProblems(other);
  await other.goto(`${blank.origin}/paste.html`);
  assert.deepEqual(await settledStates(other, 'merchant-hours, merchant-menu, merchant-actions', otherProblems), {
    'merchant-hours': 'ready',
    'merchant-menu': 'ready',
    'merchant-actions': 'ready',
  });
  assert.deepEqual(problems, []);
  await context.close();
});

test('the configurator starts in short tasks: its languages named by the build, no Intl.DisplayNames; the form, preview and search apart (issue 29)', async () => {
  const context = await browser.newContext();
  // Counts the configurator script's own yields to the browser (scheduler.yield() called from its file).
  await context.addInitScript(`(() => {
    window.__configuratorYields = 0;
    if (!globalThis.scheduler || !('yield' in scheduler)) return;
    const original = scheduler.yield.bind(scheduler);
    scheduler.yield = () => {
      if (/merchant-configurator-/.test(new Error().stack)) window.__configuratorYields++;
      return original();
    };
  })();`);
  // Counts the Intl.DisplayNames the page makes: the first one loads ICU's display names, tens of milliseconds of
  // main thread (four times that on a phone), which the configurator's module used to spend naming the languages.
  await context.addInitScript(`(() => {
    const Original = Intl.DisplayNames;
    window.__displayNames = 0;
    Intl.DisplayNames = class extends Original {
      constructor(...args) {
        super(...args);
        window.__displayNames++;
      }
    };
  })();`);
  const page = await context.newPage();
  const problems = collectProblems(page);
  await page.goto(serving.configuratorUrl);
  await page.waitForSelector('body[data-ready]');
  await page.check('#show-merchant-hours');
  // Still each language named in itself, as Intl names it.
  const languages = await page.$$eval('#opt-merchant-hours-locale option', (options) => options.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
  assert.deepEqual(
    languages.slice(1),
    languageCodes().map((code) => [code, nativeName(code)]),
  );
  assert.equal(await page.evaluate(() => (window as unknown as { __displayNames: number }).__displayNames), 0);
  // The form, then the preview and the snippet, then the search's list: three tasks, not one long one.
  assert.ok((await page.evaluate(() => (window as unknown as { __configuratorYields: number }).__configuratorYields)) >= 2, 'two yields while starting');
  assert.deepEqual(problems, []);
  await context.close();
});
