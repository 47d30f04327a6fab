import { html } from 'lit';
import type { NearbyResponse } from '../../contract/index.ts';
import { getJson, invalidate } from '../../client/request.ts';
import { locationNearbyRoute, pointNearbyRoute, routeUrl } from '../../contract/routes.ts';
import { MerchantElement, type ResolvedConfig } from '../shared/merchant-element.ts';
import { baseStyles } from '../shared/styles.ts';
import { renderActionLink, actionLinkStyles } from '../shared/action-link.ts';
import { safeUrl } from '../shared/url.ts';
import { isExpired, nextExpiry } from '../shared/offer-expiry.ts';
import { formatDistance } from './distance.ts';
import { nearbyStrings } from './nearby-i18n.ts';
import { styles } from './merchant-nearby.styles.ts';

/** A number; absent or blank: unset. Anything else goes to the gateway, whose 400 is shown. */
const numberConverter = { fromAttribute: (value: string | null) => (value?.trim() ? Number(value) : null) };

/**
 * Merchants near a location (`location-id`) or a point (`latitude` + `longitude`, which win when both are set),
 * one card per place with its calls to action together (never the page's own place, never an expired offer),
 * with the Actions API's filters (`limit` counts actions, as upstream), nearest first as the gateway orders them, distances in the locale's
 * units (miles for US, GB, LR and MM; kilometres elsewhere).
 *
 * Data: `GET {endpoint}/v1/locations/{id}/nearby?…` or `GET {endpoint}/v1/nearby?latitude=&longitude=&…`, with the
 * filters under the upstream's parameter names (radius, limit, type, owner_verified, business_type, cuisine,
 * nearby_only), as written. Invalid values (radius over 16093, limit over 100, a number attribute that is not a number,
 * an unknown type, an owner-verified that is not true or false) come back as the gateway's 400 and are shown.
 *
 * @title Offers nearby
 * @icon location-alt
 * @summary Nearby merchants' calls to action around a location or a point, with distances.
 *
 * @slot loading - Replaces the loading placeholder.
 * @slot empty - Shown when nothing is found (default: a short sentence).
 * @slot error - Replaces the error message.
 *
 * @csspart base - The wrapper; reserves `--merchant-nearby-min-height` while loading.
 * @csspart list - The list of results.
 * @csspart item - One place: its name, distance and actions.
 * @csspart name - The merchant's name.
 * @csspart distance - The distance ("120 m", "0.6 mi").
 * @csspart button - The result's action link (its accessible name adds the merchant's name); `button-icon` inside.
 * @csspart empty - The default empty message.
 * @csspart skeleton - The loading placeholder.
 * @csspart error - The error message box; `error-message`, `error-detail`, `retry` inside it.
 *
 * @cssprop --merchant-nearby-min-height - Space reserved while loading (default 12.5rem: two results at 360px or wider).
 *
 * @fires merchant-load - Results loaded (detail: `{results}`).
 * @fires merchant-error - Loading failed or misconfigured (detail: ErrorResource).
 * @fires merchant-action-click - An action link was activated (detail: `{action}`); cancellable.
 */
export class MerchantNearby extends MerchantElement<NearbyResponse> {
  static override styles = [baseStyles, actionLinkStyles, styles];

  static override properties = {
    latitude: { converter: numberConverter },
    longitude: { converter: numberConverter },
    radius: { converter: numberConverter },
    limit: { converter: numberConverter },
    type: {},
    ownerVerified: { attribute: 'owner-verified' },
    businessType: { attribute: 'business-type' },
    cuisine: {},
    nearbyOnly: { type: Boolean, attribute: 'nearby-only' },
  };

  /** Latitude of the search centre (with `longitude`; wins over `location-id`). */
  latitude: number | null = null;

  /** Longitude of the search centre. */
  longitude: number | null = null;

  /** Search radius in metres (gateway default 1609, maximum 16093). */
  radius: number | null = null;

  /** Maximum number of results (gateway default 10, maximum 100). */
  limit: number | null = null;

  /** Only actions of this type: a name (`deal`, …) or the Actions API's numeric id; the gateway rejects any other value. */
  type: string | null = null;

  /** `true` (or present without a value) / `false`: only merchants that are (not) owner-verified; absent: both. */
  ownerVerified: string | boolean | null = null;

  /** Comma-separated business types (a fragment of a type matches); the gateway trims each. */
  businessType: string | null = null;

  /** Comma-separated cuisines. */
  cuisine: string | null = null;

  /** Around a location: leave out that location's own actions. */
  nearbyOnly = false;

  /** False around a point: `latitude` and `longitude` both set (they win over `location-id`). */
  protected override get requiresLocationId(): boolean {
    return this.latitude == null || this.longitude == null;
  }

  /** The query string: the centre and the filters, under the upstream's parameter names; unset ones left out. */
  /** The query as written on the element; the gateway checks it (and answers a clear error for a bad value). */
  private __query() {
    const filters = {
      radius: this.radius,
      limit: this.limit,
      type: this.type,
      // A bare `owner-verified` attribute means true; any other value is sent as written.
      owner_verified: this.ownerVerified === '' ? true : this.ownerVerified,
      business_type: this.businessType,
      cuisine: this.cuisine,
    };
    return this.requiresLocationId ? { nearby_only: this.nearbyOnly || null, ...filters } : { latitude: this.latitude, longitude: this.longitude, ...filters };
  }

  /** `{endpoint}/v1/locations/{id}/nearby?…`, or `{endpoint}/v1/nearby?latitude=&longitude=&…` around the point. */
  private __url({ endpoint, locationId }: ResolvedConfig): string {
    return this.requiresLocationId
      ? routeUrl(endpoint, locationNearbyRoute, { id: locationId! }, this.__query())
      : routeUrl(endpoint, pointNearbyRoute, {}, this.__query());
  }

  protected override loadArgs(): unknown[] {
    // Flat values, compared one by one: a new query object each update would re-run the load every time.
    return [this.requiresLocationId, ...Object.values(this.__query())];
  }

  protected override async load(config: ResolvedConfig, signal: AbortSignal): Promise<NearbyResponse> {
    const { results } = await getJson<NearbyResponse>(this.__url(config), signal);
    const now = Date.now();
    // A result is its link: one without an http(s) URL is not shown; nor the page's own place (it is "nearby" of
    // itself), nor an offer past its expiration.
    return {
      results: results.filter(
        ({ action, location }) => safeUrl(action.url) && !(this.requiresLocationId && location.id === config.locationId) && !isExpired(action, now),
      ),
    };
  }

  protected override invalidateCache(config: ResolvedConfig | undefined): void {
    if (config) invalidate(this.__url(config));
  }

  /** The next offer to expire: then the results are worked out again, without it. */
  protected override nextChange({ results }: NearbyResponse): number | undefined {
    return nextExpiry(results.map(({ action }) => action));
  }

  protected override isEmpty(data: NearbyResponse): boolean {
    return !data.results.length;
  }

  protected override renderEmpty() {
    return html`<p class="muted" part="empty">${nearbyStrings(this.resolvedLocale).empty}</p>`;
  }

  protected override renderReady(data: NearbyResponse) {
    const locale = this.resolvedLocale;
    // One card per place, its actions together, in the order of its nearest result.
    const places = new Map<string, NearbyResponse['results']>();
    for (const result of data.results) places.set(result.location.id, [...(places.get(result.location.id) ?? []), result]);
    return html`<ul class="list" part="list" role="list">
      ${[...places.values()].map(
        (results) => html`<li class="result" part="item">
          <div>
            <p class="name" part="name">${results[0]!.location.name}</p>
            <p class="muted" part="distance">${formatDistance(locale, results[0]!.distance)}</p>
          </div>
          <div class="actions">${results.map(({ action, location }) => renderActionLink(this, action, locale, location.name))}</div>
        </li>`,
      )}
    </ul>`;
  }
}
