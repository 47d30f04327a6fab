/**
 * The combined page request's URL, and the hint that lets a page start it with the script rather than after it
 * (issue 29 part 2). Shared by the browser's loader (src/client/api.ts), which asks for this URL, and by whatever
 * writes a page that will ask for it (the demo server, the configurator's snippet, the render route's composer), so
 * the hint names exactly the URL the elements request.
 *
 * The hint: `<link rel="preload" as="fetch" crossorigin href="…">`. Chromium hands a preloaded response to a later
 * `fetch()` only for the same URL, the same mode (cors) and the same credentials mode: `crossorigin` (anonymous) is
 * `same-origin`, which is what the page's request cache asks with (src/client/request.ts).
 */
import { ALL_PAGE_PARTS, pageRoute, routeUrl } from './routes.ts';

/** Every part, always, so one request serves every element of a location. `endpoint`: absolute, no trailing slash. */
export function pageDataUrl(endpoint: string, locationId: string): string {
  return routeUrl(endpoint, pageRoute, { id: locationId }, { include: ALL_PAGE_PARTS });
}

/** The elements a page's HTML holds (its `<merchant-…>` tags), each once, in order. */
export function elementTagsIn(html: string): string[] {
  return [...new Set(Array.from(html.matchAll(/<(merchant-[a-z]+)[\s>]/g), (match) => match[1]!))];
}
