/**
 * The first ten minutes of a new user (issue 19), end to end against `npm start` (startServe on free ports) in
 * Debian's Chromium:
 * - the README's 30-second embed, pasted as written into a page on another local origin, shows its elements
 *   (the location exists; `npm start`'s gateway allows local development origins);
 * - a wrong setting gets its own message: the service refused this site (CORS), no answer at that address, an
 *   address that is not a merchant data service (an endpoint ending in /v1, a web page, the demo's own pages on
 *   another origin whatever their CORS headers), no such location, an id the contract refuses (issue 27), a page
 *   opened from disk (issue 27: open it through a local server).
 *
 *   node --import tsx --test test/e2e/first-ten-minutes.test.ts        (needs `npm run build`)
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { startServe, type Serving } from '../../src/cli/serve.ts';
import { launch, settledStates, startTestServer, type TestServer } from './helpers.ts';
import { setup as startGatewayFixture, type Fixture } from '../node/gateway-fixture.ts';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The first html block under "## 30-second embed", as a reader would copy it. */
function readmeSnippet(): string {
  const section = README.slice(README.indexOf('## 30-second embed'));
  const match = /```html\n([\s\S]*?)```/.exec(section);
  assert.ok(match, 'the README has an html snippet under "30-second embed"');
  return match[1]!;
}

let serving: Serving;
let browser: Browser;
/** Pages on another origin than the demo's: whatever `pages` holds for a path, else a plain web page. */
let site: TestServer;
const pages = new Map<string, string>();
/** Answers JSON but sends no CORS header: a web server that is no gateway (and speaks no contract). */
let noCors: TestServer;
/** A real gateway that allows only https://shop.example: it refuses the test pages' origin. */
let refusing: Fixture;
/** Pages opened from disk (file://). */
const onDisk = mkdtempSync(path.join(tmpdir(), 'merchant-file-page-'));

before(async () => {
  serving = await startServe({ port: 0, logLevel: 'silent' });
  site = await startTestServer((req, res) => {
    const body = pages.get(new URL(req.url!, 'http://x').pathname);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? '<!doctype html><title>A web page</title><p>Hello');
  });
  noCors = await startTestServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  refusing = await startGatewayFixture({ MERCHANT_ALLOWED_ORIGINS: 'https://shop.example', MERCHANT_LOG_LEVEL: 'silent' });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await site?.close();
  await noCors?.close();
  await refusing?.close();
  rmSync(onDisk, { recursive: true, force: true });
  await serving?.close();
});

/** `snippet` on a page of the other local origin (http://localhost:PORT, not the demo's 127.0.0.1:PORT), or opened from disk. */
async function open(name: string, snippet: string, from: 'server' | 'disk' = 'server') {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title></head><body>${snippet}</body></html>`;
  pages.set(`/${name}.html`, html);
  const page = await browser.newPage();
  if (from === 'disk') {
    const file = path.join(onDisk, `${name}.html`);
    writeFileSync(file, html);
    await page.goto(pathToFileURL(file).href);
  } else {
    await page.goto(`${site.origin.replace('127.0.0.1', 'localhost')}/${name}.html`);
  }
  return page;
}

describe('the README embed, as written', () => {
  test('pasted into a page on another local origin, with npm start running, every element shows its data', async () => {
    const demo = new URL(serving.demoUrl);
    const gateway = new URL(serving.gatewayUrl);
    // Only the ports differ from the README's (the test runs on free ports); the location id is the README's own.
    const snippet = readmeSnippet().replaceAll('127.0.0.1:8787', gateway.host).replaceAll('127.0.0.1:8080', demo.host);
    const page = await open('readme', snippet);
    const states = await settledStates(page, 'merchant-hours, merchant-menu, merchant-actions');
    assert.deepEqual(states, { 'merchant-hours': 'ready', 'merchant-menu': 'ready', 'merchant-actions': 'ready' });
    await page.close();
  });

  test('the README names no location that does not exist', async () => {
    for (const id of README.matchAll(/location-id[=:]\s*"?([a-z0-9-]+)/g)) {
      const response = await fetch(`${serving.gatewayUrl}/v1/locations/${id[1]}/page`);
      assert.equal(response.status, 200, `location ${id[1]} named in the README`);
    }
  });

  test("npm start's gateway allows local development origins, and no other", async () => {
    const url = `${serving.gatewayUrl}/v1/locations/test-pizzeria/hours`;
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:5173', 'http://localhost:8888']) {
      const response = await fetch(url, { headers: { origin } });
      assert.equal(response.headers.get('access-control-allow-origin'), origin, origin);
    }
    for (const origin of ['https://localhost.evil.example', 'http://localhost.evil.example:3000', 'https://www.merchant-site.example']) {
      const response = await fetch(url, { headers: { origin } });
      assert.equal(response.headers.get('access-control-allow-origin'), null, origin);
    }
  });
});

describe('a wrong setting says which mistake it is, and its fix', () => {
  const cases: Array<[string, () => string, string, RegExp, ('server' | 'disk')?]> = [
    ['cors', () => refusing.gw.url, 'test-pizzeria', /refused this site \(CORS\)\. Add http:\/\/localhost:\d+ to its allowed origins/],
    ['unreachable', () => 'http://127.0.0.1:9', 'test-pizzeria', /^No answer at http:\/\/127\.0\.0\.1:9\. /],
    ['v1', () => `${serving.gatewayUrl}/v1`, 'test-pizzeria', /\/v1 is not a merchant data service\. .*without \/v1/],
    ['web-page', () => site.origin.replace('127.0.0.1', 'localhost'), 'test-pizzeria', /is not a merchant data service\./],
    // Another origin's web server without CORS headers: the answer is unreadable, as a refusing gateway's is, but it
    // is no gateway (issue 27: the demo's pages at :8080 were reported as a CORS refusal).
    ['json-no-cors', () => noCors.origin, 'test-pizzeria', /^http:\/\/127\.0\.0\.1:\d+ is not a merchant data service\./],
    ['demo-pages', () => serving.demoUrl, 'test-pizzeria', /^http:\/\/127\.0\.0\.1:\d+ is not a merchant data service\./],
    ['unknown', () => serving.gatewayUrl, 'bella-pizzeria', /No location with the ID “bella-pizzeria” was found/],
    ['typo-in-attribute', () => serving.gatewayUrl, '', /^Which location\? Add a location ID/],
    ['dot-dot', () => serving.gatewayUrl, '..', /^“\.\.” is not a location ID/],
    ['path-in-id', () => serving.gatewayUrl, 'a/../b', /^“a\/\.\.\/b” is not a location ID/],
    ['file', () => serving.gatewayUrl, 'test-pizzeria', /opened from a file \(file:\/\/\).*“npx serve” \(or “python3 -m http\.server”\)/, 'disk'],
  ];
  for (const [name, endpoint, id, expected, from] of cases) {
    test(`${name}: ${expected.source}`, async () => {
      // typo-in-attribute: `location_id`, which no element reads (so none is set).
      const idAttribute = name === 'typo-in-attribute' ? `location_id="test-pizzeria"` : `location-id="${id}"`;
      const page = await open(
        `error-${name}`,
        `<script type="module" src="${serving.demoUrl}dist/merchant-elements.js"></script>
        <merchant-hours endpoint="${endpoint()}" ${idAttribute}></merchant-hours>`,
        from,
      );
      const states = await settledStates(page, 'merchant-hours');
      assert.equal(states['merchant-hours'], 'error');
      const text = await page.evaluate(() => document.querySelector('merchant-hours')!.shadowRoot!.querySelector('[part=error-message]')?.textContent ?? '');
      assert.match(text, expected);
      await page.close();
    });
  }
});

describe('the photo viewer on the showcase (whose surface is transparent)', () => {
  /** sRGB relative luminance and contrast, from a computed `rgb()`/`rgba()` colour. */
  const channels = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = (colour: string) => {
    const [r, g, b] = channels(colour)
      .slice(0, 3)
      .map((v) => v / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const contrast = (a: string, b: string) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x! + 0.05) / (y! + 0.05);
  };

  for (const scheme of ['light', 'dark'] as const) {
    test(`${scheme}: the dialog is opaque, the × has two strokes, previous and next stand out`, async () => {
      const page = await browser.newPage({ colorScheme: scheme });
      await page.goto(serving.demoUrl);
      await page.locator('merchant-photos').scrollIntoViewIfNeeded();
      await settledStates(page, 'merchant-photos');
      await page.locator('merchant-photos [part=thumbnail]').first().click();
      // The lightbox is a module loaded the first time a photo is opened.
      await page.locator('merchant-photos dialog[open]').waitFor({ timeout: 5_000 });
      const seen = await page.evaluate(() => {
        const root = document.querySelector('merchant-photos')!.shadowRoot!;
        const dialog = root.querySelector('dialog')!;
        const svg = root.querySelector('[part~=close] svg')!;
        const shapes = [...svg.querySelectorAll('*')];
        return {
          open: dialog.open,
          background: getComputedStyle(dialog).backgroundColor,
          previous: getComputedStyle(root.querySelector('[part~=previous]')!).backgroundColor,
          next: getComputedStyle(root.querySelector('[part~=next]')!).backgroundColor,
          nested: shapes.some((shape) => shape.children.length > 0),
          strokes: shapes.reduce(
            (n, shape) => n + (shape.localName === 'line' ? 1 : shape.localName === 'path' ? (shape.getAttribute('d')!.match(/M/gi) ?? []).length : 0),
            0,
          ),
        };
      });
      assert.ok(seen.open, 'the lightbox opened');
      const alpha = channels(seen.background)[3] ?? 1;
      assert.equal(alpha, 1, `the dialog's background is opaque: ${seen.background}`);
      assert.equal(seen.nested, false, 'no SVG shape nests in another');
      assert.equal(seen.strokes, 2, 'the × has two strokes');
      for (const button of [seen.previous, seen.next]) {
        assert.equal(channels(button)[3] ?? 1, 1, `previous/next are filled: ${button}`);
        assert.ok(contrast(button, seen.background) >= 3, `previous/next (${button}) stand out on ${seen.background}`);
      }
      await page.close();
    });
  }
});

describe('"Also nearby": one card per place, never the own place, no expired offers', () => {
  test("on the showcase, every card is a different place, and none is the page's own", async () => {
    const page = await browser.newPage();
    await page.goto(serving.demoUrl);
    await page.locator('merchant-nearby').scrollIntoViewIfNeeded();
    await settledStates(page, 'merchant-nearby');
    const names = await page.evaluate(() =>
      [...document.querySelector('merchant-nearby')!.shadowRoot!.querySelectorAll('[part=name]')].map((n) => n.textContent),
    );
    const own = await page.evaluate(() => document.querySelector('merchant-location')!.shadowRoot!.textContent ?? '');
    assert.ok(names.length > 0, 'nearby places are shown');
    assert.equal(new Set(names).size, names.length, `one card per place: ${names.join(', ')}`);
    assert.ok(
      names.every((name) => !own.includes(name!)),
      `the page's own place is not "nearby": ${names.join(', ')}`,
    );
    await page.close();
  });

  test('a gateway answer with the own place, places with several actions and an expired offer', async () => {
    const real = await (await fetch(`${serving.gatewayUrl}/v1/locations/test-pizzeria/nearby?nearby_only=true&limit=12`)).json();
    const all = real.results as Array<{ action: { id: string; attributes: { expiration: string | null } | null }; location: { id: string; name: string } }>;
    // The sandbox's own offers may have expired by the day this runs: they are left out as well.
    const live = (r: (typeof all)[number]) => !(Date.parse(r.action.attributes?.expiration ?? '') < Date.now());
    const results = all.filter(live);
    const byPlace = new Map<string, typeof results>();
    for (const r of results) byPlace.set(r.location.id, [...(byPlace.get(r.location.id) ?? []), r]);
    assert.ok(
      [...byPlace.values()].some((actions) => actions.length > 1),
      'some place has several actions',
    );
    const first = results[0]!;
    const own = { ...first, action: { ...first.action, id: 'own-1' }, location: { ...first.location, id: 'test-pizzeria', name: 'The Page Itself' } };
    const expired = {
      ...results[1]!,
      action: {
        ...results[1]!.action,
        id: 'expired-1',
        type: 'deal',
        cta: 'Expired Deal',
        attributes: {
          category: null,
          description: null,
          discount: 5,
          discountPercentage: null,
          expiration: '2024-01-31T23:59:59Z',
          imageUrl: null,
          title: 'Old deal',
        },
      },
    };
    const answer = JSON.stringify({ ...real, results: [own, ...all, expired] });
    const fake = await startTestServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end(answer);
    });
    try {
      const page = await open(
        'nearby',
        `<script type="module" src="${serving.demoUrl}dist/merchant-elements.js"></script>
        <merchant-nearby endpoint="${fake.origin}" location-id="test-pizzeria" nearby-only></merchant-nearby>`,
      );
      await settledStates(page, 'merchant-nearby');
      const cards = await page.evaluate(() =>
        [...document.querySelector('merchant-nearby')!.shadowRoot!.querySelectorAll('[part=item]')].map((card) => ({
          name: card.querySelector('[part=name]')!.textContent,
          links: card.querySelectorAll('a').length,
          text: card.textContent ?? '',
        })),
      );
      assert.deepEqual(
        cards.map((c) => c.name),
        [...byPlace.values()].map((actions) => actions[0]!.location.name),
        'one card per place, nearest first',
      );
      assert.deepEqual(
        cards.map((c) => c.links),
        [...byPlace.values()].map((actions) => actions.length),
        "each card holds all its place's actions",
      );
      assert.ok(!cards.some((c) => c.name === 'The Page Itself'), 'never the own place');
      assert.ok(!cards.some((c) => c.text.includes('Expired Deal')), 'no expired offer');
      await page.close();
    } finally {
      await fake.close();
    }
  });
});

describe('hours: "Closes soon" in the last hour, on the merchant\'s clock', () => {
  // The showcase restaurant (New York) is open 11:00–22:00 every day.
  const cases: Array<[string, string, RegExp]> = [
    ['21:30 in New York (02:30 UTC next day, in winter)', '2026-11-26T02:30:00Z', /^Closes soon/],
    ['20:45 in New York', '2026-11-26T01:45:00Z', /^Open now/],
    ['22:30 in New York', '2026-11-26T03:30:00Z', /^Closed now/],
  ];
  for (const [name, instant, expected] of cases) {
    test(`${name}: ${expected.source}`, async () => {
      // A visitor in Tokyo: the merchant's zone decides, not the visitor's.
      const context = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
      const page = await context.newPage();
      await page.clock.setFixedTime(new Date(instant));
      await page.goto(serving.demoUrl);
      await settledStates(page, 'merchant-hours');
      const badge = await page.evaluate(() => document.querySelector('merchant-hours')!.shadowRoot!.querySelector('[part~=badge]')!.textContent ?? '');
      assert.match(badge, expected);
      await context.close();
    });
  }
});

describe("cuisine words in the page's language (the upstream's fixed English vocabulary)", () => {
  const cases: Array<[string, RegExp]> = [
    ['es.html', /^Cocina: Italiana, Pizza/],
    ['fr.html', /^Cuisine ?: Italienne, Pizza/],
    ['de.html', /^Küche: Italienisch, Pizza/],
    ['index.html', /^Cuisine: Italian, Pizza/],
  ];
  for (const [file, expected] of cases) {
    test(`${file}: ${expected.source}`, async () => {
      const page = await browser.newPage();
      await page.goto(`${serving.demoUrl}${file}`);
      await page.locator('merchant-location').first().scrollIntoViewIfNeeded();
      await settledStates(page, 'merchant-location');
      const seen = await page.evaluate(() => {
        const root = document.querySelector('merchant-location')!.shadowRoot!;
        return {
          cuisine: root.querySelector('[part=cuisine]')!.textContent!.replace(/\s+/g, ' ').trim(),
          description: root.querySelector('[part=description]')?.textContent ?? '',
        };
      });
      assert.match(seen.cuisine, expected);
      // The merchant's own words (free text) stay as the upstream gives them.
      assert.match(seen.description, /is a restaurant in Greenwich Village, New York/);
      await page.close();
    });
  }
});

describe('the menu is easy to scan (the showcase, on a phone and a desktop)', () => {
  for (const width of [375, 1280]) {
    test(`${width}px: names start at one edge, prices form one column at the other, on the name's line`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(serving.demoUrl);
      await page.locator('merchant-menu').scrollIntoViewIfNeeded();
      await settledStates(page, 'merchant-menu');
      const items = await page.evaluate(() =>
        [...document.querySelector('merchant-menu')!.shadowRoot!.querySelectorAll('.item')]
          .filter((item) => !item.closest('.paper'))
          .map((item) => {
            const name = item.querySelector('.text b')!.getBoundingClientRect();
            const price = item.querySelector('[part=price]')?.getBoundingClientRect();
            return {
              photo: Boolean(item.querySelector(':scope > img')),
              name: { left: name.left, top: name.top, bottom: name.bottom },
              price: price && { right: price.right, top: price.top },
            };
          }),
      );
      const priced = items.filter((item) => item.price);
      assert.ok(items.some((item) => item.photo) && items.some((item) => !item.photo), 'the showcase menu has items with and without photos');
      const lefts = new Set(items.map((item) => Math.round(item.name.left)));
      assert.equal(lefts.size, 1, `one start edge for names: ${[...lefts].join(', ')}`);
      const rights = new Set(priced.map((item) => Math.round(item.price!.right)));
      assert.equal(rights.size, 1, `one price column: ${[...rights].join(', ')}`);
      for (const item of priced) assert.ok(item.price!.top < item.name.bottom, `the price is on the name's line (${JSON.stringify(item)})`);
      await page.close();
    });
  }
});
