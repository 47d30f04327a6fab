/**
 * Checks the diner-facing end-to-end tests share (print, the photo viewer, the essentials row, visitors' errors):
 * waiting for every element on a page to settle (across shadow roots), axe-core's violations, the focused element
 * through shadow roots, and the four views every diner test runs in (375 and 1280 px, light and dark).
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServe, type Serving } from '../../src/cli/serve.ts';
import { launch } from './helpers.ts';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const AXE = readFileSync(path.join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** What `demoSession` holds for a test file: the demo served as `npm start` serves it, one Chromium, one context. */
export interface DemoSession {
  serving: Serving;
  browser: Browser;
  context: BrowserContext;
}

/**
 * Registers the test file's `before` and `after`: the built bundle checked, the demo served on a free port (sandbox,
 * gateway, demo pages), one Chromium and one 1280 px context (light unless `colorScheme`), each init script added,
 * and `out` made for screenshots or PDFs. The returned object is filled in by the time the tests run.
 */
export function demoSession(
  options: {
    out?: string;
    colorScheme?: 'light' | 'dark';
    initScripts?: Parameters<BrowserContext['addInitScript']>[0][];
    /** More of the file's setup, once the session is up (node:test does not wait for one root `before` to end before the next). */
    then?: (session: DemoSession) => Promise<void>;
  } = {},
): DemoSession {
  const session = {} as DemoSession;
  before(async () => {
    assert.ok(existsSync(path.join(root, 'dist/merchant-elements.js')), 'dist/merchant-elements.js is missing: run `npm run build`');
    session.serving = await startServe({ port: 0, logLevel: 'silent' });
    session.browser = await launch();
    session.context = await session.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: options.colorScheme ?? 'light' });
    // tsx (esbuild, keepNames) wraps named inner functions of the callbacks we send into pages in __name().
    await session.context.addInitScript('window.__name = (fn) => fn;');
    for (const script of options.initScripts ?? []) await session.context.addInitScript(script);
    if (options.out) mkdirSync(options.out, { recursive: true });
    await options.then?.(session);
  });
  after(async () => {
    await session.context?.close().catch(() => {});
    await session.browser?.close().catch(() => {});
    await session.serving?.close();
  });
  return session;
}

/** Phone and desktop, light and dark. */
export const VIEWS = [375, 1280].flatMap((width) => (['light', 'dark'] as const).map((scheme) => ({ width, scheme, name: `${width} px, ${scheme}` })));

/** Sets the viewport and colour scheme of `page`. */
export async function view(page: Page, { width, scheme }: { width: number; scheme: 'light' | 'dark' }): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.emulateMedia({ colorScheme: scheme });
}

/** Waits (bounded) until every merchant-* element with a state, across shadow roots, has left `loading`; scrolls lazy ones into view. */
export async function settleAll(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  for (const el of await page.locator('[lazy][state]').all()) await el.scrollIntoViewIfNeeded().catch(() => {});
  await page.waitForFunction(
    () => {
      const states: (string | null)[] = [];
      const visit = (node: Document | ShadowRoot) => {
        for (const el of node.querySelectorAll('*')) {
          if (el.localName.startsWith('merchant-') && el.localName !== 'merchant-provider')
            states.push(customElements.get(el.localName) ? el.getAttribute('state') : null);
          if (el.shadowRoot) visit(el.shadowRoot);
        }
      };
      visit(document);
      return states.length > 0 && states.every((state) => state && state !== 'loading');
    },
    null,
    { timeout: 20_000 },
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle').catch(() => {});
}

/** axe-core's violations on the page, one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; help: string; nodes: { target: unknown[] }[] }[] };
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<Result> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')})`);
  });
}

/** The focused element through shadow roots: its tag, part and text. */
export async function focused(page: Page): Promise<{ tag: string; part: string | null; text: string } | null> {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el || el === document.body) return null;
    return { tag: el.localName, part: el.getAttribute('part'), text: (el.textContent ?? '').trim().replace(/\s+/g, ' ') };
  });
}

/** Presses Tab until the focus is on `part` (inside any shadow root), at most `limit` times; true if it got there. */
export async function tabTo(page: Page, part: string, limit = 80): Promise<boolean> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if ((await focused(page))?.part?.split(' ').includes(part)) return true;
  }
  return false;
}
