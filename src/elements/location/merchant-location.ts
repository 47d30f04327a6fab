import { html, nothing } from 'lit';
import type { Location } from '../../contract/index.ts';
import { addressLines } from '../shared/address.ts';
import { MerchantElement, type ResolvedConfig } from '../shared/merchant-element.ts';
import { baseStyles } from '../shared/styles.ts';
import { msg } from '../shared/i18n.ts';
import { SERVICES, locationStrings } from './location-i18n.ts';
import { heading, headingLevel } from '../shared/heading.ts';
import { safeUrl, telUrl } from '../shared/url.ts';
import { styles } from './merchant-location.styles.ts';

export { addressLines };

/**
 * OpenStreetMap link: a marker at the coordinates when known (`?mlat=&mlon=#map=17/lat/lon`), else a search for the
 * address text; null when neither exists. OpenStreetMap needs no key and sets no tracking cookies for a link.
 * (The gateway gives coordinates only when both are in range.)
 */
export function mapUrl({ coordinates, address }: Pick<Location, 'coordinates' | 'address'>): string | null {
  if (coordinates) {
    const { latitude, longitude } = coordinates;
    return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
  }
  const query = addressLines(address).join(', ');
  return query ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}` : null;
}

/**
 * A merchant location's details: name, address, links (map, phone as `tel:`, website), description, cuisine,
 * price level and services (take-out, delivery, reservations…).
 *
 * Data: the `location` part of the combined page request (shared with every element of the location).
 *
 * @title Address and contact details
 * @icon location
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
 * @csspart links - The row of links: map, phone, website.
 * @csspart phone - The `tel:` link.
 * @csspart website - The website link (http(s) only).
 * @csspart description - The description (line breaks kept).
 * @csspart cuisine - The cuisine line.
 * @csspart services - The list of services; each is `service`.
 * @csspart price-rating - `$$` with an accessible "Price level 2 of 5".
 * @csspart skeleton - The loading placeholder.
 * @csspart error - The error message box; `error-message`, `error-detail`, `retry` inside it.
 *
 * @cssprop --merchant-location-min-height - Space reserved while loading (default 12rem).
 *
 * @fires merchant-load - The location loaded (detail: Location).
 * @fires merchant-error - Loading failed or misconfigured (detail: ErrorResource).
 */
export class MerchantLocation extends MerchantElement<Location> {
  static override styles = [baseStyles, styles];

  static override properties = {
    headingLevel: { attribute: 'heading-level', type: Number },
  };

  /** Heading level (1–6) of the location's name, to fit the page's outline; other values give 2. */
  headingLevel: number | null = 2;

  protected override load(config: ResolvedConfig, signal: AbortSignal): Promise<Location> {
    return this.loadPagePart(config, 'location', signal);
  }

  protected override renderReady(location: Location) {
    const locale = this.resolvedLocale;
    const strings = locationStrings(locale);
    const { phone, description, cuisines, attributes } = location;
    const address = addressLines(location.address).join('\n');
    const website = safeUrl(location.website);
    const rating = attributes.priceRating;
    const services = SERVICES.filter((key) => attributes[key]);
    // A link is shown only when its href exists (absent or unsafe URLs are null).
    const links = [
      { part: 'map-link', href: mapUrl(location), text: strings.viewOnMap, newTab: true },
      { part: 'phone', href: telUrl(phone), text: phone, newTab: false },
      { part: 'website', href: website, text: website && new URL(website).host, newTab: true },
    ].filter((link) => link.href);

    return html`${heading(headingLevel(this.headingLevel), location.name, 'name')}
      ${address && html`<address part="address">${address}</address>`}
      ${
        links.length
          ? html`<div class="links" part="links">
            ${links.map(
              ({ part, href, text, newTab }) =>
                html`<a part=${part} href=${href!} target=${newTab ? '_blank' : nothing} rel="noopener"
                  >${text}${newTab ? html`<span class="visually-hidden"> ${msg(locale, 'opensInNewTab')}</span>` : nothing}</a
                >`,
            )}
          </div>`
          : nothing
      }
      ${description && html`<p class="description" part="description">${description}</p>`}
      ${
        cuisines.length || rating
          ? html`<p part="cuisine">
            ${cuisines.length ? html`<span class="label">${strings.cuisine}:</span> ${cuisines.map((cuisine) => strings.cuisines?.[cuisine] ?? cuisine).join(', ')}` : nothing}
            ${
              rating
                ? html`<span class="price-rating" part="price-rating"
                  ><span aria-hidden="true">${'$'.repeat(rating)}</span><span class="visually-hidden">${strings.priceRating(rating)}</span></span
                >`
                : nothing
            }
          </p>`
          : nothing
      }
      ${
        services.length
          ? html`<ul part="services" aria-label=${strings.services}>
            ${services.map((key) => html`<li part="service">${strings.service[key]}</li>`)}
          </ul>`
          : nothing
      }`;
  }
}
