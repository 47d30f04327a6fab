/**
 * The one "ready" moment the page benches time (mobile, long-tasks, intl-costs, first-updates, showcase-ready,
 * ssr-showcase and what reuses them), as an init script that runs before the page's own: every `merchant-*` element of
 * the page but the provider and the `lazy` ones defined and settled (its `state` is `ready`, `empty` or `error`, or
 * only `ready` where a bench asks for that), its update complete, then layout forced, stamped `performance.now()` in
 * `window.__ready.at`, with how many elements and how many in `error`. A static copy (a page that loads no script
 * of the elements) is ready at DOMContentLoaded, layout forced; a page without such elements, where a bench allows
 * it, at its load event.
 *
 * Cheap on purpose, because it runs on the main thread it measures. The benches each had a copy that looked every
 * 10 ms at every element of the page (`querySelectorAll('*')`) while the page loaded, and Playwright asked every
 * 20 ms whether it was done; a static copy, ready at DOMContentLoaded, paid almost none of that, the page it was
 * compared with all of it. Side by side on the client-rendered showcase under the mobile profile (bench/
 * ready-signal-cost.ts, 21 rounds), this signal finds ready at 0.92× the old one's time (1,763 against 1,912 ms) with
 * 0.85× the busy main thread (1,492 against 1,763 ms); on the server-rendered showcase, 1.00× and 0.99×. This one
 * looks when something can have changed (DOMContentLoaded, load, each element's `merchant-load` and `merchant-error`)
 * and only at the elements' tags, reads the `state` property (set before those events, where the attribute is
 * reflected a microtask later), and polls every 250 ms only as a safety net; the bench waits for it with
 * `waitForReady`, one call the page answers when ready (Playwright's `waitForFunction` polls in the page, another
 * cost on the thread being timed).
 */
import type { Page } from 'playwright-core';
import { registeredElements } from '../scripts/elements.mjs';

/** The elements a page bench waits for: every registered element but the provider, which shows nothing of its own. */
export const READY_TAGS = registeredElements()
  .filter((name) => name !== 'provider')
  .map((name) => `merchant-${name}`);

export interface ReadySignalOptions {
  /** A page without any of the elements is ready at its load event (else it never is: a bench waits for elements). */
  withoutElements?: 'load';
  /** Only `ready` counts as settled (the takeover benches: an `empty` or `error` element is not a live one). */
  readyOnly?: boolean;
}

/** What the page holds once ready. */
export interface ReadyStamp {
  /** ms from navigation; null until ready. */
  at: number | null;
  /** The elements waited for. */
  count: number;
  /** Of them, in `error`. */
  errors: number;
}

/** The init script (see the file's comment); add it before any script of the bench's that reads `window.__ready`. */
export function readySignal({ withoutElements, readyOnly = false }: ReadySignalOptions = {}): string {
  return `(() => {
  let resolve;
  const t = (window.__ready = { at: null, count: 0, errors: 0, whenReady: new Promise((r) => (resolve = r)) });
  const tags = ${JSON.stringify(READY_TAGS.join(','))};
  const settled = ${JSON.stringify(readyOnly ? ['ready'] : ['ready', 'empty', 'error'])};
  const stamp = (count, errors) => {
    if (t.at !== null) return;
    void document.body.offsetHeight;
    t.at = performance.now();
    t.count = count;
    t.errors = errors;
    resolve();
  };
  const settle = () => {
    if (t.at !== null || document.readyState === 'loading') return;
    if (!document.querySelector('script[src*="merchant-elements"]')) return stamp(0, 0);
    const els = [...document.querySelectorAll(tags)].filter((e) => !e.hasAttribute('lazy'));
    if (els.length === 0) {
      ${withoutElements === 'load' ? "if (document.readyState === 'complete') stamp(0, 0);" : ''}
      return;
    }
    if (els.some((e) => !settled.includes(e.state))) return;
    Promise.all(els.map((e) => e.updateComplete)).then(() => stamp(els.length, els.filter((e) => e.state === 'error').length));
  };
  const soon = () => queueMicrotask(settle);
  addEventListener('DOMContentLoaded', settle);
  addEventListener('load', settle);
  addEventListener('merchant-load', soon, true);
  addEventListener('merchant-error', soon, true);
  const poll = setInterval(() => (t.at === null ? settle() : clearInterval(poll)), 250);
})();`;
}

/**
 * Waits for the page's ready stamp (`readySignal`), at most `timeout` ms; returns it. One call that the page answers
 * when ready, not a question asked again and again: Playwright's polling runs in the page, on the thread it times.
 */
export async function waitForReady(page: Page, timeout = 60_000): Promise<ReadyStamp & { at: number }> {
  return page.evaluate((ms) => {
    const ready = (window as unknown as { __ready: ReadyStamp & { whenReady: Promise<void> } }).__ready;
    const { at, count, errors } = ready;
    if (at !== null) return { at, count, errors };
    return new Promise<ReadyStamp & { at: number }>((resolve, reject) => {
      const late = setTimeout(() => reject(new Error(`not ready in ${ms} ms`)), ms);
      void ready.whenReady.then(() => {
        clearTimeout(late);
        resolve({ at: ready.at!, count: ready.count, errors: ready.errors });
      });
    });
  }, timeout);
}
