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
 * When: in a task of its own after the next frame (never before the page's first paint). Where the main thread waits
 * for the network, that task runs in the wait. Where it does not (a page whose modules and data arrive with the
 * bundle), it runs before the elements' first renders, which then make their formatters in under a millisecond: the
 * same work, but that first-use cost (one piece, which nothing splits) no longer lengthens an element's render task,
 * and a task under 50 ms blocks nothing (Lighthouse's total blocking time counts each task's time over 50 ms). An idle
 * callback did not run there at all before the renders: the first render paid the cost inside its own task.
 */
import { markupLocale } from '../autoload.ts';

/** Each element's rule that makes its first formatter whatever its data, by tag (its folder's loader-hints.ts `firstFormats`). */
export type FirstFormats = ReadonlyMap<string, (locale: string) => unknown>;

/**
 * Makes, in a task after the next frame, the formatters the first of `root`'s elements with a rule in `firstFormats`
 * will make (one per kind of element, in the locale of its first element). Returns what cancels it.
 */
export function warmFormats(firstFormats: FirstFormats, root: ParentNode = document): () => void {
  const first = [...firstFormats.keys()]
    // A `lazy` element renders when scrolled to, after ready: what it will make is not the page's to make now.
    .map((tag) => root.querySelector(`${tag}:not([lazy])`))
    .filter((element) => element !== null);
  if (!first.length) return () => {};
  let cancel = () => cancelAnimationFrame(frame);
  const frame = requestAnimationFrame(() => {
    const task = setTimeout(() => {
      for (const element of first) {
        try {
          firstFormats.get(element.localName)!(markupLocale(element));
        } catch {
          // An invalid locale: the element explains it once it renders.
        }
      }
    });
    cancel = () => clearTimeout(task);
  });
  return () => cancel();
}
