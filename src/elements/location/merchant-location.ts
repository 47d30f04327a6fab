import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { Address, Location, LocationAttributes } from '../../contract/index.ts';
import { MerchantElement, type ResolvedConfig } from '../shared/merchant-element.ts';
import { baseStyles } from '../shared/styles.ts';
import { msg } from '../shared/i18n.ts';
import { locationMsg, type LocationMessageKey } from './location-i18n.ts';
import { check, globe, mail, mapPin, phone as phoneIcon } from '../shared/icons.ts';
import { mailtoUrl, safeUrl, telUrl } from '../shared/url.ts';
import { numberConverter } from '../shared/converters.ts';
import { styles } from './merchant-location.styles.ts';

const SERVICES: Array<[keyof LocationAttributes, LocationMessageKey]> = [
  ['takeOut', 'takeOut'],
  ['dineIn', 'dineIn'],
  ['delivery', 'delivery'],
  ['driveThru', 'driveThru'],
  ['reservations', 'reservations'],
  ['catering', 'catering'],
  ['wheelchairAccess', 'wheelchairAccess'],
];

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The address as display lines (empty parts skipped). */
export function addressLines(address: Address | null | undefined): string[] {
  if (!address) return [];
  const cityLine = [text(address.city), [text(address.region), text(address.postalCode)].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [text(address.line1), text(address.line2), cityLine, text(address.country)].filter(Boolean);
}

/**
 * OpenStreetMap link: a marker at the coordinates when known (`?mlat=&mlon=#map=17/lat/lon`), else a search for the
 * address text; null when neither exists. OpenStreetMap needs no key and sets no tracking cookies for a link.
 */
export function mapUrl(location: Pick<Location, 'coordinates' | 'address'>): string | null {
  const c = location.coordinates;
  if (c && Number.isFinite(c.latitude) && Number.isFinite(c.longitude) && Math.abs(c.latitude) <= 90 && Math.abs(c.longitude) <= 180) {
    const lat = c.latitude.toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
    const lon = c.longitude.toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
  }
  const query = addressLines(location.address).join(', ');
  return query ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}` : null;
}

/**
 * A merchant location's details: name, address with a map link, phone (`tel:`), website, email, description,
 * cuisine, services (take-out, delivery, reservations…) and price level.
 *
 * Data: the `location` part of the combined page request (shared with every element of the location).
 *
 * @summary Name, address, map link, phone, website, description, cuisine and services of a merchant location.
 *
 * @slot loading - Replaces the loading placeholder.
 * @slot empty - Not used by this element (a location always has a name); present for symmetry.
 * @slot error - Replaces the error message.
 *
 * @csspart base - The wrapper; reserves `--merchant-location-min-height` while loading.
 * @csspart name - The location's name (a heading of `heading-level`).
 * @csspart address - The postal address.
 * @csspart map-link - "View on map" (OpenStreetMap, new tab).
 * @csspart links - The row of phone, website and email links.
 * @csspart phone - The `tel:` link.
 * @csspart website - The website link (http(s) only).
 * @csspart email - The `mailto:` link.
 * @csspart description - The description (line breaks kept).
 * @csspart cuisine - The cuisine line.
 * @csspart services - The list of services; each is `service`.
 * @csspart price-rating - `$$` with an accessible "Price level 2 of 5".
 * @csspart skeleton - The loading placeholder.
 * @csspart error - The error message box.
 *
 * @cssprop --merchant-location-min-height - Space reserved while loading (default 12rem).
 *
 * @fires merchant-load - The location loaded (detail: Location).
 * @fires merchant-error - Loading failed or misconfigured (detail: ErrorResource).
 */
export class MerchantLocation extends MerchantElement<Location> {
  static override styles = [baseStyles, styles];

  /** Heading level (1–6) of the location's name, to fit the page's outline. */
  @property({ attribute: 'heading-level', converter: numberConverter }) headingLevel: number | null = 2;

  protected override load(config: ResolvedConfig, signal: AbortSignal): Promise<Location> {
    return this.loadPagePart(config, 'location', signal);
  }

  private get __level(): number {
    const level = Math.round(this.headingLevel ?? 2);
    return level >= 1 && level <= 6 ? level : 2;
  }

  protected override renderReady(location: Location) {
    const locale = this.resolvedLocale;
    const lines = addressLines(location.address);
    const map = mapUrl(location);
    const phone = text(location.phone);
    const tel = telUrl(phone);
    const website = safeUrl(location.website);
    const email = text(location.email);
    const mailto = mailtoUrl(email);
    const description = text(location.description);
    const cuisines = (location.cuisines ?? []).map(text).filter(Boolean);
    const attributes = location.attributes;
    const services = attributes ? SERVICES.filter(([key]) => attributes[key] === true) : [];
    const rating = attributes?.priceRating;
    const validRating = typeof rating === 'number' && rating >= 1 && rating <= 5 ? Math.round(rating) : null;

    return html`<div class="location">
      <div class="name" part="name" role="heading" aria-level=${this.__level}>${text(location.name)}</div>
      ${lines.length || map
        ? html`<address part="address">
            ${lines.map((line) => html`<span class="line">${line}</span>`)}
            ${map
              ? html`<a part="map-link" href=${map} target="_blank" rel="noopener"
                  >${mapPin()} ${locationMsg(locale, 'viewOnMap')}<span class="visually-hidden"> ${msg(locale, 'opensInNewTab')}</span></a
                >`
              : nothing}
          </address>`
        : nothing}
      ${tel || website || mailto
        ? html`<div class="links" part="links">
            ${tel ? html`<a part="phone" href=${tel}>${phoneIcon()}<span class="visually-hidden">${locationMsg(locale, 'phone')}: </span>${phone}</a>` : nothing}
            ${website
              ? html`<a part="website" href=${website} target="_blank" rel="noopener"
                  >${globe()}<span class="visually-hidden">${locationMsg(locale, 'website')}: </span>${new URL(website).host}<span
                    class="visually-hidden"
                  > ${msg(locale, 'opensInNewTab')}</span
                  ></a
                >`
              : nothing}
            ${mailto ? html`<a part="email" href=${mailto}>${mail()}<span class="visually-hidden">${locationMsg(locale, 'email')}: </span>${email}</a>` : nothing}
          </div>`
        : nothing}
      ${description ? html`<p class="description" part="description">${description}</p>` : nothing}
      ${cuisines.length || validRating
        ? html`<p class="row" part="cuisine">
            ${cuisines.length ? html`<span><span class="label">${locationMsg(locale, 'cuisine')}:</span> ${cuisines.join(', ')}</span>` : nothing}
            ${validRating
              ? html`<span class="price-rating" part="price-rating"
                  ><span aria-hidden="true">${'$'.repeat(validRating)}</span
                  ><span class="visually-hidden">${locationMsg(locale, 'priceRating', { rating: validRating })}</span></span
                >`
              : nothing}
          </p>`
        : nothing}
      ${services.length
        ? html`<ul class="services" part="services" aria-label=${locationMsg(locale, 'services')}>
            ${services.map(([, key]) => html`<li class="service" part="service">${check()} ${locationMsg(locale, key)}</li>`)}
          </ul>`
        : nothing}
    </div>`;
  }
}
