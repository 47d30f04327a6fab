/**
 * End to end, the menu a diner uses (issue 25, parts 1, 2, 3, 5's dish layout and 6), on the `npm start` server
 * (sandbox + gateway + demo in this process) in Debian's Chromium through playwright-core, at 375 and 1280 px, in the
 * light and the dark scheme, driven by the keyboard where a diner can:
 * - filters: chips of both kinds (show only the marked dishes; hide the dishes marked as containing), the count in a
 *   polite live region, the state in the URL fragment surviving a reload, the page's own anchor kept, one clear;
 *   axe clean with a filter and a search on;
 * - search: accent- and case-insensitive, matches marked, tabs with their counts, no match says so and clears;
 * - the section bar pinned while the menu scrolls (at the page's offset), the link of the section in view current;
 * - a dish's text at a readable width beside its photo on a phone;
 * - the short menu says it is a selection and leads to the full one (in place, or at the owner's http(s) link), and
 *   two menus on one page keep their states apart.
 * Screenshots at 375 px (the showcase with a filter and a search on, and the section bar while scrolled) go to
 * test-results/screenshots/menu-*.png.
 *
 *   node --import tsx --test test/e2e/menu-tools.test.ts        (needs `npm run build`)
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { startServe, type Serving } from '../../src/cli/serve.ts';
import { collectProblems, launch, startTestServer, type TestServer } from './helpers.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SCREENSHOTS = path.join(root, 'test-results/screenshots');
const AXE = readFileSync(path.join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');
const VIEWS = [375, 1280].flatMap((width) => (['light', 'dark'] as const).map((scheme) => ({ width, scheme })));

let serving: Serving;
let browser: Browser;
/** Test pages (PAGES) and dist/ on a loopback origin of their own (a local page may use `npm start`'s gateway). */
let pages: TestServer;
const PAGES: Record<string, string> = {
  '/preset.html': '<merchant-menu dietary="vegan, kosher"></merchant-menu>',
  '/short.html': `<merchant-menu id="first" format="short"></merchant-menu>
<merchant-menu format="short" no-section-bar full-menu-href="https://restaurant.example/menu"></merchant-menu>
<merchant-menu format="short" no-section-bar full-menu-href="javascript:alert(1)"></merchant-menu>`,
  '/two.html': '<merchant-menu></merchant-menu><merchant-menu></merchant-menu>',
};

before(async () => {
  assert.ok(existsSync(path.join(root, 'dist/merchant-elements.js')), 'dist/merchant-elements.js is missing: run `npm run build`');
  serving = await startServe({ port: 0, logLevel: 'silent' });
  browser = await launch();
  pages = await startTestServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/dist/') && !url.pathname.includes('..')) {
      const file = path.join(root, url.pathname);
      if (existsSync(file)) return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(file));
    }
    const body = PAGES[url.pathname];
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(testPage(body));
  });
  mkdirSync(SCREENSHOTS, { recursive: true });
});

after(async () => {
  await browser?.close().catch(() => {});
  await pages?.close();
  await serving?.close();
});

/** A page at `width` in `scheme`, its problems collected (console errors, page errors, failed requests). */
async function newPage(width: number, scheme: 'light' | 'dark'): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme: scheme });
  await context.addInitScript('window.__name = (fn) => fn;');
  const page = await context.newPage();
  return { page, problems: collectProblems(page) };
}

/** Opens `url` and waits until every merchant-menu on it is ready. */
async function openMenu(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => {
    const menus = [...document.querySelectorAll('merchant-menu')];
    return menus.length > 0 && menus.every((menu) => menu.getAttribute('state') === 'ready');
  }, null);
  await frames(page);
}

const frames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
  });
}

/** The live region's text: the count of the menu shown. */
const status = (page: Page) => page.locator('merchant-menu [part="controls"] [role="status"]').first().innerText();
const countOf = async (page: Page) => {
  const text = await status(page);
  const match = /^(\d+) of (\d+) dishes$/.exec(text) ?? /^(\d+) dishes$/.exec(text);
  assert.ok(match, `the count reads "${text}"`);
  return { shown: Number(match[1]), total: Number(match[2] ?? match[1]), text };
};
/** The badges of every dish shown (the dishes out of the diner's view are hidden, not removed). */
const shownBadges = (page: Page) =>
  page
    .locator('merchant-menu [part="item"]:not([hidden])')
    .evaluateAll((items) => items.map((item) => [...item.querySelectorAll('[part="badge"]')].map((b) => b.textContent)));
/** Presses Space on the chip named `name` in the group labelled `group`, reached by the keyboard's focus. */
async function pressChip(page: Page, group: RegExp, name: string): Promise<void> {
  const chip = page.locator('merchant-menu [role="group"]', { has: page.locator(`text=${group.source}`) }).getByRole('button', { name, exact: true });
  await chip.focus();
  await page.keyboard.press('Space');
  await frames(page);
}

describe('filters a diner sets', () => {
  for (const { width, scheme } of VIEWS) {
    test(`at ${width} px, ${scheme}: chips of both kinds, combined, counted aloud, kept in the URL through a reload, cleared at once; axe clean`, async () => {
      const { page, problems } = await newPage(width, scheme);
      try {
        await openMenu(page, `${serving.demoUrl}#hours`);
        const controls = page.locator('merchant-menu [part="controls"].controls');
        assert.equal(await controls.count(), 1, 'one controls container (part="controls", class "controls")');
        assert.equal(await page.locator('merchant-menu [part="controls"] [role="status"]').count(), 1, 'one live region (role=status, polite)');
        const before = await countOf(page);
        assert.equal(before.shown, before.total, 'nothing filtered at first');

        // Show only: vegetarian (a vegan dish is vegetarian too).
        await pressChip(page, /Show only dishes marked/, 'Vegetarian');
        const vegetarian = await countOf(page);
        assert.ok(vegetarian.shown > 0 && vegetarian.shown < vegetarian.total, `the count says what is shown: ${vegetarian.text}`);
        for (const badges of await shownBadges(page)) assert.ok(badges.includes('Vegetarian') || badges.includes('Vegan'), `a dish shown is marked: ${badges}`);

        // Hide: a "contains" chip, worded so an unmarked dish never reads as safe.
        const hideGroup = page.locator('merchant-menu [role="group"]', { has: page.locator('text=Hide dishes marked as containing') });
        assert.ok(await hideGroup.count(), 'a group of "contains" chips');
        assert.match(await page.locator('merchant-menu [part="controls"]').innerText(), /a dish without a mark may still contain it/);
        const allergen = (await hideGroup.getByRole('button').first().innerText()).trim();
        await pressChip(page, /Hide dishes marked as containing/, allergen);
        const both = await countOf(page);
        assert.ok(both.shown <= vegetarian.shown, `combined: ${both.text}`);
        const contains = `Contains ${allergen.toLowerCase()}`;
        for (const badges of await shownBadges(page)) assert.ok(!badges.some((b) => b?.toLowerCase() === contains), `no dish shown is marked "${contains}"`);

        // In the URL fragment, beside the page's own anchor.
        const hash = await page.evaluate(() => location.hash);
        assert.match(hash, /^#hours&menu\.diet=/, `the state is in the fragment, the page's anchor kept: ${hash}`);

        // A search too, then axe, light and dark as emulated.
        await page.locator('merchant-menu [part="search"]').fill('a');
        await frames(page);
        assert.deepEqual(await axeViolations(page), [], 'axe, with filters and a search on');

        // A reload shows the same view.
        const pressed = await page.locator('merchant-menu [part="chip"][aria-pressed="true"]').allInnerTexts();
        const counted = await status(page);
        await openMenu(page, page.url());
        assert.equal(await status(page), counted, 'the same count after a reload');
        assert.deepEqual(await page.locator('merchant-menu [part="chip"][aria-pressed="true"]').allInnerTexts(), pressed, 'the same chips after a reload');
        assert.equal(await page.locator('merchant-menu [part="search"]').inputValue(), 'a', 'the same search after a reload');

        // One way to clear, by the keyboard; the focus goes to the search box.
        await page.locator('merchant-menu [part="controls"]').getByRole('button', { name: 'Clear' }).focus();
        await page.keyboard.press('Enter');
        await frames(page);
        assert.equal((await countOf(page)).shown, before.total, 'cleared: every dish');
        assert.equal(await page.evaluate(() => location.hash), '#hours', "cleared: the fragment is the page's own again");
        assert.equal(await page.evaluate(() => document.querySelector('merchant-menu')?.shadowRoot?.activeElement?.getAttribute('part')), 'search');
        assert.deepEqual(problems, []);
      } finally {
        await page.context().close();
      }
    });
  }

  test("an owner's preset is chosen, seen and changeable, and an empty result does not say the diner selected it", async () => {
    const { page, problems } = await newPage(375, 'light');
    try {
      await openMenu(page, `${pages.origin}/preset.html`);
      const pressed = await page.locator('merchant-menu [part="chip"][aria-pressed="true"]').allInnerTexts();
      assert.deepEqual(pressed.sort(), ['Kosher', 'Vegan'], 'the preset is shown as chosen chips');
      const text = await page.locator('merchant-menu [part="base"]').innerText();
      assert.doesNotMatch(text, /selected/i, 'no "selected" when the diner selected nothing');
      assert.match(text, /No dish in this menu matches/);
      await pressChip(page, /Show only dishes marked/, 'Kosher');
      assert.ok((await countOf(page)).shown > 0, 'the diner can change the preset');
      assert.deepEqual(problems, []);
    } finally {
      await page.context().close();
    }
  });
});

/** The text of the search's highlight ranges (the menus' shared `merchant-menu-match`), in rows shown. */
function highlighted(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...((CSS.highlights.get('merchant-menu-match') ?? []) as Iterable<AbstractRange>)]
      .filter((range) => range.startContainer.parentElement?.closest('[hidden]') === null)
      .map((range) => (range.startContainer as Text).data.slice(range.startOffset, range.endOffset)),
  );
}

/** A page on the demo's origin with the bundle and the showcase's location, holding `body`. */
function testPage(body: string): string {
  return `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<meta name="merchant-elements" content="endpoint=${serving.gatewayUrl}; location-id=${serving.featuredLocationId}">
<script type="module" src="/dist/merchant-elements.js"></script><title>test</title></head><body><main><h1>Test page</h1>${body}</main></body></html>`;
}

describe('search', () => {
  for (const { width, scheme } of VIEWS) {
    test(`at ${width} px, ${scheme}: accents and case ignored, matches marked, tabs counted, no match says so and clears`, async () => {
      const { page, problems } = await newPage(width, scheme);
      try {
        await openMenu(page, serving.demoUrl);
        // A word of a dish's name, searched in capitals with accents it does not have (the fold works both ways; the
        // browser tests hold "creme brulee" finding "Crème brûlée").
        const word = (await page.locator('merchant-menu [part="item"] .text > b').first().innerText()).split(/\s+/).find((w) => /^\p{L}{4,}$/u.test(w));
        assert.ok(word, 'a dish name with a word of four letters or more');
        const query = word.toUpperCase().replace(/A/g, 'Á').replace(/E/g, 'É').replace(/I/g, 'Î').replace(/O/g, 'Ö').replace(/U/g, 'Ù');
        const search = page.locator('merchant-menu [part="search"]');
        await search.focus();
        await page.keyboard.type(query);
        await frames(page);
        const { shown } = await countOf(page);
        assert.ok(shown > 0, `"${query}" finds "${word}"`);
        // Marked as a highlight (no element added to a row), every range a match as written, in a row shown.
        const marks = await highlighted(page);
        assert.ok(marks.length > 0 && marks.every((m) => m.toLowerCase() === word.toLowerCase()), `the matches are marked as written: ${marks}`);
        assert.equal(await page.locator('merchant-menu [part="item"] mark').count(), 0, 'no <mark> element');
        // Painted in the system's Mark colours by default; in forced colours, in the system's Mark colours whatever the page sets.
        const paint = () =>
          page
            .locator('merchant-menu [part="item"]:not([hidden]) .text > b')
            .first()
            .evaluate((name) => {
              const probe = name.appendChild(document.createElement('span'));
              probe.style.cssText = 'background-color: Mark; color: MarkText';
              const system = [getComputedStyle(probe).backgroundColor, getComputedStyle(probe).color];
              probe.remove();
              const style = getComputedStyle(name, '::highlight(merchant-menu-match)');
              return { system, painted: [style.backgroundColor, style.color] };
            });
        const light = await paint();
        assert.deepEqual(light.painted, light.system, 'the matches in Mark and MarkText');
        await page.emulateMedia({ forcedColors: 'active' });
        await page.locator('merchant-menu').evaluate((menu: HTMLElement) => menu.style.setProperty('--merchant-menu-match-background', 'rgb(1, 2, 3)'));
        const forced = await paint();
        assert.deepEqual(forced.painted, forced.system, 'in forced colours, the matches in Mark and MarkText');
        await page.locator('merchant-menu').evaluate((menu: HTMLElement) => menu.style.removeProperty('--merchant-menu-match-background'));
        await page.emulateMedia({ forcedColors: 'none' });
        assert.deepEqual(await axeViolations(page), [], 'axe, with a search on');
        const tabs = await page.locator('merchant-menu [role="tab"]').allInnerTexts();
        assert.ok(tabs.length > 1 && tabs.every((t) => /\(\d+\)$/.test(t.trim())), `each tab says how many match: ${tabs}`);
        if (width === 375 && scheme === 'light') await page.screenshot({ path: path.join(SCREENSHOTS, 'menu-search-375.png') });

        await search.fill('zzqx');
        await frames(page);
        assert.equal((await countOf(page)).shown, 0);
        assert.match(await page.locator('merchant-menu [part="base"]').innerText(), /No dish in this menu matches/);
        await page.locator('merchant-menu [part="controls"]').getByRole('button', { name: 'Clear' }).click();
        await frames(page);
        const all = await countOf(page);
        assert.equal(all.shown, all.total, 'cleared');
        assert.deepEqual(await highlighted(page), [], 'no mark left');
        assert.deepEqual(problems, []);
      } finally {
        await page.context().close();
      }
    });
  }

  test('at 375 px: a screenshot of the showcase with a filter and a search on', async () => {
    const { page } = await newPage(375, 'light');
    try {
      await openMenu(page, serving.demoUrl);
      await pressChip(page, /Show only dishes marked/, 'Vegetarian');
      await page.locator('merchant-menu [part="search"]').fill('tomato');
      await frames(page);
      await page.locator('merchant-menu [part="controls"]').evaluate((el) => el.scrollIntoView());
      await frames(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'menu-filter-search-375.png') });
      await page.mouse.wheel(0, 700);
      await page.waitForTimeout(200);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'menu-filter-search-375-dishes.png') });
      assert.ok((await countOf(page)).shown > 0);
    } finally {
      await page.context().close();
    }
  });
});

describe('sections in reach', () => {
  for (const { width, scheme } of VIEWS) {
    test(`at ${width} px, ${scheme}: the section bar stays pinned (at the page's offset) and shows the section in view`, async () => {
      const { page, problems } = await newPage(width, scheme);
      try {
        await openMenu(page, serving.demoUrl);
        const nav = page.locator('merchant-menu nav[part="section-bar"]').filter({ visible: true }); // not the print-only copies' bars
        assert.equal(await nav.count(), 1, 'the showcase menu has a section bar');
        // The page's own sticky header: 48 px.
        await page.evaluate(() => document.querySelector<HTMLElement>('merchant-menu')!.style.setProperty('--merchant-menu-sticky-top', '48px'));
        // By the keyboard: the last section's link, Enter.
        const links = nav.locator('a');
        const last = links.last();
        await last.focus();
        await page.keyboard.press('Enter');
        await page.waitForTimeout(300);
        await frames(page);
        const top = await nav.evaluate((el) => Math.round(el.getBoundingClientRect().top));
        assert.equal(top, 48, 'pinned under the page header');
        const current = await page.waitForFunction(() => {
          const root = document.querySelector('merchant-menu')!.shadowRoot!;
          return root.querySelector('nav a[aria-current="true"]')?.textContent ?? false;
        });
        assert.equal(await current.jsonValue(), await last.innerText(), 'the link of the section in view is current');
        if (width === 375 && scheme === 'light') await page.screenshot({ path: path.join(SCREENSHOTS, 'menu-section-bar-375.png') });
        // Scrolling back up, an earlier section becomes current.
        await page
          .locator('merchant-menu section[part="section"]')
          .first()
          .evaluate((el) => el.scrollIntoView());
        await page.waitForFunction(() => {
          const root = document.querySelector('merchant-menu')!.shadowRoot!;
          return root.querySelector('nav a[aria-current="true"]') === root.querySelector('nav a');
        });
        assert.deepEqual(problems, []);
      } finally {
        await page.context().close();
      }
    });
  }
});

describe("a dish's text on a phone", () => {
  for (const { width, scheme } of VIEWS) {
    test(`at ${width} px, ${scheme}: the text beside a photo keeps a readable width`, async () => {
      const { page, problems } = await newPage(width, scheme);
      try {
        await openMenu(page, serving.demoUrl);
        const widths = await page
          .locator('merchant-menu [part="item"]:has(> img)')
          .evaluateAll((items) =>
            items.map((item) => ({ item: item.getBoundingClientRect().width, text: item.querySelector('.text')!.getBoundingClientRect().width })),
          );
        assert.ok(widths.length > 0, 'the showcase has dishes with photos');
        for (const { item, text } of widths)
          assert.ok(text >= Math.min(item * 0.6, 20 * 16), `text ${Math.round(text)} px of an item ${Math.round(item)} px wide`);
        assert.deepEqual(problems, []);
      } finally {
        await page.context().close();
      }
    });
  }
});

describe('the short menu leads on', () => {
  for (const { width, scheme } of VIEWS) {
    test(`at ${width} px, ${scheme}: says it is a selection, opens the full menu in place by the keyboard, or links to the owner's page; two menus keep their states apart`, async () => {
      const { page, problems } = await newPage(width, scheme);
      try {
        await openMenu(page, `${pages.origin}/short.html`);
        const menus = page.locator('merchant-menu');
        for (let i = 0; i < 3; i++) assert.match(await menus.nth(i).locator('[part="base"]').innerText(), /A selection from our menu\./);
        assert.equal(await menus.nth(1).locator('a', { hasText: 'See the full menu' }).getAttribute('href'), 'https://restaurant.example/menu');
        assert.equal(await menus.nth(2).locator('a', { hasText: 'See the full menu' }).count(), 0, 'a javascript: link is refused');
        assert.equal(await menus.nth(2).getByRole('button', { name: 'See the full menu' }).count(), 1, '…and the menu opens in place instead');
        assert.deepEqual(await axeViolations(page), []);

        const first = menus.nth(0);
        const dishes = await first.locator('[part="item"]').count();
        await first.getByRole('button', { name: 'See the full menu' }).focus();
        await page.keyboard.press('Enter');
        await page.waitForFunction(() => {
          const menu = document.querySelector('#first')!;
          return menu.getAttribute('state') === 'ready' && !menu.shadowRoot!.textContent!.includes('A selection from our menu');
        });
        await frames(page);
        assert.ok((await first.locator('[part="item"]').count()) > dishes, 'the full menu, in place');
        assert.ok(await page.evaluate(() => !!document.querySelector('#first')!.shadowRoot!.activeElement), 'the focus moves into the full menu');

        // The full menu has the diner tools; its state is under its id, another menu's under its own key.
        await first.locator('[part="search"]').fill('a');
        await frames(page);
        assert.match(await page.evaluate(() => location.hash), /^#first\.q=a$/);
        assert.deepEqual(problems, []);
      } finally {
        await page.context().close();
      }
    });
  }

  test('two long menus on one page: each keeps its own state in the URL, through a reload', async () => {
    const { page, problems } = await newPage(1280, 'light');
    try {
      await openMenu(page, `${pages.origin}/two.html`);
      await page.locator('merchant-menu').nth(0).locator('[part="search"]').fill('a');
      await page.locator('merchant-menu').nth(1).locator('[part="search"]').fill('e');
      await frames(page);
      assert.equal(await page.evaluate(() => location.hash), '#menu.q=a&menu2.q=e');
      await openMenu(page, page.url());
      assert.equal(await page.locator('merchant-menu').nth(0).locator('[part="search"]').inputValue(), 'a');
      assert.equal(await page.locator('merchant-menu').nth(1).locator('[part="search"]').inputValue(), 'e');
      assert.deepEqual(problems, []);
    } finally {
      await page.context().close();
    }
  });
});
