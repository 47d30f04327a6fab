/**
 * End to end: the `npm start` server (sandbox + gateway + demo, in this process, on free loopback ports)
 * driven by Debian's Chromium through playwright-core. For every demo page:
 * - it loads with no console error, no page error, no failed request and no HTTP error, and every element
 *   settles (none stays `loading`, none ends in `error`), under the demo's strict CSP and Trusted Types;
 * - axe-core reports no violation, in the light and the dark colour scheme;
 * - cumulative layout shift (PerformanceObserver `layout-shift`, buffered) is 0;
 * - screenshots, light and dark, 375 and 1280 px wide, go to test-results/screenshots/ (printed); so do the photo
 *   lightbox open on the showcase (light) and the dark page (dark), at both widths.
 * Keyboard paths on the showcase: menu tabs (arrow keys move the selection and focus), the menu's section bar, the photo
 * lightbox (Enter opens, ArrowRight moves, Escape closes, focus returns), call-to-action links reachable
 * with Tab. One browser for the whole file; no timing is asserted.
 *
 *   node --import tsx --test test/e2e/demo-pages.test.ts        (needs `npm run build`: dist/merchant-elements.js)
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { demoSession } from './page-checks.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SCREENSHOTS = path.join(root, 'test-results/screenshots');
const AXE = readFileSync(path.join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** Every page of the demo (demo/*.html), the showcase first. */
const PAGES = existsSync(path.join(root, 'demo'))
  ? [
      'index.html',
      ...readdirSync(path.join(root, 'demo'))
        .filter((f) => f.endsWith('.html') && f !== 'index.html')
        .sort(),
    ]
  : [];

/** Installed before any page script: layout shifts and element settle times, read by the tests. */
const INIT = () => {
  const w = window as unknown as { __cls: number; __shifts: unknown[] };
  w.__cls = 0;
  w.__shifts = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        w.__shifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          sources: (entry.sources ?? []).map((s) =>
            s.node instanceof Element
              ? `${s.node.tagName.toLowerCase()}${s.node.id ? '#' + s.node.id : ''}.${[...s.node.classList].join('.')}`
              : String(s.node?.nodeName),
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  } catch {
    // A browser without layout-shift entries: no shifts recorded.
  }
};

interface Problems {
  console: string[];
  failed: string[];
}

function watch(page: Page): Problems {
  const problems: Problems = { console: [], failed: [] };
  page.on('console', (m) => {
    if (m.type() === 'error') problems.console.push(`console.error: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.console.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    // A navigation away aborts pending requests: not a failure of the page.
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.failed.push(`${r.method()} ${r.url()}: ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.failed.push(`${r.request().method()} ${r.url()}: HTTP ${r.status()}`);
  });
  return problems;
}

/** Every merchant-* element with a state, across shadow roots, with its state. */
async function elementStates(page: Page): Promise<{ tag: string; state: string | null; lazy: boolean }[]> {
  return page.evaluate(() => {
    const out: { tag: string; state: string | null; lazy: boolean }[] = [];
    const visit = (node: Document | ShadowRoot) => {
      for (const el of node.querySelectorAll('*')) {
        if (el.tagName.startsWith('MERCHANT-') && el.hasAttribute('state'))
          out.push({ tag: el.tagName.toLowerCase(), state: el.getAttribute('state'), lazy: el.hasAttribute('lazy') });
        if (el.shadowRoot) visit(el.shadowRoot);
      }
    };
    visit(document);
    return out;
  });
}

/**
 * In the page: elements whose height once ready is more than the page reserves for them while loading
 * (`min-height`, from --merchant-<name>-min-height in the page's stylesheet). Such an element grows as it becomes
 * ready and moves what follows it: a layout shift whenever what follows is in view then, which depends on timing
 * (a slow machine's scroll, a late answer), so the figures are checked here instead of waited for as a shift.
 * Lifts the minimum (through the CSSOM: the pages forbid inline style attributes) to measure, then restores it.
 */
function heightsOverReserved(): string[] {
  const over: string[] = [];
  for (const el of document.querySelectorAll<HTMLElement>(
    'merchant-actions, merchant-hours, merchant-menu, merchant-photos, merchant-location, merchant-nearby',
  )) {
    const reserved = parseFloat(getComputedStyle(el).minHeight) || 0;
    if (reserved === 0) continue;
    el.style.setProperty('min-height', '0', 'important');
    el.style.setProperty(`--${el.localName}-min-height`, '0px');
    const height = el.getBoundingClientRect().height;
    el.style.removeProperty('min-height');
    el.style.removeProperty(`--${el.localName}-min-height`);
    if (height > reserved + 0.5)
      over.push(`${el.localName}${el.id ? '#' + el.id : ''} at ${window.innerWidth} px: ${Math.ceil(height)} px ready, ${reserved} px reserved`);
  }
  return over;
}

/** Waits until no element is `loading` (bounded), scrolling through the page so lazy elements load too. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  // Scroll down in steps (lazy elements load near the viewport), then back to the top.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = await page.evaluate(() => window.innerHeight);
  for (let y = 0; y < height && y < 40_000; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  // Bounded: an element still loading after 20 s is reported by the caller's state check, not thrown here.
  await page
    .waitForFunction(
      () => {
        const pending: Element[] = [];
        const visit = (node: Document | ShadowRoot) => {
          for (const el of node.querySelectorAll('[state]')) if (el.tagName.startsWith('MERCHANT-') && el.getAttribute('state') === 'loading') pending.push(el);
          for (const el of node.querySelectorAll('*')) if (el.shadowRoot) visit(el.shadowRoot);
        };
        visit(document);
        return pending.length === 0;
      },
      null,
      { timeout: 20_000 },
    )
    .catch(() => {});
  // Lazy elements: bring each into view and wait (bounded) until it has left `loading`.
  const lazy = page.locator('[lazy][state]');
  for (let i = 0; i < (await lazy.count()); i++) {
    const el = lazy.nth(i);
    await el.scrollIntoViewIfNeeded().catch(() => {});
    await el.evaluate(
      (e) =>
        new Promise<void>((resolve) => {
          const done = () => e.getAttribute('state') !== 'loading';
          if (done()) return resolve();
          const obs = new MutationObserver(() => done() && (obs.disconnect(), resolve()));
          obs.observe(e, { attributes: true, attributeFilter: ['state'] });
          setTimeout(() => (obs.disconnect(), resolve()), 10_000);
        }),
    );
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  // Images the elements render (photos) finish loading before anything is judged.
  await page.waitForLoadState('networkidle').catch(() => {});
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map(
      (v) =>
        `${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`.replace(/\s+/g, ' '))
          .join(' | ')}`,
    );
  });
  return violations;
}

/** The focused element, through shadow roots: `tag[part]` text. */
async function deepFocus(
  page: Page,
): Promise<{ tag: string; part: string | null; role: string | null; text: string; host: string | null; href: string | null } | null> {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    let host: Element | null = null;
    while (el?.shadowRoot?.activeElement) {
      host = el;
      el = el.shadowRoot.activeElement;
    }
    if (!el || el === document.body) return null;
    return {
      tag: el.tagName.toLowerCase(),
      part: el.getAttribute('part'),
      role: el.getAttribute('role'),
      text: (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 80),
      host: host ? host.tagName.toLowerCase() : null,
      href: el.getAttribute('href'),
    };
  });
}

/**
 * In the page: words of the menus' dish names and descriptions that a line break splits in the middle (a word whose
 * text spans more than one line box), as the narrow column beside a photo and the prices did to "Marinara".
 */
function brokenMenuWords(): string[] {
  const broken: string[] = [];
  for (const menu of document.querySelectorAll('merchant-menu')) {
    for (const text of menu.shadowRoot?.querySelectorAll('[part=item] .text > b, [part=item] .text > .note') ?? []) {
      for (const node of text.childNodes) {
        if (!(node instanceof Text)) continue;
        for (const match of node.data.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (tops.size > 1) broken.push(match[0]);
        }
      }
    }
  }
  return broken;
}

const demo = demoSession({ out: SCREENSHOTS, initScripts: [INIT] });

before(() => console.log(`# screenshots: ${SCREENSHOTS}`));

const pageUrl = (file: string) => new URL(file === 'index.html' ? '/' : `/${file}`, demo.serving.demoUrl).href;

describe('every demo page', () => {
  test('the demo has its pages', () => {
    assert.ok(PAGES[0] === 'index.html' && PAGES.length >= 2, `demo pages found: ${PAGES.join(', ') || 'none'}`);
  });

  for (const file of PAGES) {
    test(`${file}: loads with no error or failed request, every element settles, no axe violation, no layout shift`, async (t) => {
      const page = await demo.context.newPage();
      try {
        const problems = watch(page);
        await page.emulateMedia({ colorScheme: 'light' });
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto(pageUrl(file), { waitUntil: 'domcontentloaded' });
        await settle(page);

        // Every check runs and every failure is reported together.
        const failures: string[] = [];
        const states = await elementStates(page);
        const broken = states.filter((s) => s.state === 'error' || s.state === 'loading');
        if (broken.length) failures.push(`elements not ready: ${JSON.stringify(broken)}`);

        const { cls, shifts } = await page.evaluate(() => {
          const w = window as unknown as { __cls: number; __shifts: unknown[] };
          return { cls: w.__cls, shifts: w.__shifts };
        });
        if (cls !== 0) failures.push(`cumulative layout shift ${cls}: ${JSON.stringify(shifts)}`);

        const light = await axeViolations(page);
        await page.emulateMedia({ colorScheme: 'dark' });
        const dark = await axeViolations(page);
        if (light.length) failures.push(`axe (light): ${light.join('\n    ')}`);
        if (dark.length) failures.push(`axe (dark): ${dark.join('\n    ')}`);

        // Screenshots: light and dark at 375 and 1280 px.
        const name = file.replace(/\.html$/, '');
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          for (const width of [375, 1280]) {
            await page.setViewportSize({ width, height: 900 });
            await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
            if (scheme === 'light') {
              const over = await page.evaluate(heightsOverReserved);
              if (over.length)
                failures.push(`taller than reserved (re-measure: node --import tsx scripts/measure-reserved-heights.ts ${file}):\n    ${over.join('\n    ')}`);
            }
            if (width === 375 && scheme === 'light') {
              const broken = await page.evaluate(brokenMenuWords);
              if (broken.length) failures.push(`menu words broken in the middle at 375 px: ${broken.join(', ')}`);
            }
            const shot = path.join(SCREENSHOTS, `${name}-${scheme}-${width}.png`);
            await page.screenshot({ path: shot, fullPage: true });
            if (!existsSync(shot)) failures.push(`no screenshot ${shot}`);
          }
        }

        failures.push(...problems.console, ...problems.failed);
        assert.deepEqual(failures, [], `${file}:\n  ${failures.join('\n  ')}`);
        t.diagnostic(`${file}: ${states.length} elements (${states.map((s) => `${s.tag}=${s.state}`).join(', ')})`);
      } finally {
        await page.close();
      }
    });
  }
});

describe('the photo lightbox, open', () => {
  // Viewport screenshots (the dialog is in the top layer): the showcase in the light scheme, the dark page in the dark.
  for (const [file, scheme] of [
    ['index.html', 'light'],
    ['dark.html', 'dark'],
  ] as const) {
    test(`${file} (${scheme}): screenshots at 375 and 1280 px with the lightbox open`, async () => {
      const page = await demo.context.newPage();
      try {
        await page.emulateMedia({ colorScheme: scheme });
        for (const width of [375, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(pageUrl(file), { waitUntil: 'domcontentloaded' });
          await settle(page);
          await page.locator('merchant-photos [part="thumbnail"]').nth(1).click();
          const image = page.locator('merchant-photos dialog[open] [part="lightbox-image"]');
          await image.waitFor({ state: 'visible', timeout: 5_000 });
          await image.evaluate((img: HTMLImageElement) => img.decode().catch(() => {}));
          const shot = path.join(SCREENSHOTS, `lightbox-${file.replace(/\.html$/, '')}-${scheme}-${width}.png`);
          await page.screenshot({ path: shot });
          assert.ok(existsSync(shot), `no screenshot ${shot}`);
        }
      } finally {
        await page.close();
      }
    });
  }
});

describe('keyboard paths on the showcase', () => {
  let page: Page;
  let problems: Problems;

  before(async () => {
    page = await demo.context.newPage();
    problems = watch(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(pageUrl('index.html'), { waitUntil: 'domcontentloaded' });
    await settle(page);
  });
  after(async () => {
    await page?.close();
  });

  test('menu tabs: arrow keys move the selection and the focus, Home and End jump', async () => {
    const tabs = page.locator('merchant-menu [role="tab"]');
    const count = await tabs.count();
    assert.ok(count >= 2, `the showcase's merchant-menu shows ${count} tabs; the keyboard path needs at least 2 menus`);
    const selected = async () => {
      const values = await tabs.evaluateAll((els) => els.map((e) => e.getAttribute('aria-selected')));
      return values.indexOf('true');
    };
    const focusedTab = async () => ((await deepFocus(page))?.role === 'tab' ? (await deepFocus(page))!.text : null);

    await tabs.nth(await selected()).focus();
    const start = await selected();
    await page.keyboard.press('ArrowRight');
    assert.equal(await selected(), (start + 1) % count, 'ArrowRight selects the next tab');
    // Focus moves once the element has re-rendered: wait for it (bounded), then check.
    const expected = (await tabs.nth((start + 1) % count).textContent())?.trim().replace(/\s+/g, ' ');
    for (let i = 0; i < 40 && (await focusedTab()) !== expected; i++) await page.waitForTimeout(25);
    assert.equal(await focusedTab(), expected, 'focus follows the selection');
    // One panel, showing and labelled by the selected tab.
    const panels = await page.locator('merchant-menu [role="tabpanel"]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-labelledby')));
    assert.equal(panels.length, 1, 'one tab panel');
    const selectedId = await tabs.nth((start + 1) % count).getAttribute('id');
    assert.equal(panels[0], selectedId, 'the panel is labelled by the selected tab');

    await page.keyboard.press('ArrowLeft');
    assert.equal(await selected(), start, 'ArrowLeft goes back');
    await page.keyboard.press('End');
    assert.equal(await selected(), count - 1, 'End selects the last tab');
    await page.keyboard.press('Home');
    assert.equal(await selected(), 0, 'Home selects the first tab');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await selected(), count - 1, 'ArrowLeft on the first tab wraps to the last');
  });

  test('photo lightbox: Enter opens, ArrowRight moves, Escape closes, focus returns to the photo', async () => {
    const opener = page.locator('merchant-photos button').first();
    assert.ok((await opener.count()) > 0, 'the showcase has photos to open (merchant-photos buttons)');
    await opener.focus();
    await opener.evaluate((el) => el.setAttribute('data-e2e-opener', ''));
    await page.keyboard.press('Enter');

    const dialog = page.locator('merchant-photos dialog[open], merchant-photos [role="dialog"]:visible').first();
    await dialog.waitFor({ state: 'visible', timeout: 5_000 });
    const shown = () => dialog.locator('img').first().getAttribute('src');
    const first = await shown();
    assert.ok(first, 'the lightbox shows an image');
    const focusInside = await dialog.evaluate((d) => {
      const root = d.getRootNode() as ShadowRoot;
      return !!root.activeElement && d.contains(root.activeElement);
    });
    assert.ok(focusInside, 'focus moves into the lightbox');

    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      ([before]) => {
        const host = document.querySelector('merchant-photos');
        const d = host?.shadowRoot?.querySelector('dialog[open], [role="dialog"]');
        return d?.querySelector('img')?.getAttribute('src') !== before;
      },
      [first],
      { timeout: 5_000 },
    );
    assert.notEqual(await shown(), first, 'ArrowRight shows the next photo');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', timeout: 5_000 });
    const back = await page.evaluate(() => {
      const host = document.querySelector('merchant-photos');
      const active = host?.shadowRoot?.activeElement;
      return document.activeElement === host && !!active?.hasAttribute('data-e2e-opener');
    });
    assert.ok(back, 'focus returns to the photo that opened the lightbox');
  });

  test('menu section bar: Enter on a link scrolls its section into view and moves the focus to its heading', async () => {
    const links = page.locator('merchant-menu nav[part="section-bar"] a');
    const count = await links.count();
    assert.ok(count >= 4, `the showcase's long menu has a section bar (${count} links)`);
    const last = links.nth(count - 1);
    const name = (await last.textContent())?.trim();
    await last.focus();
    await page.keyboard.press('Enter');
    const focused = async () => deepFocus(page);
    for (let i = 0; i < 40 && (await focused())?.text !== name; i++) await page.waitForTimeout(25);
    assert.equal((await focused())?.text, name, 'the focus is on the section heading');
    await page.waitForFunction(
      () => {
        const heading = document.querySelector('merchant-menu')!.shadowRoot!.activeElement!;
        const top = heading.getBoundingClientRect().top;
        // At the top of the viewport (less than a pixel above it: layout positions are fractional).
        return top > -1 && top < innerHeight / 2;
      },
      undefined,
      { timeout: 5_000 },
    );
    await page.evaluate(() => scrollTo(0, 0));
  });

  test('every call-to-action link is reachable with Tab, in document order', async () => {
    const ctas = await page.evaluate(() => {
      const out: string[] = [];
      const visit = (node: Document | ShadowRoot) => {
        for (const el of node.querySelectorAll('*')) {
          if (el.shadowRoot) {
            if (el.tagName.startsWith('MERCHANT-')) {
              for (const a of el.shadowRoot.querySelectorAll('a[part~="button"]')) {
                const r = (a as HTMLElement).getBoundingClientRect();
                if (r.width > 0 && r.height > 0) out.push(`${el.tagName.toLowerCase()} ${a.getAttribute('href')}`);
              }
            }
            visit(el.shadowRoot);
          }
        }
      };
      visit(document);
      return out;
    });
    assert.ok(ctas.length > 0, 'the showcase shows call-to-action links');

    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    const reached = new Set<string>();
    const order: string[] = [];
    // Bounded: at most 400 Tab presses, stopping when every CTA was reached or focus wraps to the start.
    for (let i = 0; i < 400 && reached.size < new Set(ctas).size; i++) {
      await page.keyboard.press('Tab');
      const f = await deepFocus(page);
      if (!f) continue;
      if (f.host && f.part?.split(/\s+/).includes('button') && f.tag === 'a') {
        const key = `${f.host} ${f.href}`;
        if (!reached.has(key)) order.push(key);
        reached.add(key);
      }
    }
    const missing = [...new Set(ctas)].filter((c) => !reached.has(c));
    assert.deepEqual(missing, [], `CTA links never focused with Tab (reached: ${order.join(', ')})`);
    // Keyboard activation: the focused CTA is a real link (Enter follows it), never a div with a click handler.
    const f = await deepFocus(page);
    assert.equal(f?.tag, 'a');
    assert.ok(f?.href && /^https?:/.test(f.href), `the CTA has an http(s) href: ${f?.href}`);
  });

  test('no console error or failed request along the keyboard paths', () => {
    assert.deepEqual(problems, { console: [], failed: [] });
  });
});
