/**
 * Issue 29: the page's first Intl formatter costs 130–220 ms at a phone's 4× CPU (V8's one-time locale set), whichever
 * it is. On a page with the script tag alone, the bundle makes the formatters the elements' first ready views need
 * whatever their data while the page waits for the element's file and its data (src/elements/shared/warm-formats.ts):
 * after the first frame, before the element's file has arrived, and through the shared cache, so the element's own
 * render makes it no second time. In Chromium, against `npm start`'s gateway, on a page a test server here makes (it
 * serves dist/ and holds the hours' file back until the formatter is made, or 5 s, and then the test fails).
 *
 *   node --import tsx --test test/e2e/warm-formats.test.ts        (needs `npm run build`)
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startServe, type Serving } from '../../src/cli/serve.ts';
import { collectProblems, launch, settledStates, startTestServer, type TestServer } from './helpers.ts';
import { builtFile, root } from '../node/dist-helpers.ts';

let serving: Serving;
let site: TestServer;
let browser: Browser;
let pageHtml = '';
/** The file of dist/ the site holds back until this resolves. */
let holdBack: { file: string; until: Promise<unknown>; answered: () => void } | undefined;

before(async () => {
  serving = await startServe({ port: 0, logLevel: 'silent' });
  site = await startTestServer(async (req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    if (pathname === '/favicon.ico') return void res.writeHead(204).end();
    if (pathname === '/page.html') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml);
    const file = pathname.match(/^\/dist\/(merchant-elements[\w.-]*\.js)$/)?.[1];
    if (!file) return void res.writeHead(404).end();
    const held = holdBack?.file === file ? holdBack : undefined;
    if (held) await held.until;
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(await readFile(path.join(root, 'dist', file)));
    held?.answered();
  });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await site?.close();
  await serving?.close();
});

const BUILDS = [
  { name: 'module', script: '<script type="module" src="/dist/merchant-elements.js"></script>', classic: false },
  { name: 'classic', script: '<script defer src="/dist/merchant-elements.classic.js"></script>', classic: true },
];

for (const build of BUILDS) {
  test(`${build.name} build, script tag alone: the hours' first formatter is made after the first frame, while its file is on its way, and once`, async () => {
    const context = await browser.newContext();
    try {
      const events: string[] = [];
      let made: () => void = () => {};
      const madeOnce = new Promise<void>((resolve) => (made = resolve));
      holdBack = {
        file: path.basename(builtFile('hours', build.classic)),
        until: Promise.race([madeOnce, new Promise((resolve) => setTimeout(resolve, 5_000))]),
        answered: () => events.push('hours file answered'),
      };
      await context.exposeBinding('formatterMade', (_source, options: string) => {
        events.push(`formatter made ${options}`);
        made();
      });
      // Before the page's first script: each DateTimeFormat made, and the first animation frame.
      await context.addInitScript(() => {
        const log = window as unknown as { frames: number; formatterMade(options: string): void };
        log.frames = 0;
        requestAnimationFrame(() => log.frames++);
        const Original = Intl.DateTimeFormat;
        Intl.DateTimeFormat = new Proxy(Original, {
          construct(target, args: [string?, Intl.DateTimeFormatOptions?]) {
            void log.formatterMade(`${JSON.stringify(args[1] ?? {})} after ${log.frames} frame(s)`);
            return Reflect.construct(target, args) as object;
          },
        });
      });
      pageHtml =
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Warm formats</title>${build.script}</head>` +
        `<body><h1>Opening hours</h1><merchant-hours endpoint="${serving.gatewayUrl}" location-id="${serving.featuredLocationId}"></merchant-hours></body></html>`;
      const page = await context.newPage();
      const problems = collectProblems(page);
      await page.goto(`${site.origin}/page.html`);
      assert.deepEqual(await settledStates(page, 'merchant-hours', problems), { 'merchant-hours': 'ready' });
      assert.deepEqual(problems, []);
      const weekday = events.filter((event) => event.startsWith('formatter made {"weekday":"long","timeZone":"UTC"}'));
      assert.deepEqual(weekday, ['formatter made {"weekday":"long","timeZone":"UTC"} after 1 frame(s)'], 'made once, after the first frame');
      assert.equal(events[0], weekday[0], 'the first formatter the page made, before the hours’ file was answered');
      assert.ok(events.indexOf('hours file answered') > 0, 'the hours’ file answered after it');
    } finally {
      holdBack = undefined;
      await context.close();
    }
  });
}
