/**
 * The page benches' ready moment (bench/ready-signal.ts), on tiny pages whose stand-in elements settle when the test
 * says: it comes once every element but the `lazy` ones has settled and updated, never while one is still loading; a
 * static copy is ready at DOMContentLoaded; a page without elements only where a bench allows it. And it stays cheap
 * while it waits: it looks at the page when something can have changed, not every few milliseconds (the benches'
 * old copies scanned the whole document every 10 ms, which slowed the very page they timed).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { readySignal } from '../../bench/ready-signal.ts';
import { launch, startTestServer, type TestServer } from './helpers.ts';

/**
 * Stand-ins for the elements (the file's name holds `merchant-elements`, as the bundle's does): a `state` property
 * and `updateComplete` as MerchantElement has them; `window.settle(selector, state)` settles the elements it selects
 * and fires `merchant-load` (or `merchant-error`), as an element does.
 */
const STAND_INS = `
for (const tag of ['merchant-menu', 'merchant-hours']) {
  customElements.define(tag, class extends HTMLElement {
    state = 'loading';
    updateComplete = Promise.resolve(true);
  });
}
window.settle = (selector, state) => {
  for (const element of document.querySelectorAll(selector)) {
    element.state = state;
    element.dispatchEvent(new CustomEvent(state === 'error' ? 'merchant-error' : 'merchant-load', { bubbles: true, composed: true }));
  }
};`;

const page = (body: string, withScript = true) =>
  `<!doctype html><title>ready</title>${withScript ? '<script type="module" src="/merchant-elements-stand-ins.js"></script>' : ''}${body}`;

const PAGES: Record<string, string> = {
  '/two': page('<merchant-menu></merchant-menu><merchant-hours></merchant-hours><merchant-hours lazy></merchant-hours>'),
  '/static': page('<merchant-menu state="ready"></merchant-menu>', false),
  '/none': page('<p>No element here.</p>'),
};

let server: TestServer;
let browser: Browser;
before(async () => {
  server = await startTestServer((req, res) => {
    if (req.url === '/merchant-elements-stand-ins.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(STAND_INS);
    const html = PAGES[req.url ?? ''];
    if (!html) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html' }).end(html);
  });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

async function open(path: string, options: Parameters<typeof readySignal>[0] = {}): Promise<Page> {
  const context = await browser.newContext();
  // Every whole-document scan the page makes from here on, counted (the signal's own included).
  await context.addInitScript(`window.__scans = 0; const all = Document.prototype.querySelectorAll;
    Document.prototype.querySelectorAll = function (...args) { window.__scans++; return all.apply(this, args); };`);
  await context.addInitScript(readySignal(options));
  const opened = await context.newPage();
  await opened.goto(server.origin + path);
  return opened;
}

const stamp = (on: Page) => on.evaluate(() => (window as unknown as { __ready: { at: number | null; count: number; errors: number } }).__ready);

test('ready once every element but the lazy ones has settled, with how many and how many failed; not while one is loading', async () => {
  const on = await open('/two');
  try {
    await on.waitForFunction(() => customElements.get('merchant-hours') !== undefined);
    await on.evaluate(() => (window as unknown as { settle(selector: string, state: string): void }).settle('merchant-menu', 'ready'));
    await on.waitForTimeout(600);
    assert.equal((await stamp(on)).at, null, 'the hours still loading hold it');
    const before = await on.evaluate(() => performance.now());
    await on.evaluate(() => (window as unknown as { settle(selector: string, state: string): void }).settle('merchant-hours:not([lazy])', 'error'));
    await on.waitForFunction(() => (window as unknown as { __ready: { at: number | null } }).__ready.at !== null);
    const ready = await stamp(on);
    assert.ok(ready.at! >= before, 'stamped after the last element settled');
    // The lazy hours, still loading, are not waited for.
    assert.deepEqual({ count: ready.count, errors: ready.errors }, { count: 2, errors: 1 });
  } finally {
    await on.context().close();
  }
});

test('a static copy (no script of the elements) is ready at DOMContentLoaded', async () => {
  const on = await open('/static');
  try {
    await on.waitForFunction(() => (window as unknown as { __ready: { at: number | null } }).__ready.at !== null);
    const [ready, domContentLoaded] = await Promise.all([
      stamp(on),
      on.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventStart),
    ]);
    assert.ok(ready.at! >= domContentLoaded);
    assert.equal(ready.count, 0);
  } finally {
    await on.context().close();
  }
});

test('a page without elements is ready at its load event only where the bench allows it', async () => {
  const waiting = await open('/none');
  const allowed = await open('/none', { withoutElements: 'load' });
  try {
    await allowed.waitForFunction(() => (window as unknown as { __ready: { at: number | null } }).__ready.at !== null);
    const load = await allowed.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart);
    assert.ok((await stamp(allowed)).at! >= load);
    await waiting.waitForTimeout(600);
    assert.equal((await stamp(waiting)).at, null);
  } finally {
    await waiting.context().close();
    await allowed.context().close();
  }
});

test('it waits without scanning the page every few milliseconds', async () => {
  const on = await open('/two');
  try {
    await on.waitForFunction(() => customElements.get('merchant-hours') !== undefined);
    const first = await on.evaluate(() => (window as unknown as { __scans: number }).__scans);
    await on.waitForTimeout(1_000);
    const scans = (await on.evaluate(() => (window as unknown as { __scans: number }).__scans)) - first;
    // A look every 250 ms is 4 a second; a copy polling every 10 ms made about 100.
    assert.ok(scans <= 8, `${scans} scans in a second of waiting`);
    assert.equal((await stamp(on)).at, null);
  } finally {
    await on.context().close();
  }
});
