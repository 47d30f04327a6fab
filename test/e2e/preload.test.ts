/**
 * Fewer round trips before content (issue 29 part 2): a page that says what its elements will ask for has it fetched
 * with the script, not after it, and the elements then use that very response. On every demo page that carries the
 * hints (`<link rel="preload" as="fetch" crossorigin>` for the location's data, `<link rel="modulepreload">` for the
 * modules its view needs), in Chromium against `npm start`'s servers:
 * - the data is requested once, by the hint (resource timing's initiator `link`): the request cache's `fetch` was
 *   handed the preloaded response. Fails when the hint's URL or credentials mode differs from the request cache's
 *   (Chromium then fetches twice: `link`, then `fetch`), and when the page has no hint (one `fetch`);
 * - each hinted module is requested once, and the same page without its hints requests it too: the page's elements
 *   import it (a hint for a module the page never uses is bytes for nothing).
 *
 *   node --import tsx --test test/e2e/preload.test.ts        (needs `npm run build`)
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { startServe, type Serving } from '../../src/cli/serve.ts';
import { collectProblems, launch, settledStates } from './helpers.ts';
import { builtFile } from '../node/dist-helpers.ts';

const PAGES = ['/', '/cms.html', '/dark.html', '/es.html', '/fr.html', '/de.html'];

let serving: Serving;
let browser: Browser;

before(async () => {
  serving = await startServe({ port: 0, logLevel: 'silent' });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await serving?.close();
});

/** Of `modules`, those the page requests when its hints are taken out of its HTML: the modules its elements import. */
async function requestedWithoutHints(pathname: string, modules: string[]): Promise<string[]> {
  const context = await browser.newContext();
  try {
    const url = new URL(pathname, serving.demoUrl).href;
    await context.route(url, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/<link\b[^>]*rel="(?:modulepreload|preload)"[^>]*>/g, '');
      await route.fulfill({ response, body: html });
    });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(url);
    await settledStates(page, '[state]:not([lazy]):not(merchant-provider)');
    return modules.filter((module) => requested.includes(module));
  } finally {
    await context.close();
  }
}

describe('the demo pages start their data and modules with the script', () => {
  for (const pathname of PAGES) {
    test(`${pathname}: the hinted data and modules are each fetched once, and used`, async () => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const problems = collectProblems(page);
        const requested: string[] = [];
        page.on('request', (request) => requested.push(request.url()));
        await page.goto(new URL(pathname, serving.demoUrl).href);
        const states = await settledStates(page, '[state]:not([lazy]):not(merchant-provider)', problems);
        assert.ok(Object.keys(states).length > 0, 'no element on the page');
        assert.deepEqual(problems, []);

        const hints = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=fetch], link[rel=modulepreload]')].map((link) => ({
            rel: link.rel,
            href: link.href,
            crossOrigin: link.crossOrigin,
          })),
        );
        const data = hints.filter((hint) => hint.rel === 'preload');
        assert.equal(data.length, 1, 'one preload hint for the location’s data');
        const dataUrl = data[0]!.href;
        assert.match(dataUrl, /\/v1\/locations\/[^/]+\/page\?include=/);
        assert.equal(data[0]!.crossOrigin, 'anonymous');

        // The elements' request for it was answered by the preload: one request on the wire, started by the link.
        assert.deepEqual(
          requested.filter((url) => url === dataUrl),
          [dataUrl],
          'the data requested once',
        );
        const timing = await page.evaluate(
          (url) =>
            performance.getEntriesByType('resource').flatMap((entry) => (entry.name === url ? [(entry as PerformanceResourceTiming).initiatorType] : [])),
          dataUrl,
        );
        assert.deepEqual(timing, ['link'], 'the data fetched by the hint only');

        // Each hinted module: fetched once, and in the page's module graph (its elements imported it).
        for (const { href } of hints.filter((hint) => hint.rel === 'modulepreload')) {
          assert.equal(requested.filter((url) => url === href).length, 1, `${href} requested once`);
        }
        const modules = hints.filter((hint) => hint.rel === 'modulepreload').map((hint) => hint.href);
        if (modules.length) assert.deepEqual(await requestedWithoutHints(pathname, modules), modules, 'the page imports every hinted module by itself');
      } finally {
        await context.close();
      }
    });
  }
});

describe('on-demand modules fetched together', () => {
  test('the JSON-LD script writer is requested with the first schema module, not found in its imports after it arrived', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      // In the order the browser reports them: each module's request and its end.
      const events: string[] = [];
      page.on(
        'request',
        (request) => void (/merchant-elements-[\w-]*json-ld-[0-9a-f]{8}\.js$/.test(request.url()) && events.push(`start ${new URL(request.url()).pathname}`)),
      );
      page.on(
        'requestfinished',
        (request) => void (/merchant-elements-[\w-]*json-ld-[0-9a-f]{8}\.js$/.test(request.url()) && events.push(`end ${new URL(request.url()).pathname}`)),
      );
      await page.goto(serving.demoUrl);
      await page.waitForFunction(() => document.querySelectorAll('script[data-merchant-structured-data]').length >= 2);
      const writerFile = `/${builtFile('json-ld')}`;
      const writer = events.indexOf(`start ${writerFile}`);
      const firstSchemaEnd = events.findIndex((event) => event.startsWith('end ') && !event.endsWith(writerFile));
      assert.ok(writer >= 0 && firstSchemaEnd >= 0, events.join(', '));
      assert.ok(writer < firstSchemaEnd, `the writer was asked for after a schema module arrived: ${events.join(', ')}`);
    } finally {
      await context.close();
    }
  });
});
