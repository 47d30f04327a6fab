/**
 * Issue 27's must-show: the configurator for a live site. It is pointed at a gateway on another port playing "the
 * internet" and at a script on a third (Chromium resolves `*.example` to this computer, so they have the names of
 * hosts on the internet: https://gateway.example:PORT, not 127.0.0.1); the snippet holds those addresses and nothing of this computer's `npm start`;
 * pasted into a page on a fourth origin that the gateway allows, every element is ready. With a site the gateway
 * does not allow, the configurator says so before the snippet is copied. And the configurator a gateway serves
 * itself (GET /configurator) starts from that gateway.
 *
 *   node --import tsx --test test/e2e/configurator-live.test.ts        (needs `npm run build`)
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startServe, type Serving } from '../../src/cli/serve.ts';
import { packageRoot } from '../../src/adapters/node/package-root.ts';
import { startLocalUpstream } from '../../src/cli/local-upstream.ts';
import { loadConfig } from '../../src/gateway/config.ts';
import { startGateway, type RunningGateway } from '../../src/adapters/node/server.ts';
import { collectProblems, launch, settledStates, startTestServer, type TestServer } from './helpers.ts';

let serving: Serving;
/** "The internet": a gateway of its own, on its own port, over its own sandbox (the same data set as npm start's). */
let internet: RunningGateway;
let closeUpstream: () => Promise<void>;
/** A CDN: the built dist/ folder, with CORS for module scripts. */
let cdn: TestServer;
/** The restaurant's website, which the gateway allows; and another one, which it does not. */
let site: TestServer;
let otherSite: TestServer;
let browser: Browser;
let pasted = '';

const pasteServer = () =>
  startTestServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>My restaurant</title><link rel="icon" href="data:,"></head>\n<body>\n${pasted}</body>\n</html>\n`,
    );
  });

before(async () => {
  serving = await startServe({ port: 0, logLevel: 'silent' });
  const dist = path.join(packageRoot(), 'dist');
  cdn = await startTestServer(async (req, res) => {
    // As a CDN does: CORS on every answer, a 404 included.
    const name = new URL(req.url!, 'http://x').pathname.slice(1);
    const body = /^[a-z0-9.-]+\.js$/.test(name) ? await readFile(path.join(dist, name)).catch(() => null) : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' }).end(body ?? 'Not found');
  });
  site = await pasteServer();
  otherSite = await pasteServer();
  const upstream = await startLocalUpstream({ port: 0 });
  closeUpstream = () => upstream.sandbox.close();
  const demoOrigin = new URL(serving.demoUrl).origin;
  internet = await startGateway(
    loadConfig(
      { ...upstream.gatewayEnv, MERCHANT_ALLOWED_ORIGINS: `${siteOrigin()},${demoOrigin}`, MERCHANT_LOG_LEVEL: 'silent', MERCHANT_POLL_INTERVAL: '0' },
      { port: 0 },
    ),
  );
  browser = await launch(['--host-resolver-rules=MAP *.example 127.0.0.1']);
});

after(async () => {
  await browser?.close();
  await internet?.close();
  await closeUpstream?.();
  await serving?.close();
  for (const server of [cdn, site, otherSite]) await server?.close();
});

/** The servers by the names the browser uses for them: hosts on the internet (see above). */
const named = (server: { origin: string } | { url: string }, host: string) => ('origin' in server ? server.origin : server.url).replace('127.0.0.1', host);
const gatewayUrl = () => named(internet, 'gateway.example');
const scriptUrl = (file = 'merchant-elements.js') => `${named(cdn, 'cdn.example')}/${file}`;
const siteOrigin = () => named(site, 'www.my-restaurant.example');
const otherOrigin = () => named(otherSite, 'www.another-restaurant.example');

const checksText = (page: Page) => page.$$eval('#checks li', (items) => items.map((item) => `${item.getAttribute('data-state')}: ${item.textContent}`));

/** Types the live addresses into step 5 and waits for the checks of them. */
async function giveAddresses(page: Page, { siteOrigin, gateway, script }: { siteOrigin: string; gateway: string; script: string }) {
  await page.fill('#site-address', siteOrigin);
  await page.fill('#gateway-address', gateway);
  await page.check('#script-source-self');
  await page.fill('#script-address', script);
  await page.waitForSelector('body[data-checked]');
}

test('the snippet for a live site: its gateway and script, checked; pasted on the site, every element is ready', async () => {
  const demoOrigin = new URL(serving.demoUrl).origin;
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demoOrigin });
  const page = await context.newPage();
  const problems = collectProblems(page);
  await page.goto(serving.configuratorUrl);
  await page.waitForSelector('body[data-ready]');
  await page.check('#builder-html');
  const script = scriptUrl();
  await giveAddresses(page, { siteOrigin: siteOrigin(), gateway: gatewayUrl(), script });

  const checks = await checksText(page);
  assert.deepEqual(
    checks.filter((line) => !line.startsWith('ok: ')),
    [],
    checks.join('\n'),
  );
  assert.ok(
    checks.some((line) => line.includes(`It allows your website, ${siteOrigin()}.`)),
    checks.join('\n'),
  );
  assert.ok(
    checks.some((line) => line.startsWith('ok: It knows your place')),
    checks.join('\n'),
  );
  assert.equal(await page.isVisible('#local-warning'), false, 'no "only on this computer" warning: nothing local is left');
  assert.equal(await page.isVisible('#problems-warning'), false);

  await page.click('#copy');
  await page.waitForFunction(() => document.getElementById('copy-status')?.textContent?.startsWith('Copied. Now paste'));
  const snippet = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(snippet, new RegExp(`^<script type="module" src="${script.replaceAll('.', '\\.')}"></script>\\n`));
  assert.equal(snippet.match(/endpoint="([^"]+)"/g)?.length, 3, snippet);
  // The data started with the script: the URL the elements ask for, on the live gateway (issue 29).
  assert.ok(snippet.includes(`<link rel="preload" as="fetch" crossorigin href="${gatewayUrl()}/v1/locations/`), snippet);
  for (const [, endpoint] of snippet.matchAll(/endpoint="([^"]+)"/g)) assert.equal(endpoint, gatewayUrl());
  for (const local of [demoOrigin, serving.gatewayUrl]) assert.ok(!snippet.includes(local), `the snippet names ${local}: ${snippet}`);
  // The preview here uses the live gateway too (it allows this page).
  const previewStates = await settledStates(page, '#preview > *', problems);
  assert.deepEqual(Object.values(previewStates), ['ready', 'ready', 'ready']);

  pasted = snippet;
  const live = await context.newPage();
  const liveProblems = collectProblems(live);
  const requests: string[] = [];
  const dataRequests: string[] = [];
  live.on('request', (request) => requests.push(new URL(request.url()).origin));
  live.on('request', (request) => void (request.url().includes('/page?include=') && dataRequests.push(request.url())));
  await live.goto(`${siteOrigin()}/`);
  assert.deepEqual(await settledStates(live, 'merchant-hours, merchant-menu, merchant-actions', liveProblems), {
    'merchant-hours': 'ready',
    'merchant-menu': 'ready',
    'merchant-actions': 'ready',
  });
  assert.deepEqual(liveProblems, []);
  assert.equal(dataRequests.length, 1, `the preloaded data is the elements' data: ${dataRequests.join(', ')}`);
  assert.deepEqual(
    [...new Set(requests)].filter((origin) => origin === demoOrigin || origin === new URL(serving.gatewayUrl).origin),
    [],
    'the live page asks nothing of npm start',
  );
  assert.deepEqual(problems, []);
  await context.close();
});

test('a site the gateway does not allow: the configurator says so, and how to fix it, before the snippet is copied', async () => {
  const demoOrigin = new URL(serving.demoUrl).origin;
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demoOrigin });
  const page = await context.newPage();
  await page.goto(serving.configuratorUrl);
  await page.waitForSelector('body[data-ready]');
  await page.check('#builder-html');
  await giveAddresses(page, { siteOrigin: otherOrigin(), gateway: gatewayUrl(), script: scriptUrl() });
  const checks = await checksText(page);
  assert.ok(
    checks.includes(
      `fail: It does not allow your website, ${otherOrigin()}: the elements would show nothing there. Ask whoever runs the gateway to add ${otherOrigin()} to its allowed origins (MERCHANT_ALLOWED_ORIGINS).`,
    ),
    checks.join('\n'),
  );
  assert.equal(await page.isVisible('#problems-warning'), true, 'said beside the snippet, before any copy');
  await page.click('#copy');
  await page.waitForFunction(() => document.getElementById('copy-status')?.textContent?.startsWith('Copied, but it will not work'));

  // And it is true: pasted there, the elements fail; a live site's visitors read the neutral message (issue 25's
  // visitors' words) and its author finds that the service refused the site in the console.
  pasted = await page.evaluate(() => navigator.clipboard.readText());
  const refused = await context.newPage();
  const warnings: string[] = [];
  refused.on('console', (entry) => {
    if (entry.type() === 'warning') warnings.push(entry.text());
  });
  await refused.goto(`${otherOrigin()}/`);
  await settledStates(refused, 'merchant-hours');
  const state = await refused.evaluate(() => document.querySelector('merchant-hours')!.getAttribute('state'));
  assert.equal(state, 'error');
  assert.ok(
    warnings.some((warning) => warning.includes(`refused this site (CORS). Add ${otherOrigin()} to its allowed origins`)),
    warnings.join('\n'),
  );
  await context.close();
});

test('each address mistake in plain words: nothing there, not a gateway, /v1, mixed content, a script other sites may not load', async () => {
  const page = await browser.newPage();
  await page.goto(serving.configuratorUrl);
  await page.waitForSelector('body[data-ready]');
  await page.check('#builder-html');
  const cases: Array<[{ siteOrigin: string; gateway: string; script: string }, RegExp]> = [
    [
      { siteOrigin: siteOrigin(), gateway: 'http://nothing-here.example:9', script: scriptUrl() },
      /fail: Nothing answers at http:\/\/nothing-here\.example:9\. Check the address/,
    ],
    [
      { siteOrigin: siteOrigin(), gateway: serving.demoUrl, script: scriptUrl() },
      /fail: http:\/\/127\.0\.0\.1:\d+ answers, but it is not a merchant-elements gateway/,
    ],
    [{ siteOrigin: siteOrigin(), gateway: `${gatewayUrl()}/v1`, script: scriptUrl() }, /fail: Leave \/v1 out of the gateway’s address/],
    [
      { siteOrigin: 'https://www.my-restaurant.example', gateway: gatewayUrl(), script: scriptUrl() },
      /fail: Your website is https, the gateway http: browsers block that \(mixed content\)/,
    ],
    [{ siteOrigin: 'https://www.my-restaurant.example', gateway: gatewayUrl(), script: scriptUrl() }, /fail: Your website is https, the script’s address http/],
    [
      { siteOrigin: siteOrigin(), gateway: gatewayUrl(), script: `${siteOrigin()}/merchant-elements.js` },
      /fail: The script at .* answers, but not to other sites: its server must send Access-Control-Allow-Origin/,
    ],
    [{ siteOrigin: siteOrigin(), gateway: gatewayUrl(), script: scriptUrl('nothing-here.js') }, /fail: There is no script at .*nothing-here\.js \(HTTP 404\)/],
    [{ siteOrigin: 'www.my-restaurant', gateway: gatewayUrl(), script: scriptUrl() }, /fail: “www\.my-restaurant” is not a web address/],
  ];
  for (const [addresses, expected] of cases) {
    await giveAddresses(page, addresses);
    const checks = await checksText(page);
    assert.ok(
      checks.some((line) => expected.test(line)),
      `${expected.source}\n${checks.join('\n')}`,
    );
  }
  await page.close();
});

test('WordPress: the steps follow the plugin (it fetches the data itself by default, or uses a gateway)', async () => {
  const page = await browser.newPage();
  await page.goto(serving.configuratorUrl);
  await page.waitForSelector('body[data-ready]');
  await page.check('#builder-wordpress');
  const steps = (await page.textContent('#steps')) ?? '';
  assert.match(steps, /keep “This site fetches the data itself” and enter the client id, the signing key and the two API addresses/);
  assert.equal(await page.isVisible('#gateway-address'), false, 'no gateway to give');
  assert.doesNotMatch((await page.textContent('#snippet')) ?? '', /endpoint/);
  await page.check('#wordpress-source-gateway');
  await page.fill('#gateway-address', gatewayUrl());
  assert.ok(((await page.textContent('#steps')) ?? '').includes(`choose “Use a gateway”, enter the gateway URL ${gatewayUrl()}`));
  await page.close();
});

test('a gateway serves the configurator itself: one link, and the snippet starts from that gateway', async () => {
  const page = await browser.newPage();
  const problems = collectProblems(page);
  await page.goto(`${gatewayUrl()}/configurator`);
  await page.waitForSelector('body[data-ready]');
  assert.equal(await page.inputValue('#gateway-address'), gatewayUrl());
  // No search on a gateway (yet): the owner types the id the data provider gave.
  await page.fill('#location-id', 'test-pizzeria');
  await page.press('#location-id', 'Tab');
  await page.check('#builder-html');
  // The CDN's address names the package's version (checked only offline here: no CDN answers on this machine).
  await page.check('#script-source-cdn');
  assert.match(await page.inputValue('#script-address'), /^https:\/\/cdn\.jsdelivr\.net\/npm\/merchant-elements@\d+\.\d+\.\d+\/dist\/merchant-elements\.js$/);
  // The first choice: the gateway's own copy of the script (nothing to upload, and it answers today).
  await page.check('#script-source-here');
  await page.fill('#site-address', siteOrigin());
  await page.waitForSelector('body[data-checked]');
  const checks = await checksText(page);
  assert.deepEqual(
    checks.filter((line) => !line.startsWith('ok: ')),
    [],
    checks.join('\n'),
  );
  const snippet = (await page.textContent('#snippet')) ?? '';
  assert.ok(snippet.startsWith(`<script type="module" src="${gatewayUrl()}/configurator/dist/merchant-elements.js"></script>\n`), snippet);
  assert.ok(snippet.includes(`<merchant-hours endpoint="${gatewayUrl()}" location-id="test-pizzeria"></merchant-hours>`), snippet);
  assert.deepEqual(await settledStates(page, '#preview > *', problems), {
    'merchant-hours': 'ready',
    'merchant-menu': 'ready',
    'merchant-actions': 'ready',
  });
  await page.check('#builder-wordpress');
  const zip = await page.getAttribute('#steps a[href$="merchant-elements.zip"]', 'href');
  const download = await fetch(zip!.replace('gateway.example', '127.0.0.1'));
  assert.equal(download.status, 200);
  await download.arrayBuffer();
  // What this machine lacks: the CDN (offline: its check, if it ran while chosen, found no such host).
  assert.deepEqual(
    problems.filter((problem) => !/demo-api\/locations|status of 404|cdn\.jsdelivr\.net|ERR_NAME_NOT_RESOLVED/.test(problem)),
    [],
  );
  // The search asks the gateway that served the page for its directory: it answers (no 'not available').
  assert.doesNotMatch((await page.textContent('#location-results')) ?? '', /Search is not available here/);
  await page.close();
});
