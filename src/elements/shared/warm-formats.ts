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
 */
import { markupLocale } from '../autoload.ts';
import { whenIdle } from './when-idle.ts';

/** Each element's rule that makes its first formatter whatever its data, by tag (its folder's loader-hints.ts `firstFormats`). */
export type FirstFormats = ReadonlyMap<string, (locale: string) => unknown>;

/**
 * Makes, once the page has painted and the main thread is idle, the formatters the first of `root`'s elements with a
 * rule in `firstFormats` will make (one per kind of element, in the locale of its first element). Returns what cancels it.
 */
export function warmFormats(firstFormats: FirstFormats, root: ParentNode = document): () => void {
  const first = [...firstFormats.keys()]
    // A `lazy` element renders when scrolled to, after ready: what it will make is not the page's to make now.
    .map((tag) => root.querySelector(`${tag}:not([lazy])`))
    .filter((element) => element !== null);
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
