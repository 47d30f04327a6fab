/**
 * The page's first Intl formatter, whichever it is, costs 130–220 ms of main thread on a phone (Lighthouse's 4× CPU):
 * V8 builds its set of available locales from ICU's data, once per renderer process (bench/intl-costs.ts; a formatter
 * of another kind then costs 10–40 ms more, the next ones of either kind under 5). Left to the elements, that cost lands
 * in the first ready render, after the data and the modules have arrived, and delays ready by all of it.
 *
 * Where the bundle's own requests leave the main thread waiting (a page with only the script tag: page → bundle →
 * {element modules, data}, a round trip with nothing to run), this makes, in that idle time, formatters the first
 * elements' ready views make whatever their data, through formats.ts's cache: the render then finds them made, and
 * the first-use cost is already paid for the kinds it makes with the data (the offers' currency, the clock's zone).
 *
 * When: after the next frame (never before the page's first paint) and in an idle callback (only when the main thread
 * has nothing else to run: on a page whose modules and data are already here, the elements' renders go first and make
 * the formatters themselves; the idle callback then finds them made and does nothing). Without requestIdleCallback
 * (Safari), a task after the frame.
 *
 * Off the main thread first, where the page allows it: most of a first formatter's cost is V8's and ICU's, made once
 * per renderer process for every thread in it, so a worker that makes one of each kind (formats-worker.js) takes it
 * off the main thread altogether; the formatters above, made afterwards, then cost under a millisecond each (and until
 * the worker is done, a formatter the main thread makes waits for it rather than doing the same work again). Measured
 * in Chromium under a 4× slower CPU: the page's first NumberFormat 100–210 ms, under 2 ms after the worker.
 */
import { markupLocale } from '../autoload.ts';
import { whenIdle } from './when-idle.ts';

/**
 * The TrustedScriptURL of the formats worker, which the bundle's copy of Lit's Trusted Types policy makes for that one
 * address as the bundle loads (scripts/rollup-lit-policy.mjs): on a page that enforces Trusted Types, a worker's
 * address must be one, and a page may allow no policy of ours.
 */
export const FORMATS_WORKER_URL = Symbol.for('merchant-elements.formats-worker');

/**
 * Starts the formats worker at `url` (the bundle's folder's formats-worker file) and posts it `locales`; true when it
 * started. Tried only where the browser can start it without refusing anything (a refusal is a console error on the
 * host's page): a worker comes from the page's own origin (a bundle from a CDN has none beside the page), and where
 * Trusted Types exist, only with the address the bundle's policy made (else the page may enforce them, and allow no
 * policy to make one). A page whose policy refuses workers from the bundle's origin (`worker-src`) logs that refusal
 * and nothing else changes: the formatters are made on the main thread as before (docs/distribution.md).
 */
export function startFormatsWorker(url: URL, locales: string[]): boolean {
  if (typeof Worker !== 'function' || url.origin !== location.origin) return false;
  const trusted = (globalThis as { [FORMATS_WORKER_URL]?: unknown })[FORMATS_WORKER_URL];
  if ('trustedTypes' in globalThis && String(trusted) !== url.href) return false;
  try {
    new Worker((trusted ?? url.href) as string, { name: 'merchant-elements formats' }).postMessage(locales);
    return true;
  } catch {
    return false;
  }
}

/** Each element's rule that makes its first formatter whatever its data, by tag (its folder's loader-hints.ts `firstFormats`). */
export type FirstFormats = ReadonlyMap<string, (locale: string) => unknown>;

/** The first of `root`'s elements of each tag with a rule in `firstFormats`. */
function firstElements(firstFormats: FirstFormats, root: ParentNode): Element[] {
  return (
    [...firstFormats.keys()]
      // A `lazy` element renders when scrolled to, after ready: what it will make is not the page's to make now.
      .map((tag) => root.querySelector(`${tag}:not([lazy])`))
      .filter((element) => element !== null)
  );
}

/**
 * The locales the formats worker is to warm: those of the first elements warmFormats would make formatters for; on a
 * page whose elements come later (the configurator's preview, an app's views), the page's own.
 */
export function firstLocales(firstFormats: FirstFormats, root: ParentNode = document): string[] {
  const first = firstElements(firstFormats, root);
  return [...new Set((first.length ? first : [document.documentElement]).map((element) => markupLocale(element)))];
}

/**
 * Makes, once the page has painted and the main thread is idle, the formatters the first of `root`'s elements with a
 * rule in `firstFormats` will make (one per kind of element, in the locale of its first element). Returns what cancels it.
 */
export function warmFormats(firstFormats: FirstFormats, root: ParentNode = document): () => void {
  const first = firstElements(firstFormats, root);
  if (!first.length) return () => {};
  let cancel = () => cancelAnimationFrame(frame);
  const frame = requestAnimationFrame(() => {
    cancel = whenIdle(() => {
      for (const element of first) {
        try {
          firstFormats.get(element.localName)!(markupLocale(element));
        } catch {
          // An invalid locale: the element explains it once it renders.
        }
      }
    });
  });
  return () => cancel();
}
