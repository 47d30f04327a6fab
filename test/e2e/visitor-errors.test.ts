/**
 * End to end: visitors see visitors' words (issue 25, part 8). A page on a live site's address (answered by the test,
 * through Playwright's routing: no DNS, no network) whose gateway does not answer:
 * - a visitor reads the short neutral message, translated, with a retry button (reached by Tab, pressed with Enter: with
 *   the gateway back, the element shows its data), never the configuration advice; at 375 and 1280 px, light and dark,
 *   axe clean;
 * - the advice (what to fix: the endpoint) is in the console once per element, on the live site too;
 * - where the page's author works, the element shows the advice: a development origin (*.test), a CMS editor's canvas
 *   (WordPress's `.editor-styles-wrapper`), a WordPress preview (`?preview=true`), or `debug=true` in the page defaults;
 *   `debug=false` shows the visitors' view on a development origin.
 *
 *   node --import tsx --test test/e2e/visitor-errors.test.ts        (needs `npm run build`)
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { VIEWS, axeViolations, demoSession, focused, root, settleAll, tabTo, view } from './page-checks.ts';

const GATEWAY = 'https://gateway.nonna-rosa.example';
const ADVICE = /No answer at|endpoint|Check the/;

const demo = demoSession({ then: routeSites });
/** Whether the routed gateway answers (through the real one, `npm start`'s) or refuses the connection. */
let gatewayUp = false;

/** A page as a CMS would serve it: the page defaults (`debug` among them, when given), the bundle, an hours and a menu. */
function sitePage({ lang = 'en', debug, wrapper }: { lang?: string; debug?: string; wrapper?: string }): string {
  const defaults = `endpoint=${GATEWAY}; location-id=test-pizzeria${debug ? `; debug=${debug}` : ''}`;
  const elements = '<merchant-hours></merchant-hours><merchant-menu format="short"></merchant-menu>';
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark"><title>Nonna Rosa</title>
    <meta name="merchant-elements" content="${defaults}"><script type="module" src="/dist/merchant-elements.js"></script></head>
    <body><main><h1>Nonna Rosa</h1>${wrapper ? `<div class="${wrapper}">${elements}</div>` : elements}</main></body></html>`;
}

/** The sites and the gateway, routed in the session's context. */
async function routeSites(): Promise<void> {
  // The sites: the page from its query (?lang, ?debug, ?wrapper), the bundle and its modules from dist/.
  await demo.context.route(/^http:\/\/(www\.nonna-rosa\.example|nonna-rosa\.test)\//, async (route: Route) => {
    const url = new URL(route.request().url());
    if (url.pathname.startsWith('/dist/')) {
      const file = path.join(root, 'dist', path.basename(url.pathname));
      return existsSync(file) ? route.fulfill({ contentType: 'text/javascript', body: readFileSync(file) }) : route.fulfill({ status: 404 });
    }
    const query = Object.fromEntries(url.searchParams) as Record<string, string>;
    return route.fulfill({ contentType: 'text/html', body: sitePage(query) });
  });
  // The gateway: no answer while down; while up, the real gateway's answer, for any origin.
  await demo.context.route(`${GATEWAY}/**`, async (route: Route) => {
    if (!gatewayUp) return route.abort('connectionrefused');
    const answer = await route.fetch({ url: route.request().url().replace(GATEWAY, demo.serving.gatewayUrl), headers: {} });
    return route.fulfill({ response: answer, headers: { ...answer.headers(), 'access-control-allow-origin': '*' } });
  });
}

/** Each element's error message, and whether it has a retry button. */
function errorViews(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('merchant-hours, merchant-menu')].map((el) => ({
      tag: el.localName,
      state: el.getAttribute('state'),
      message: el.shadowRoot?.querySelector('[part=error]')?.textContent?.trim().replace(/\s+/g, ' ') ?? '',
      retry: !!el.shadowRoot?.querySelector('[part=retry]'),
    })),
  );
}

/** Opens `url` (the gateway down), waits for the elements to fail, and returns their views and the console's warnings. */
async function failingPage(url: string, v = VIEWS[0]!): Promise<{ page: Page; views: Awaited<ReturnType<typeof errorViews>>; warnings: string[] }> {
  gatewayUp = false;
  const page = await demo.context.newPage();
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await view(page, v);
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await settleAll(page);
  return { page, views: await errorViews(page), warnings };
}

describe('a live site: the visitor reads a neutral message and can try again', () => {
  for (const v of VIEWS) {
    test(`${v.name}: neutral words and a retry (by keyboard), the advice only in the console, axe clean`, async () => {
      const { page, views, warnings } = await failingPage('http://www.nonna-rosa.example/', v);
      try {
        assert.equal(views.length, 2);
        for (const { tag, state, message, retry } of views) {
          assert.equal(state, 'error', `<${tag}> failed`);
          assert.match(message, /cannot be shown right now/, `<${tag}> shows the neutral message`);
          assert.doesNotMatch(message, ADVICE, `<${tag}> shows a visitor the developer's words: "${message}"`);
          assert.ok(retry, `<${tag}> offers to try again`);
        }
        for (const tag of ['merchant-hours', 'merchant-menu']) {
          const mine = warnings.filter((w) => w.startsWith(`<${tag}>`));
          assert.equal(mine.length, 1, `<${tag}> warns once in the console: ${JSON.stringify(warnings)}`);
          assert.match(mine[0]!, /No answer at https:\/\/gateway\.nonna-rosa\.example\. Check the “endpoint” setting/);
        }
        const violations = await axeViolations(page);
        assert.deepEqual(violations, [], `axe at ${v.name}:\n  ${violations.join('\n  ')}`);

        // The gateway is back: Tab to the first retry, Enter, and the hours show.
        gatewayUp = true;
        assert.ok(await tabTo(page, 'retry'), 'Tab reaches a retry button');
        assert.equal((await focused(page))?.text, 'Try again');
        await page.keyboard.press('Enter');
        await page.waitForFunction(() => document.querySelector('merchant-hours')?.getAttribute('state') === 'ready', null, { timeout: 30_000 });
      } finally {
        await page.close();
      }
    });
  }

  test('in French: the neutral message and the retry are translated', async () => {
    const { page, views } = await failingPage('http://www.nonna-rosa.example/?lang=fr');
    try {
      for (const { tag, message } of views) {
        assert.doesNotMatch(message, /cannot be shown|Try again/, `<${tag}> in English on a French page: "${message}"`);
        assert.doesNotMatch(message, /Aucune réponse|endpoint/, `<${tag}> shows a visitor the advice: "${message}"`);
      }
    } finally {
      await page.close();
    }
  });
});

describe("where the page's author works: the advice on the page", () => {
  for (const [where, url] of [
    ['a development origin (*.test)', 'http://nonna-rosa.test/'],
    ["WordPress's block editor canvas", 'http://www.nonna-rosa.example/?wrapper=editor-styles-wrapper'],
    ['a WordPress preview', 'http://www.nonna-rosa.example/?preview=true'],
    ['debug=true in the page defaults', 'http://www.nonna-rosa.example/?debug=true'],
  ] as const) {
    test(`${where}: the element says what to fix`, async () => {
      const { page, views } = await failingPage(url);
      try {
        for (const { tag, message, retry } of views) {
          assert.match(message, /No answer at https:\/\/gateway\.nonna-rosa\.example\. Check the “endpoint” setting/, `<${tag}> at ${url}`);
          assert.ok(retry, `<${tag}> offers to try again (an unreachable gateway may come back)`);
        }
      } finally {
        await page.close();
      }
    });
  }

  test("debug=false: the visitors' view on a development origin", async () => {
    const { page, views } = await failingPage('http://nonna-rosa.test/?debug=false');
    try {
      for (const { tag, message } of views) assert.doesNotMatch(message, ADVICE, `<${tag}>: "${message}"`);
    } finally {
      await page.close();
    }
  });
});
