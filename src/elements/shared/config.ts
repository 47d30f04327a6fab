/**
 * Page-level defaults, for pages where a CMS makes per-element attributes awkward, and the page-level switches.
 *
 * For `endpoint`, `location-id`, `theme` and `locale`, each independently: the element's own attribute, else the
 * enclosing `<merchant-provider>` (endpoint, location, locale), else these page defaults:
 *
 * 1. `<meta name="merchant-elements" content="endpoint=https://gw.example.com; location-id=abc; theme=dark; locale=fr">`
 *    (pairs separated by `;`), else
 * 2. `data-endpoint`, `data-location-id`, `data-theme`, `data-locale` on the `<script>` that loads the bundle
 *    (`<script type="module" src=".../merchant-elements.js" data-endpoint="…">`; any `<script src>` carrying the attribute).
 *
 * `debug` is a page-level switch too: `debug=true` shows an element's failure with the configuration advice (endpoint,
 * CORS, location id) on any origin, `debug=false` shows the visitors' neutral message even on a development origin
 * (error-view.ts authorIsLooking).
 *
 * `allow-widget-scripts` is a page-level switch only (`allow-widget-scripts=true` in the meta tag, or
 * `data-allow-widget-scripts` on the script tag): whoever controls the page's head chose the code it runs. An
 * element attribute cannot turn it on, because in a CMS the people who write posts are not the people who
 * choose the site's scripts.
 *
 * Read at each load, so a CMS may add the meta tag after the bundle.
 */

import { normalizeEndpoint } from '../../client/api.ts';
import { MerchantRequestError } from '../../client/errors.ts';
import { pageDefault } from './page-defaults.ts';

// Read by the elements through this module; they live in a module of their own, which imports nothing, so that the
// error view (loaded on demand) can read `debug` without taking this module's imports with it into a shared chunk.
export { pageAllowsWidgetScripts, pageDefault, type PageDefaultKey } from './page-defaults.ts';

/**
 * The contract's location ids (LOCATION_ID_PATTERN in src/contract/routes.ts: a letter or digit, then up to 127 of
 * letters, digits and `. _ ~ -`), what the gateway accepts in a path; anything else is refused here, before a request.
 * The same set written shorter (`[^\W_]` is a letter or digit), since every element carries it;
 * test/browser/location-id.test.ts holds the two to the same answers.
 */
export const LOCATION_ID = /^[^\W_][\w.~-]{0,127}$/;

/** Endpoint and location as written somewhere (attributes), not yet validated. */
export interface ConnectionInput {
  endpoint?: string | null;
  locationId?: string | null;
}

/** A validated connection: the normalised gateway base URL, and the location id (null only when not required). */
export interface Connection {
  endpoint: string;
  locationId: string | null;
}

/** The endpoint and location id in effect, each independently: own value → provider → page default; trimmed, not validated. */
export function connectionInEffect(own: ConnectionInput, provider?: ConnectionInput): { endpoint: string | null; locationId: string | null } {
  return {
    endpoint: own.endpoint?.trim() || provider?.endpoint?.trim() || pageDefault('endpoint'),
    locationId: own.locationId?.trim() || provider?.locationId?.trim() || pageDefault('location-id'),
  };
}

/**
 * The one place an element's or a provider's connection is resolved and checked. The endpoint is normalised here,
 * once (http(s), no trailing slash). Throws MerchantRequestError NO_ENDPOINT, INVALID_ENDPOINT, NO_LOCATION_ID or
 * INVALID_LOCATION_ID (status_code 0), which the error view explains in words a site owner can act on.
 */
export function resolveConnection(own: ConnectionInput, provider?: ConnectionInput, requiresLocationId = true): Connection {
  const inEffect = connectionInEffect(own, provider);
  if (!inEffect.endpoint) throw new MerchantRequestError({ error: 'NO_ENDPOINT', message: 'No endpoint is set.', status_code: 0 });
  const endpoint = normalizeEndpoint(inEffect.endpoint);
  const id = inEffect.locationId;
  if (requiresLocationId && !LOCATION_ID.test(id ?? '')) {
    // None, or one the contract refuses: `..` would be a path step (`/v1/locations/../page` is `/v1/page`).
    throw new MerchantRequestError({
      error: id ? 'INVALID_LOCATION_ID' : 'NO_LOCATION_ID',
      message: id ? 'Invalid location-id.' : 'No location-id is set.',
      status_code: 0,
    });
  }
  return { endpoint, locationId: inEffect.locationId };
}
