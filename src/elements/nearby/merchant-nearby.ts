import { html } from 'lit';
import { parseActionType, type NearbyResponse } from '../../contract/index.ts';
import { getJson, invalidate } from '../../client/request.ts';
import { MerchantElement, type ResolvedConfig } from '../shared/merchant-element.ts';
import { baseStyles } from '../shared/styles.ts';
import { renderActionLink } from '../shared/action-link.ts';
import { safeUrl } from '../shared/url.ts';
import { formatDistance } from './distance.ts';
import { nearbyMsg } from './nearby-i18n.ts';
import { styles } from './merchant-nearby.styles.ts';

/** A number; absent or blank: unset. Anything else goes to the gateway, whose 400 is shown. */
const numberConverter = { fromAttribute: (value: string | null) => (value?.trim() ? Number(value) : null) };

/** A tri-state boolean: absent → `null` (both), `false`/`0`/`no`/`off` → `false`, anything else → `true`. */
const optionalBooleanConverter = { fromAttribute: (value: string | null) => (value === null ? null : !/^\s*(false|0|no|off)\s*$/i.test(value)) };

/** A comma-separated list: `"a, b,,c"` → `['a', 'b', 'c']`. */
const listConverter = { fromAttribute: (value: string | null) => value?.split(',').map((item) => item.trim()).filter(Boolean) ?? [] };

/**
 * Actions of merchants near a location (`location-id`) or a point (`latitude` + `longitude`, which win when both
 * are set), with the Actions API's filters, nearest first as the gateway orders them, distances in the locale's
 * units (miles for US, GB, LR and MM; kilometres elsewhere).
 *
 * Data: `GET {endpoint}/v1/locations/{id}/nearby?…` or `GET {endpoint}/v1/nearby?latitude=&longitude=&…`, with the
 * filters under the upstream's parameter names (radius, limit, type, owner_verified, business_type, cuisine,
 * nearby_only). Invalid values (radius over 16093, limit over 100, a number attribute that is not a number) come back
 * as the gateway's 400 and are shown.
 *
 * @summary Nearby merchants' calls to action around a location or a point, with distances.
 *
 * @slot loading - Replaces the loading placeholder.
 * @slot empty - Shown when nothing is found (default: a short sentence).
 * @slot error - Replaces the error message.
 *
 * @csspart base - The wrapper; reserves `--merchant-nearby-min-height` while loading.
 * @csspart list - The list of results.
 * @csspart item - One result.
 * @csspart name - The merchant's name.
 * @csspart distance - The distance ("120 m away", "0.6 mi away").
 * @csspart address - The merchant's street and city.
 * @csspart button - The result's action link; `button-icon`, `label` inside.
 * @csspart empty - The default empty message.
 * @csspart skeleton - The loading placeholder.
 * @csspart error - The error message box.
 *
 * @cssprop --merchant-nearby-min-height - Space reserved while loading (default 12.5rem: two results at 360px or wider).
 *
 * @fires merchant-load - Results loaded (detail: `{results}`).
 * @fires merchant-error - Loading failed or misconfigured (detail: ErrorResource).
 * @fires merchant-action-click - An action link was activated (detail: `{action}`); cancellable.
 */
export class MerchantNearby extends MerchantElement<NearbyResponse> {
  static override styles = [baseStyles, styles];

  static override properties = {
    latitude: { converter: numberConverter },
    longitude: { converter: numberConverter },
    radius: { converter: numberConverter },
    limit: { converter: numberConverter },
    type: {},
    ownerVerified: { attribute: 'owner-verified', converter: optionalBooleanConverter },
    businessType: { attribute: 'business-type', converter: listConverter },
    cuisine: { converter: listConverter },
    nearbyOnly: { type: Boolean, reflect: true, attribute: 'nearby-only' },
  };

  /** Latitude of the search centre (with `longitude`; wins over `location-id`). */
  latitude: number | null = null;

  /** Longitude of the search centre. */
  longitude: number | null = null;

  /** Search radius in metres (gateway default 1609, maximum 16093). */
  radius: number | null = null;

  /** Maximum number of results (gateway default 10, maximum 100). */
  limit: number | null = null;

  /** Only actions of this type (name or numeric id; unknown values are ignored). */
  type: string | null = null;

  /** `true`/`false`: only merchants that are (not) owner-verified; absent: both. */
  ownerVerified: boolean | null = null;

  /** Comma-separated business types (a fragment of a type matches). */
  businessType: string[] = [];

  /** Comma-separated cuisines. */
  cuisine: string[] = [];

  /** Around a location: leave out that location's own actions. */
  nearbyOnly = false;

  /** False around a point: `latitude` and `longitude` both set (they win over `location-id`). */
  protected override get requiresLocationId(): boolean {
    return this.latitude == null || this.longitude == null;
  }

  /** The query string: the centre and the filters, under the upstream's parameter names; unset ones left out. */
  private __query(): string {
    const params: Record<string, unknown> = {
      ...(this.requiresLocationId ? { nearby_only: this.nearbyOnly || null } : { latitude: this.latitude, longitude: this.longitude }),
      radius: this.radius,
      limit: this.limit,
      type: parseActionType(this.type),
      owner_verified: this.ownerVerified,
      business_type: this.businessType.join(','),
      cuisine: this.cuisine.join(','),
    };
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) if (value != null && value !== '') query.set(name, String(value));
    return query.toString();
  }

  /** `{endpoint}/v1/nearby?latitude=&longitude=&…` around the point, else `{endpoint}/v1/locations/{id}/nearby?…`. */
  private __url({ endpoint, locationId }: ResolvedConfig): string {
    const query = this.__query();
    const path = this.requiresLocationId ? `/locations/${encodeURIComponent(locationId!)}` : '';
    return `${endpoint}/v1${path}/nearby${query ? `?${query}` : ''}`;
  }

  protected override loadArgs(): unknown[] {
    return [this.__query()];
  }

  protected override async load(config: ResolvedConfig, signal: AbortSignal): Promise<NearbyResponse> {
    const { results } = await getJson<NearbyResponse>(this.__url(config), signal);
    // A result is its link: one without an http(s) URL is not shown.
    return { results: results.filter((result) => safeUrl(result.action.url)) };
  }

  protected override invalidateCache(config: ResolvedConfig | undefined): void {
    if (config) invalidate(this.__url(config));
  }

  protected override isEmpty(data: NearbyResponse): boolean {
    return data.results.length === 0;
  }

  protected override renderEmpty() {
    return html`<p class="empty" part="empty">${nearbyMsg(this.resolvedLocale, 'nearbyEmpty')}</p>`;
  }

  protected override renderReady(data: NearbyResponse) {
    const locale = this.resolvedLocale;
    return html`<ul class="list" part="list" role="list" aria-label=${nearbyMsg(locale, 'nearbyLabel')}>
      ${data.results.map(({ action, location, distance }) => {
        const away = formatDistance(locale, distance);
        const street = [location.address.line1, location.address.city].filter(Boolean).join(', ');
        return html`<li class="result" part="item" data-location-id=${location.id}>
          <div class="info">
            <p class="name" part="name">${location.name}</p>
            ${away ? html`<p class="meta" part="distance">${nearbyMsg(locale, 'distanceAway', { distance: away })}</p>` : ''}
            ${street ? html`<p class="meta" part="address">${street}</p>` : ''}
          </div>
          ${renderActionLink(this, action, locale, { context: location.name })}
        </li>`;
      })}
    </ul>`;
  }
}
