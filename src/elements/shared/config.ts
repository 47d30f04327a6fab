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

export interface PageDefaults {
  endpoint: string | null;
  locationId: string | null;
}

export function readPageDefaults(doc: Document = document): PageDefaults {
  const result: PageDefaults = { endpoint: null, locationId: null };
  const meta = doc.querySelector('meta[name="merchant-elements"]');
  const content = meta?.getAttribute('content');
  if (content) {
    for (const pair of content.split(';')) {
      const index = pair.indexOf('=');
      if (index < 0) continue;
      const key = pair.slice(0, index).trim().toLowerCase();
      const value = pair.slice(index + 1).trim();
      if (!value) continue;
      if (key === 'endpoint') result.endpoint ??= value;
      else if (key === 'location-id') result.locationId ??= value;
    }
  }
  if (!result.endpoint) {
    result.endpoint = doc.querySelector('script[src][data-endpoint]')?.getAttribute('data-endpoint')?.trim() || null;
  }
  if (!result.locationId) {
    result.locationId = doc.querySelector('script[src][data-location-id]')?.getAttribute('data-location-id')?.trim() || null;
  }
  return result;
}
