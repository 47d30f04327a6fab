/**
 * End to end: a printed menu worth handing out (issue 25, part 4). The showcase, the CMS page and the dark page are
 * printed to PDF by Chromium (`page.pdf`, A4, as a diner's "Print" does) and read back with pdftotext (poppler-utils),
 * page by page:
 * - every menu prints (not only the selected tab), each under its name, and every dish of every menu once, in order;
 * - no dish is split across pages: each dish's prices, calories and the end of its description are on its name's page,
 *   before the next dish; no control prints (print button, tabs, section bar, retry), nor the photos, actions or nearby;
 * - the attribution image is on paper (loaded, visible in print);
 * - the menus beside the selected tab are rendered for paper only while printing (beforeprint to afterprint);
 * - printed with a filter and a search on, the menu prints what the diner sees, every menu filtered the same, under a
 *   line that says it is not the whole menu and what it holds (the count, the chips, the search);
 * - the menu's print control (by mouse and by keyboard, at 375 and 1280 px, light and dark, axe clean) prints the menu
 *   alone: while the print dialog is up only the menu prints; after it (`afterprint`) the whole page prints again, and
 *   the marks and the stylesheet it added are gone;
 * - the showcase printed as it opens, nothing scrolled, has the week's hours and the address on paper (a `lazy` element
 *   never scrolled to prints as its reserved space: those two are not lazy).
 * The PDFs and one PNG per page (pdftoppm) go to test-results/print/ (printed), to be looked at.
 *
 *   node --import tsx --test test/e2e/print.test.ts        (needs `npm run build`, and pdftotext / pdftoppm)
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServe, type Serving } from '../../src/cli/serve.ts';
import { launch } from './helpers.ts';
import { serverRenderedShowcase } from '../../bench/ssr-showcase.ts';
import { VIEWS, axeViolations, focused, root, settleAll, tabTo, view } from './page-checks.ts';

const OUT = path.join(root, 'test-results/print');

let serving: Serving;
let browser: Browser;
let context: BrowserContext;

before(async () => {
  assert.ok(existsSync(path.join(root, 'dist/merchant-elements.js')), 'dist/merchant-elements.js is missing: run `npm run build`');
  serving = await startServe({ port: 0, logLevel: 'silent' });
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript('window.__name = (fn) => fn;');
  mkdirSync(OUT, { recursive: true });
  console.log(`# PDFs and page images: ${OUT}`);
});

after(async () => {
  await context?.close().catch(() => {});
  await browser?.close().catch(() => {});
  await serving?.close();
});

const pageUrl = (file: string) => new URL(file === 'index.html' ? '/' : `/${file}`, serving.demoUrl).href;

/** A dish as printed: its name, and the pieces of text that must be on its name's page, after it. */
interface PrintedDish {
  name: string;
  pieces: string[];
}

/**
 * In the page, under print media: every menu element's menus as the data has them (names and dish names, in order),
 * and what its shadow root shows on paper (menu names, dishes with their pieces, visible controls, attribution images).
 */
function printedMenus() {
  const visible = (el: Element) => el.checkVisibility();
  const text = (el: Element | null | undefined) => (el?.textContent ?? '').trim().replace(/\s+/g, ' ');
  return [...document.querySelectorAll('merchant-menu')].map((menu) => {
    const root = menu.shadowRoot!;
    type Menus = { name: string; sections: { items: { name: string }[] }[] }[];
    // The element's data; on a server-rendered page whose script has not run, the data block it carries (the page answer).
    const carried = [...document.querySelectorAll('script[data-merchant-url]')].map((block) => JSON.parse(block.textContent!) as { menus?: Menus });
    const data = (menu as unknown as { data?: Menus }).data ?? carried.find((answer) => answer.menus)!.menus!;
    const dishes = [...root.querySelectorAll('[part~=item]')].filter(visible).map((item) => {
      const description = text(item.querySelector('.text > .note'));
      return {
        name: text(item.querySelector('.text > b')),
        pieces: [
          ...[...item.querySelectorAll('[part=price]')].map(text),
          ...[...item.querySelectorAll('.prices .note')].map(text),
          ...(description ? [description.split(' ').slice(-2).join(' ')] : []),
        ].filter(Boolean),
      };
    });
    return {
      expected: data.flatMap((m) => m.sections.flatMap((section) => section.items.map((item) => item.name.trim().replace(/\s+/g, ' ')))),
      menuNames: data.map((m) => m.name),
      headings: [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter(visible).map(text),
      dishes,
      controls: [...root.querySelectorAll('button, [role=tab], nav, .skeleton, input, select')].filter(visible).map((el) => el.outerHTML.slice(0, 80)),
      attributions: [...root.querySelectorAll('[part=attribution] img')].map((img) => ({
        shown: visible(img),
        loaded: (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      })),
    };
  });
}

/** The merchant elements that print nothing but show something on screen. */
function offPaperElements() {
  return [...document.querySelectorAll('merchant-actions, merchant-photos, merchant-nearby, merchant-essentials')]
    .filter((el) => el.checkVisibility())
    .map((el) => el.localName);
}

/** Prints the page to PDF, writes it and its pages as PNGs, and returns each page's text (pdftotext, layout kept). */
async function printToPdf(page: Page, name: string): Promise<string[]> {
  const file = path.join(OUT, `${name}.pdf`);
  for (const old of readdirSync(OUT)) if (old.startsWith(`${name}-`) && old.endsWith('.png')) rmSync(path.join(OUT, old));
  writeFileSync(file, await page.pdf({ format: 'A4', margin: { top: '12mm', bottom: '12mm', left: '12mm', right: '12mm' } }));
  execFileSync('pdftoppm', ['-png', '-r', '60', file, path.join(OUT, name)]);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 })
    .split('\f')
    .map((pageText) => pageText.replace(/\s+/g, ' '))
    .filter((pageText, i, pages) => i < pages.length - 1 || pageText.trim());
}

/** How many pixels of the first page of `pdf` (rasterized at 50 dpi) are yellow, as the system's Mark colour is. */
function markPixels(pdf: string): number {
  const ppm = execFileSync('pdftoppm', ['-r', '50', '-f', '1', '-l', '1', pdf], { maxBuffer: 64 << 20 });
  // Binary PPM: "P6\n<width> <height>\n255\n" then RGB bytes.
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 40).toString('latin1'))!;
  let count = 0;
  for (let i = header[0].length; i + 2 < ppm.length; i += 3) if (ppm[i]! > 200 && ppm[i + 1]! > 200 && ppm[i + 2]! < 100) count++;
  return count;
}

/**
 * Finds the dishes, in order, in the pages' text: each name after the previous dish's, and its pieces on the same
 * page between its name and the next dish's name (or the page's end). Returns what is wrong.
 */
function checkDishesOnPages(pages: string[], dishes: PrintedDish[]): string[] {
  const problems: string[] = [];
  let pageIndex = 0;
  let offset = 0;
  const found: { page: number; at: number }[] = [];
  for (const dish of dishes) {
    let at = -1;
    while (pageIndex < pages.length && (at = pages[pageIndex]!.indexOf(dish.name, offset)) < 0) {
      pageIndex++;
      offset = 0;
    }
    if (at < 0) {
      problems.push(`"${dish.name}" is not in the PDF (after the dish before it)`);
      return problems;
    }
    found.push({ page: pageIndex, at });
    offset = at + dish.name.length;
  }
  dishes.forEach((dish, i) => {
    const { page, at } = found[i]!;
    const next = found[i + 1];
    const end = next && next.page === page ? next.at : pages[page]!.length;
    const segment = pages[page]!.slice(at, end);
    for (const piece of dish.pieces) {
      if (!segment.includes(piece)) problems.push(`"${dish.name}" (page ${page + 1}): "${piece}" is not beside it on its page: split across pages?`);
    }
  });
  return problems;
}

describe('the printed page', () => {
  for (const file of ['index.html', 'cms.html', 'dark.html']) {
    test(`${file}: every menu's every dish once, in order and whole on one page; no control; the attribution on paper`, async () => {
      const page = await context.newPage();
      try {
        await page.goto(pageUrl(file), { waitUntil: 'domcontentloaded' });
        await settleAll(page);
        const name = file.replace(/\.html$/, '');
        assert.equal(
          await page.evaluate(() => document.querySelector('merchant-menu')!.shadowRoot!.querySelectorAll('.paper').length),
          0,
          'no print copy on screen',
        );
        const pages = await printToPdf(page, name);
        // What page.pdf printed, as the browser does: print media, after beforeprint (page.pdf sent it, then afterprint).
        await page.emulateMedia({ media: 'print' });
        await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
        const menus = await page.evaluate(printedMenus);
        const offPaper = await page.evaluate(offPaperElements);
        assert.ok(menus.length > 0, `${file} has no menu`);
        const failures: string[] = [];
        for (const [m, menu] of menus.entries()) {
          assert.ok(menu.expected.length > 0, `menu ${m} has no dishes`);
          // Every dish of every menu once (as many times as the data has it), in the data's order.
          const printedNames = menu.dishes.map((dish) => dish.name);
          if (JSON.stringify(printedNames) !== JSON.stringify(menu.expected))
            failures.push(
              `menu ${m} on paper: ${printedNames.length} dishes, the data has ${menu.expected.length}; missing: ${menu.expected.filter((n) => !printedNames.includes(n)).join(', ')}`,
            );
          const missingNames = menu.menuNames.filter((menuName) => !menu.headings.includes(menuName));
          if (missingNames.length) failures.push(`menu names not printed as headings: ${missingNames.join(', ')}`);
          if (menu.controls.length) failures.push(`controls on paper: ${menu.controls.join(' | ')}`);
          if (!menu.attributions.length || menu.attributions.some((a) => !a.shown || !a.loaded))
            failures.push(`attribution images on paper: ${JSON.stringify(menu.attributions)} (each shown and loaded)`);
          failures.push(...checkDishesOnPages(pages, menu.dishes));
        }
        const text = pages.join(' ');
        for (const dish of menus.flatMap((menu) => menu.dishes)) {
          const times = text.split(dish.name).length - 1;
          const expected = menus.flatMap((menu) => menu.expected).filter((n) => n === dish.name).length;
          if (times < expected) failures.push(`"${dish.name}" is printed ${times} times, the menus have it ${expected} times`);
        }
        if (offPaper.length) failures.push(`on paper, but nothing there a diner can use: ${offPaper.join(', ')}`);
        for (const word of ['Print menu', 'Try again', 'Open now', 'Closes soon', 'View on map', 'Not the whole menu'])
          if (text.includes(word)) failures.push(`"${word}" is printed`);
        assert.deepEqual(failures, [], `${file} printed (${pages.length} pages, ${OUT}/${name}.pdf):\n  ${failures.join('\n  ')}`);
      } finally {
        await page.close();
      }
    });
  }
});

/**
 * Each hours' and location's state, and its lines of text as print media shows them (what a diner prints them for),
 * without the words only for screen readers (`.visually-hidden`: "opens in a new tab", the price level in words).
 */
function printedFacts() {
  return [...document.querySelectorAll('merchant-hours, merchant-location')].map((el) => ({
    tag: el.localName,
    state: el.getAttribute('state'),
    lines: (() => {
      for (const hidden of el.shadowRoot?.querySelectorAll<HTMLElement>('.visually-hidden') ?? []) hidden.style.display = 'none';
      return (el.shadowRoot?.querySelector('[part~="base"]') as HTMLElement | null)?.innerText ?? '';
    })()
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter((line) => line.length > 2),
  }));
}

test('the showcase printed as it opens, nothing scrolled: the week and the address on paper', async () => {
  const page = await context.newPage();
  try {
    await page.goto(pageUrl('index.html'), { waitUntil: 'load' });
    // Every element but the lazy ones settled: what a diner who prints at once gets.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('*')]
        .filter((el) => el.localName.startsWith('merchant-') && el.localName !== 'merchant-provider' && !el.hasAttribute('lazy'))
        .every((el) => customElements.get(el.localName) && !['loading', null].includes(el.getAttribute('state'))),
    );
    const text = (await printToPdf(page, 'index-as-opened')).join(' ');
    await page.emulateMedia({ media: 'print' });
    const facts = await page.evaluate(printedFacts);
    assert.deepEqual(
      facts.map((fact) => [fact.tag, fact.state]),
      [
        ['merchant-hours', 'ready'],
        ['merchant-hours', 'ready'],
        ['merchant-location', 'ready'],
      ],
      'the compact hours, the week and the location, each ready without a scroll',
    );
    const missing = facts.flatMap((fact) => fact.lines.filter((line) => !text.includes(line)).map((line) => `${fact.tag}: "${line}"`));
    assert.ok(facts.every((fact) => fact.lines.length > 0));
    assert.deepEqual(missing, [], `not on paper (${OUT}/index-as-opened.pdf)`);
  } finally {
    await page.close();
  }
});

describe('a server-rendered page printed before its script runs (scripts off)', () => {
  for (const width of [375, 1280]) {
    test(`at ${width} px: every menu's every dish once, whole on one page; no control; the other menus not on screen`, async () => {
      // The showcase as a site's build step or its CMS puts it together from the render route (as the WordPress plugin
      // prints it), opened with JavaScript off: what a diner who prints before the script has run gets too.
      const config = (await (await fetch(new URL('/demo-api/config', serving.demoUrl))).json()) as { featured: { id: string } };
      const html = await serverRenderedShowcase(serving.demoUrl, serving.gatewayUrl, config.featured.id);
      const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
      try {
        const page = await noScript.newPage();
        const url = new URL('/server-rendered-showcase.html', serving.demoUrl).href;
        await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
        await page.goto(url, { waitUntil: 'load' });
        // The test's own functions run in the page (Playwright evaluates them with scripts off); tsx's __name shim,
        // an init script elsewhere, is set here.
        await page.evaluate('window.__name = (fn) => fn');
        assert.equal(await page.evaluate(() => !!customElements.get('merchant-menu')), false, 'no script ran');
        // On screen: the selected tab's menu only (the others are print-only).
        const onScreen = await page.evaluate(() =>
          [...document.querySelector('merchant-menu')!.shadowRoot!.querySelectorAll('h2, h3')]
            .filter((el) => el.checkVisibility())
            .map((el) => el.textContent!.trim()),
        );
        assert.ok(onScreen.includes('Lunch') && !onScreen.includes('Drinks'), `on screen: ${onScreen.join(', ')}`);
        const name = `server-rendered-no-script-${width}`;
        const pages = await printToPdf(page, name);
        await page.emulateMedia({ media: 'print' });
        const menus = await page.evaluate(printedMenus);
        assert.equal(menus.length, 1);
        const [menu] = menus;
        const failures: string[] = [];
        const printedNames = menu!.dishes.map((dish) => dish.name);
        if (JSON.stringify(printedNames) !== JSON.stringify(menu!.expected))
          failures.push(
            `on paper: ${printedNames.length} dishes, the data has ${menu!.expected.length}; missing: ${menu!.expected.filter((n) => !printedNames.includes(n)).join(', ')}`,
          );
        const missingNames = menu!.menuNames.filter((menuName) => !menu!.headings.includes(menuName));
        if (missingNames.length) failures.push(`menu names not printed as headings: ${missingNames.join(', ')}`);
        if (menu!.controls.length) failures.push(`controls on paper: ${menu!.controls.join(' | ')}`);
        failures.push(...checkDishesOnPages(pages, menu!.dishes));
        // Once on paper (above: the dishes printed are the data's, in order, none twice); in the PDF, at least as often
        // (a dish's name may be in another's description too).
        const text = pages.join(' ');
        for (const dish of menu!.expected) {
          const times = text.split(dish).length - 1;
          const expected = menu!.expected.filter((n) => n === dish).length;
          if (times < expected) failures.push(`"${dish}" is printed ${times} times, the menus have it ${expected} times`);
        }
        for (const word of ['Print menu', 'Search dishes', 'Show only dishes marked', 'Not the whole menu'])
          if (text.includes(word)) failures.push(`"${word}" is printed`);
        assert.deepEqual(failures, [], `server-rendered, scripts off, printed (${pages.length} pages, ${OUT}/${name}.pdf):\n  ${failures.join('\n  ')}`);
      } finally {
        await noScript.close();
      }
    });
  }
});

describe('printed with a filter and a search on', () => {
  test('index.html: what the diner sees, every menu filtered, under a line saying it is not the whole menu and what it holds', async () => {
    const page = await context.newPage();
    try {
      await page.goto(pageUrl('index.html'), { waitUntil: 'domcontentloaded' });
      await settleAll(page);
      await page.locator('merchant-menu [part=chip]', { hasText: /^Vegetarian$/ }).click();
      await page.locator('merchant-menu [part=search]').fill('a');
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const pages = await printToPdf(page, 'filtered');
      const text = pages.join(' ');
      await page.emulateMedia({ media: 'print' });
      await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
      const [menu] = await page.evaluate(printedMenus);
      const failures: string[] = [];
      // The line: first on paper, with the count of every menu's dishes and what was chosen.
      const line = /Not the whole menu: (\d+) of (\d+) dishes, as filtered\. Show only dishes marked: Vegetarian · Search dishes: a/.exec(text);
      if (!line) failures.push(`no line saying what the print holds in: ${text.slice(0, 300)}`);
      else {
        if (Number(line[1]) !== menu!.dishes.length) failures.push(`the line counts ${line[1]} dishes, ${menu!.dishes.length} print`);
        if (Number(line[2]) !== menu!.expected.length) failures.push(`the line says the menus have ${line[2]} dishes, the data ${menu!.expected.length}`);
        if (text.indexOf(line[0]) > text.indexOf(menu!.dishes[0]!.name)) failures.push('the line is not above the dishes');
      }
      // Filtered, not the whole menu: fewer dishes, each of them printed, in the data's order, every menu (Drinks too).
      if (!(menu!.dishes.length > 0 && menu!.dishes.length < menu!.expected.length))
        failures.push(`${menu!.dishes.length} of ${menu!.expected.length} dishes print`);
      const names = menu!.dishes.map((dish) => dish.name);
      if (JSON.stringify(names) !== JSON.stringify(menu!.expected.filter((name) => names.includes(name))))
        failures.push('the dishes are not in the data order');
      const left = menu!.expected.filter((name) => !names.includes(name) && !names.some((shown) => shown.includes(name) || name.includes(shown)));
      for (const name of left) if (text.includes(name)) failures.push(`"${name}", filtered out, is printed`);
      failures.push(...checkDishesOnPages(pages, menu!.dishes));
      if (!menu!.headings.includes('Drinks')) failures.push('the Drinks menu (a tab not selected) is not printed');
      // The search's marks are on paper too (printed without background graphics, as page.pdf and a browser's print
      // dialog do by default): the first page holds pixels in the Mark colour.
      const marked = markPixels(path.join(OUT, 'filtered.pdf'));
      if (marked < 50) failures.push(`${marked} pixels of the Mark colour on the first page: the search's marks are not printed`);
      assert.deepEqual(failures, [], `filtered print (${OUT}/filtered.pdf):\n  ${failures.join('\n  ')}`);
    } finally {
      await page.close();
    }
  });
});

describe("the menu's print control prints the menu alone", () => {
  for (const [i, v] of VIEWS.entries()) {
    const byMouse = i === VIEWS.length - 1;
    test(`${v.name}: ${byMouse ? 'a click' : 'Tab to it and Enter'}: only the menu while printing, the whole page after; axe clean`, async () => {
      const page = await context.newPage();
      try {
        // The print dialog is the browser's: recorded here instead, with what is marked when it would open.
        await page.addInitScript(() => {
          const w = window as unknown as { __printCalls: number; print: () => void };
          w.__printCalls = 0;
          w.print = () => void w.__printCalls++;
        });
        await view(page, v);
        await page.goto(pageUrl('index.html'), { waitUntil: 'domcontentloaded' });
        await settleAll(page);
        const violations = await axeViolations(page);
        assert.deepEqual(violations, [], `axe at ${v.name}:\n  ${violations.join('\n  ')}`);
        const sheetsBefore = await page.evaluate(() => document.adoptedStyleSheets.length);
        const button = page.locator('merchant-menu [part~=print]');
        assert.equal(await button.count(), 1, 'the menu has one print control');
        const box = (await button.boundingBox())!;
        assert.ok(box.height >= 44 && box.width >= 44, `the print control is a comfortable target (${box.width}×${box.height})`);
        if (byMouse) await button.click();
        else {
          assert.ok(await tabTo(page, 'print'), 'Tab reaches the print control');
          assert.equal((await focused(page))?.text, 'Print menu');
          await page.keyboard.press('Enter');
        }
        await page.waitForFunction(() => (window as unknown as { __printCalls: number }).__printCalls === 1, null, { timeout: 5_000 });

        const alone = (await printToPdf(page, `menu-alone-${v.width}-${v.scheme}`)).join(' ');
        for (const outside of ['Opening hours', 'Visit us', 'neighbourhood favourite', 'showcase'])
          assert.ok(!alone.includes(outside), `"${outside}" (outside the menu) prints with the menu alone`);
        for (const inside of ['Lunch', 'Burrata', 'Drinks', 'Espresso', 'Menu data'])
          assert.ok(alone.includes(inside), `"${inside}" is not in the menu printed alone`);

        await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
        const after = await page.evaluate(() => ({
          marked: document.querySelectorAll('[data-merchant-print]').length,
          sheets: document.adoptedStyleSheets.length,
        }));
        assert.deepEqual(after, { marked: 0, sheets: sheetsBefore }, 'after printing, the marks and the stylesheet are gone');
        const whole = (await printToPdf(page, `after-menu-alone-${v.width}-${v.scheme}`)).join(' ');
        for (const outside of ['Opening hours', 'Visit us', 'Burrata'])
          assert.ok(whole.includes(outside), `"${outside}" is missing from the whole page printed after`);
      } finally {
        await page.close();
      }
    });
  }
});
