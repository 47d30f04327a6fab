/**
 * Issue 30's must-show: the configurator against a gateway that is not the demo's. The demo pages are served with
 * their endpoint set to a gateway of its own (over a sandbox with another seed, so its places are not the demo's);
 * typing part of a place's name lists it from that gateway's directory (GET /v1/directory), choosing it makes the
 * snippet, and the snippet pasted into a blank page renders the place's menu from that gateway.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { packageRoot } from '../../src/adapters/node/package-root.ts';
import { startLocalUpstream } from '../../src/cli/local-upstream.ts';
import { createDirectory } from '../../demo/server/locations.ts';
import { startDemoServer, type DemoServer } from '../../demo/server/server.ts';
import { loadConfig } from '../../src/gateway/config.ts';
import { startGateway, type RunningGateway } from '../../src/adapters/node/server.ts';
import { Dataset, type RunningSandbox } from '../../src/sandbox/server.ts';
import { collectProblems, launch, settledStates, startTestServer, type TestServer } from './helpers.ts';

let sandbox: RunningSandbox;
let gateway: RunningGateway;
let demo: DemoServer;
let blank: TestServer;
let browser: Browser;
let pasted = '';

before(async () => {
  blank = await startTestServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Pasted</title><link rel="icon" href="data:,"></head><body>\n${pasted}</body></html>\n`,
    );
  });
  const upstream = await startLocalUpstream({ port: 0, locations: 300, seed: 7, clientIdPrefix: 'live' });
  sandbox = upstream.sandbox;
  let endpoint = '';
  // The demo's own list of places is another data set's (seed 1, 50 places): what the configurator finds can only
  // come from the other gateway's directory.
  const demoPlaces = createDirectory(new Dataset({ locations: 50, seed: 1 }));
  demo = await startDemoServer({ root: packageRoot(), port: 0, host: '127.0.0.1', directory: demoPlaces, endpoint: () => endpoint });
  const config = loadConfig(
    { ...upstream.gatewayEnv, MERCHANT_ALLOWED_ORIGINS: `${demo.url},${blank.origin}`, MERCHANT_LOG_LEVEL: 'silent', MERCHANT_POLL_INTERVAL: '0' },
    { port: 0 },
  );
  gateway = await startGateway(config);
  endpoint = gateway.url;
  // Built before the page opens (the 503 "building" answers are test/node/gateway-directory.test.ts's; a browser
  // logs each as a failed resource).
  await gateway.app.directory!.ready();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await gateway?.close();
  await demo?.close();
  await sandbox?.close();
  await blank?.close();
});

test("the configurator finds a place in another gateway's directory, and its snippet works", async () => {
  // A place with menus, whose name's first word and the start of its second find it.
  const index = Array.from({ length: 300 }, (_, i) => i).find((i) => {
    const place = sandbox.dataset.location(i);
    return i >= 50 && place.hasMenus && place.name.split(' ').length >= 2;
  })!;
  const place = sandbox.dataset.location(index);
  const [first, second] = place.name.split(' ');
  const typed = `${first} ${second!.slice(0, 3)}`;

  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = collectProblems(page);
  await page.goto(`${demo.url}/configurator.html`);
  await page.waitForSelector('body[data-ready]');
  // The list says it is busy while it does not yet answer the words in the box (for a screen reader, and for the test).
  await page.evaluate(() => {
    const list = document.getElementById('location-results')!;
    const w = window as unknown as { __busy: (string | null)[] };
    w.__busy = [];
    new MutationObserver(() => w.__busy.push(list.getAttribute('aria-busy'))).observe(list, { attributes: true, attributeFilter: ['aria-busy'] });
  });
  // Typed as a person types: the list follows, from the gateway's directory.
  await page.locator('#location-search').pressSequentially(typed, { delay: 30 });
  // The list answers the typed words (not busy): a button of an earlier query's list can be replaced under the key.
  const button = page.locator(`#location-results:not([aria-busy]) button[data-location-id="${place.id}"]`);
  await button.waitFor({ timeout: 20_000 });
  const busy = await page.evaluate(() => (window as unknown as { __busy: (string | null)[] }).__busy);
  assert.deepEqual([busy[0], busy.at(-1)], ['true', null], `busy from the first key, not once it answers: ${JSON.stringify(busy)}`);
  await button.press('Enter');
  assert.match((await page.textContent('#location-chosen')) ?? '', new RegExp(`${place.name}.*${place.id}`));

  await page.uncheck('#show-merchant-hours');
  await page.uncheck('#show-merchant-actions');
  await page.check('#show-merchant-menu');
  await page.check('#builder-html');
  const snippet = (await page.textContent('#snippet')) ?? '';
  assert.match(snippet, new RegExp(`<merchant-menu endpoint="${gateway.url}" location-id="${place.id}"`));
  await settledStates(page, '#preview > *', problems);
  assert.equal(await page.getAttribute('#preview > merchant-menu', 'state'), 'ready');
  assert.deepEqual(problems, []);

  pasted = snippet;
  const other = await context.newPage();
  const otherProblems = collectProblems(other);
  await other.goto(`${blank.origin}/paste.html`);
  assert.deepEqual(await settledStates(other, 'merchant-menu', otherProblems), { 'merchant-menu': 'ready' });
  const text = await other.evaluate(() => document.querySelector('merchant-menu')?.shadowRoot?.textContent ?? '');
  assert.ok(text.trim().length > 0, 'the menu shows');
  assert.deepEqual(otherProblems, []);
  await context.close();
});
