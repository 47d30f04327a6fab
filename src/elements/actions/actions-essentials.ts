/**
 * `<merchant-actions essentials>`'s row, loaded on demand by the elements that set `essentials` (beside their data, so
 * the row is complete from its first frame, on the server too): Call (the location's phone as `tel:`), Directions (a
 * maps route to its coordinates, else its address) and the top action, as one row of equal buttons. Its few styles are
 * adopted into the shadow root when first shown (a server-rendered row is the element's ordinary row of buttons until
 * then: the bundle does not carry them, it is at its 20 KB budget). If the module cannot be loaded, the element shows
 * the top action alone, as `top` does.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import type { Location } from '../../contract/index.ts';
import { addressLines } from '../shared/address.ts';
import { telUrl } from '../shared/url.ts';

/** What the row shows. */
export interface EssentialsView {
  location: Pick<Location, 'phone' | 'address' | 'coordinates'>;
  /** "Call" and "Directions". */
  labels: { call: string; directions: string };
  /** The screen readers' "(opens in a new tab)". */
  newTab: string;
  /** The top action's link (the element's own action link), or `nothing`. */
  top: unknown;
}

/** One row of equal buttons, 48px tap targets, labels wrapping inside them on a narrow phone. */
const styles = css`
  .essentials {
    display: grid;
    grid-auto-flow: column;
    grid-auto-columns: 1fr;
  }
  .essentials .button {
    width: 100%;
    height: 100%;
    min-height: 3rem;
    padding-inline: 0.5em;
    text-align: center;
  }
`;

/**
 * Directions to the location: Google Maps' cross-platform URL (`maps/dir/?api=1&destination=`, documented, no key),
 * which opens the maps app a phone has with the route from where the diner is; the destination is the coordinates when
 * known, else the address text; null with neither.
 */
export function directionsUrl({ coordinates, address }: EssentialsView['location']): string | null {
  const destination = coordinates ? `${coordinates.latitude},${coordinates.longitude}` : addressLines(address).join(', ');
  return destination ? `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}` : null;
}

export function renderEssentials(host: HTMLElement, { location, labels, newTab, top }: EssentialsView): TemplateResult {
  const root = host.shadowRoot;
  // Not on a server (no shadow root there, nor constructable stylesheets): the row is the element's ordinary row.
  if (root) {
    const sheet = styles.styleSheet!;
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }
  const call = telUrl(location.phone);
  const directions = directionsUrl(location);
  return html`<ul class="list essentials" part="list essentials" role="list">
    ${call ? html`<li><a class="button" part="button call" href=${call}>${labels.call}</a></li>` : nothing}
    ${
      directions
        ? html`<li><a class="button" part="button directions" href=${directions} target="_blank" rel="noopener"
              >${labels.directions}<span class="visually-hidden"> ${newTab}</span></a
            ></li>`
        : nothing
    }
    ${top === nothing ? nothing : html`<li class="top">${top}</li>`}
  </ul>`;
}
