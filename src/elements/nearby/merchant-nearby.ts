import { html } from 'lit';
import { property } from 'lit/decorators.js';
import { parseActionType, type NearbyResponse, type NearbyResult } from '../../contract/index.ts';
import { loadNearby, nearbyUrl, type NearbyCentre, type NearbyFilters } from '../../client/api.ts';
import { invalidate } from '../../client/request.ts';
import { MerchantElement, type ResolvedConfig } from '../shared/merchant-element.ts';
import { baseStyles } from '../shared/styles.ts';
import { renderActionLink } from '../shared/action-link.ts';
import { formatDistance } from '../shared/format.ts';
import { nearbyMsg } from './nearby-i18n.ts';
import { safeUrl } from '../shared/url.ts';
import { listConverter, numberConverter, optionalBooleanConverter } from '../shared/converters.ts';
import { styles } from './merchant-nearby.styles.ts';

/**
 * Actions of merchants near a location (`location-id`) or a point (`latitude` + `longitude`, which win when both
 * are set), with the Actions API's filters, nearest first as the gateway orders them, distances in the locale's
 * units (miles for US, GB, LR and MM; kilometres elsewhere).
 *
 * Data: `GET {endpoint}/v1/locations/{id}/nearby?…` or `GET {endpoint}/v1/nearby?latitude=&longitude=&…`, with the
 * filters under the upstream's parameter names (radius, limit, type, owner_verified, business_type, cuisine,
 * nearby_only). Invalid values (radius over 16093, limit over 100) come back as the gateway's 400 and are shown.
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

  /** Latitude of the search centre (with `longitude`; wins over `location-id`). */
  @property({ converter: numberConverter }) latitude: number | null = null;

  /** Longitude of the search centre. */
  @property({ converter: numberConverter }) longitude: number | null = null;

  /** Search radius in metres (gateway default 1609, maximum 16093). */
  @property({ converter: numberConverter }) radius: number | null = null;

  /** Maximum number of results (gateway default 10, maximum 100). */
  @property({ converter: numberConverter }) limit: number | null = null;

  /** Only actions of this type (name or numeric id; unknown values are ignored). */
  @property() type: string | null = null;

  /** `true`/`false`: only merchants that are (not) owner-verified; absent: both. */
  @property({ attribute: 'owner-verified', converter: optionalBooleanConverter }) ownerVerified: boolean | null = null;

  /** Comma-separated business types (a fragment of a type matches). */
  @property({ attribute: 'business-type', converter: listConverter }) businessType: string[] = [];

  /** Comma-separated cuisines. */
  @property({ converter: listConverter }) cuisine: string[] = [];

  /** Around a location: leave out that location's own actions. */
  @property({ type: Boolean, reflect: true, attribute: 'nearby-only' }) nearbyOnly = false;

  private get __hasPoint(): boolean {
    return this.latitude != null && this.longitude != null;
  }

  protected override get requiresLocationId(): boolean {
    return !this.__hasPoint;
  }

  protected override loadArgs(): unknown[] {
    return [
      this.latitude, this.longitude, this.radius, this.limit, parseActionType(this.type), this.ownerVerified,
      this.businessType.join(','), this.cuisine.join(','), this.nearbyOnly,
    ];
  }

  private __query(config: ResolvedConfig): [NearbyCentre, NearbyFilters] {
    const centre: NearbyCentre = this.__hasPoint
      ? { latitude: this.latitude!, longitude: this.longitude! }
      : { locationId: config.locationId! };
    const filters: NearbyFilters = {
      radius: this.radius,
      limit: this.limit,
      type: parseActionType(this.type),
      ownerVerified: this.ownerVerified,
      businessType: this.businessType,
      cuisine: this.cuisine,
      nearbyOnly: this.nearbyOnly,
    };
    return [centre, filters];
  }

  protected override async load(config: ResolvedConfig, signal: AbortSignal): Promise<NearbyResponse> {
    const [centre, filters] = this.__query(config);
    const response = await loadNearby(config.endpoint, centre, filters, signal);
    const results = (Array.isArray(response.results) ? response.results : []).filter(
      (r: NearbyResult) => r && r.action && r.location && safeUrl(r.action.url),
    );
    return { results };
  }

  protected override invalidateCache(config: ResolvedConfig | undefined): void {
    if (!config) return;
    try {
      const [centre, filters] = this.__query(config);
      invalidate(nearbyUrl(config.endpoint, centre, filters));
    } catch {
      /* nothing cached for an invalid query */
    }
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
      ${data.results.map((result) => {
        const name = typeof result.location.name === 'string' ? result.location.name.trim() : '';
        const street = [result.location.address?.line1, result.location.address?.city]
          .map((s) => (typeof s === 'string' ? s.trim() : ''))
          .filter(Boolean)
          .join(', ');
        const distance = formatDistance(locale, result.distance);
        return html`<li class="result" part="item" data-location-id=${result.location.id}>
          <div class="info">
            <p class="name" part="name">${name}</p>
            ${distance ? html`<p class="meta" part="distance">${nearbyMsg(locale, 'distanceAway', { distance })}</p>` : ''}
            ${street ? html`<p class="meta" part="address">${street}</p>` : ''}
          </div>
          ${renderActionLink(this, result.action, locale, { context: name })}
        </li>`;
      })}
    </ul>`;
  }
}
