/**
 * Page-level defaults for `endpoint` and `location-id`, for pages where a CMS makes per-element attributes awkward.
 *
 * Resolution order for each of the two, independently: the element's own attribute, else the enclosing
 * `<merchant-provider>`, else these page defaults:
 *
 * 1. `<meta name="merchant-elements" content="endpoint=https://gw.example.com; location-id=abc">`
 *    (pairs separated by `;`, keys `endpoint` and `location-id`), else
 * 2. `data-endpoint` / `data-location-id` on the `<script>` that loads the bundle
 *    (`<script type="module" src=".../merchant-elements.js" data-endpoint="…">`; any `<script src>` carrying the attribute).
 *
 * Read at each load, so a CMS may add the meta tag after the bundle.
 */

export type PageDefaultKey = 'endpoint' | 'location-id';

/** The page default for `key`: from the meta tag, else from a script tag's `data-<key>`; null when neither sets it. */
export function pageDefault(key: PageDefaultKey, doc: Document = document): string | null {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="merchant-elements"]')?.content ?? '';
  for (const pair of content.split(';')) {
    const index = pair.indexOf('=');
    const value = pair.slice(index + 1).trim();
    if (index > 0 && value && pair.slice(0, index).trim().toLowerCase() === key) return value;
  }
  return doc.querySelector(`script[src][data-${key}]`)?.getAttribute(`data-${key}`)?.trim() || null;
}
