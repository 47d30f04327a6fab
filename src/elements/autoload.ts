/**
 * The script-tag bundle's loader: the bundle holds what every element shares (Lit, @lit/task, @lit/context, the base
 * element, the request cache, the takeover), and each element is a module of its own (its class, styles and strings),
 * imported when the page holds its tag: the tags in the document when the bundle runs, and those added later (a
 * MutationObserver), as Shoelace's autoloader does. A page with only `<merchant-hours>` loads the bundle and the hours'
 * module; a page with every element loads every module, in parallel.
 *
 * No round trip more before the data: as it finds a tag, the loader also starts what the element will ask for first,
 * so page → script → {element module, data, language} rather than page → script → element module → data.
 * - the data the element will ask for first (through the page's request cache, which the element then reads:
 *   src/client/request.ts `prefetch`), for an element whose endpoint and location id it can read from the markup (the
 *   element's attributes, its `<merchant-provider>`'s, the page defaults): the location's page data (one request per
 *   location), or what the element's folder's `loader-hints.ts` names (a short menu's menus; none for the nearby list);
 * - the on-demand modules its folder's `loader-hints.ts` names beside that data (a full menu's navigation and diner
 *   tools: an `import()` settles a task later, so the menu finds them settled rather than waiting a frame for them);
 * - the UI language's strings, when it is not English.
 * A `lazy` element waits for the viewport as before: the loader asks for its module, not its data. A server-rendered
 * `lazy` one (its content already on the page, in its declarative shadow root) waits for it whole: its module is
 * asked for as it comes near the viewport, so a page's content far below costs nothing on the page's way to live.
 */
import { pageUrl } from '../client/api.ts';
import { prefetch } from '../client/request.ts';
import { prefersCombined } from '../contract/element-files.ts';
import { pageDefault, resolveConnection } from './shared/config.ts';
import { loadLanguage } from './shared/i18n.ts';
import { closestComposed, resolveLocale } from './shared/locale.ts';

/**
 * What an element's folder tells the loader (its `loader-hints.ts`): the URL of the data it will ask for first, from
 * its markup and connection (null when the loader cannot know; without the rule, its location's page data), and the
 * on-demand modules to start beside that data.
 */
export interface LoaderHints {
  firstData?: (element: Element, endpoint: string, locationId: string) => string | null;
  firstModules?: (element: Element) => void;
  /** Makes the formatter its ready view makes first whatever its data, in `locale` (shared/warm-formats.ts). */
  firstFormats?: (locale: string) => unknown;
}
/** An element's tag, the function that imports (and so registers) its module, its file's size as served, and its hints. */
export type OnDemandElement = readonly [
  tag: string,
  load: () => Promise<unknown>,
  size: number | undefined,
  firstData?: LoaderHints['firstData'],
  firstModules?: LoaderHints['firstModules'],
  firstFormats?: LoaderHints['firstFormats'],
];
/** The file holding every element's registration, and its size as served. */
export type CombinedElements = readonly [load: () => Promise<unknown>, size: number | undefined];

/** The `<merchant-provider>` around an element (none for a provider itself). */
const enclosingProvider = (element: Element): Element | null =>
  element.localName === 'merchant-provider' ? null : closestComposed(element, 'merchant-provider');

/** An element's locale as MerchantElement resolves it (its own, its provider's, the page default, the nearest `lang`), from the markup. */
export const markupLocale = (element: Element): string =>
  resolveLocale(element, element.getAttribute('locale'), enclosingProvider(element)?.getAttribute('locale'), pageDefault('locale'));

/** Starts the data, the modules and the language an element found in the markup will ask for, before its module arrives. */
function startLoading(
  element: Element,
  { firstData = (_element, endpoint, locationId) => pageUrl(endpoint, locationId), firstModules }: LoaderHints = {},
): void {
  const provider = enclosingProvider(element);
  const attributes = (from: Element | null) => from && { endpoint: from.getAttribute('endpoint'), locationId: from.getAttribute('location-id') };
  void loadLanguage(markupLocale(element));
  if (element.hasAttribute('lazy')) return;
  try {
    const { endpoint, locationId } = resolveConnection(attributes(element)!, attributes(provider) ?? undefined);
    const url = firstData(element, endpoint, locationId!);
    if (url) prefetch(url);
    firstModules?.(element);
  } catch {
    // Not set, or not valid: the element explains it once it is defined.
  }
}

/** A server-rendered `lazy` element: its content is on the page already, and it needs its module only near the viewport. */
const waitsForViewport = (element: Element): boolean => element.hasAttribute('lazy') && element.shadowRoot !== null;

/** Calls `then(element)` once each element comes within MerchantElement's `lazy` margin of the viewport. */
function whenNear(then: (element: Element) => void): (element: Element) => void {
  let observer: IntersectionObserver | undefined;
  return (element) => {
    observer ??= new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer!.unobserve(entry.target);
          then(entry.target);
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
  };
}

/**
 * Imports each element's module when its tag is in the document, now or later. When the tags in the document as the
 * bundle runs would cost more apart than the file holding every element (src/contract/element-files.ts decides), that
 * file is imported instead, once; elements added later load as before (a define already done is skipped).
 */
export function autoload(elements: readonly OnDemandElement[], combined: CombinedElements | null = null): void {
  const waiting = new Map(elements.map(([tag, load]) => [tag, load]));
  const hints = new Map(elements.map(([tag, , , firstData, firstModules]): [string, LoaderHints] => [tag, { firstData, firstModules }]));
  if (combined) {
    const sizes = { elements: Object.fromEntries(elements.map(([tag, , size]) => [tag, size ?? 0])), combined: combined[1] ?? 0 };
    const present = elements.filter(([tag]) => [...document.querySelectorAll(tag)].some((element) => !waitsForViewport(element))).map(([tag]) => tag);
    // The combined file, once (a module is imported once per URL), for each element present now; as with an
    // element's own file, one that could not be loaded is asked for again by a later tag.
    if (prefersCombined(present, sizes)) for (const tag of present) waiting.set(tag, combined[0]);
  }
  const started = new WeakSet<Element>();
  const selector = elements.map(([tag]) => tag).join();
  const start = (element: Element) => {
    if (customElements.get(element.localName)) return;
    startLoading(element, hints.get(element.localName));
    const load = waiting.get(element.localName);
    waiting.delete(element.localName);
    // A module that could not be loaded leaves its tags as unknown elements; the page goes on (a later tag retries).
    load?.().catch(() => waiting.set(element.localName, load));
  };
  const startWhenNear = whenNear(start);
  const discover = (root: Element | Document) => {
    const found = [...root.querySelectorAll(selector)];
    if (root instanceof Element && root.matches(selector)) found.unshift(root);
    for (const element of found) {
      if (customElements.get(element.localName) || started.has(element)) continue;
      started.add(element);
      if (waitsForViewport(element)) startWhenNear(element);
      else start(element);
    }
  };
  discover(document);
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) discover(node);
    // Every module loaded (or on its way): the elements added from now on are defined as they are added.
    if (!waiting.size) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}
