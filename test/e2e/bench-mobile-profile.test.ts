/**
 * The mobile bench's instrument (bench/mobile-profile.ts), on a tiny page and on made-up request logs: the profile's
 * throttling is in effect, and the counting of requests, bytes and the longest chain of dependent requests before
 * ready reads what the page did. Not a bench: no figure here is a speed claim; the one time compared is a floor the
 * emulated latency sets (four requests one after another cannot take less than four round trips).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { applyProfile, beforeReady, PROFILES, type RequestRecord } from '../../bench/mobile-profile.ts';
import { launch, startTestServer, type TestServer } from './helpers.ts';

const record = (
  url: string,
  startMs: number,
  endMs: number | null,
  totalBytes: number,
  initiatorUrl: string | null,
  chunks: [number, number][] = [],
): RequestRecord => ({
  url,
  startMs,
  endMs,
  totalBytes,
  chunks,
  initiatorUrl,
});

test('the chain follows what a script waited for, not what ran beside it', () => {
  const page = record('http://x/', 0, 100, 1000, null);
  const script = record('http://x/a.js', 110, 200, 5000, 'http://x/');
  const css = record('http://x/a.css', 110, 190, 700, 'http://x/');
  const data = record('http://x/data', 250, 400, 3000, 'http://x/a.js');
  const alongside = record('http://x/icon.svg', 260, 300, 400, 'http://x/a.js');
  const language = record('http://x/fr.js', 420, 500, 900, 'http://x/a.js');
  const late = record('http://x/late', 700, 800, 5000, 'http://x/a.js');
  const counted = beforeReady([page, script, css, data, alongside, language, late], 600);
  assert.deepEqual(counted.chain, ['http://x/', 'http://x/a.js', 'http://x/data', 'http://x/fr.js']);
  assert.equal(counted.requests, 6);
  assert.equal(counted.bytes, 1000 + 5000 + 700 + 3000 + 400 + 900);
});

test('a request still coming at ready counts the bytes it had; a redirect is a round trip', () => {
  const page = record('http://x/old', 0, 100, 300, null);
  const moved = { ...record('http://x/new', 100, 200, 1000, 'http://x/old'), redirectOf: page };
  const slow = record('http://x/big.js', 210, null, 0, 'http://x/new', [
    [300, 200],
    [400, 4000],
    [900, 4000],
  ]);
  const counted = beforeReady([page, moved, slow], 500);
  assert.deepEqual(counted.chain, ['http://x/old', 'http://x/new', 'http://x/big.js']);
  assert.equal(counted.bytes, 300 + 1000 + 4200);
});

let server: TestServer;
let browser: Browser;
before(async () => {
  const files: Record<string, [string, string]> = {
    '/': [
      'text/html',
      '<!doctype html><meta name="viewport" content="width=device-width"><link rel="icon" href="data:,"><p>tiny</p><script type="module" src="/a.js"></script>',
    ],
    '/a.js': ['text/javascript', "const data = await (await fetch('/data.json')).json(); await import(data.next); window.done = performance.now();"],
    '/data.json': ['application/json', JSON.stringify({ next: '/b.js', padding: 'x'.repeat(20_000) })],
    '/b.js': ['text/javascript', 'export const b = 1;'],
  };
  server = await startTestServer((req, res) => {
    const file = files[req.url ?? ''];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
  });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test('under the mobile profile, a page → script → data → module page takes four throttled round trips, and is counted so', async () => {
  const context = await browser.newContext(PROFILES.mobile.context);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const network = await applyProfile(cdp, PROFILES.mobile);
    await page.goto(`${server.origin}/`);
    await page.waitForFunction(() => (window as unknown as { done?: number }).done !== undefined);
    const t = await page.evaluate(() => ({
      done: (window as unknown as { done: number }).done,
      origin: performance.timeOrigin,
      width: innerWidth,
      dpr: devicePixelRatio,
    }));
    assert.deepEqual([t.width, t.dpr], [375, 1.75]);
    const counted = beforeReady(network.requests(), t.origin + t.done);
    assert.deepEqual(
      counted.chain.map((u) => new URL(u).pathname),
      ['/', '/a.js', '/data.json', '/b.js'],
    );
    assert.equal(counted.requests, 4);
    assert.ok(counted.bytes > 20_000, `bytes on the wire ${counted.bytes}: the data alone is 20 KB`);
    // Each request waits the emulated round trip, and the 20 KB of data flow at 1.6 Mbps (~100 ms): on loopback, a few ms.
    const took = (path: string) => {
      const r = network.requests().find((x) => new URL(x.url).pathname === path)!;
      return r.endMs! - r.startMs;
    };
    for (const path of ['/', '/a.js', '/b.js']) assert.ok(took(path) >= 150, `${path} took ${took(path)} ms: the latency is not applied`);
    assert.ok(took('/data.json') >= 150 + 90, `the data took ${took('/data.json')} ms: the throughput is not applied`);
  } finally {
    await context.close();
  }
});
