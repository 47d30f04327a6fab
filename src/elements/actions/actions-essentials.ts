/**
 * `<merchant-actions essentials>`'s row, loaded on demand by the elements that set `essentials` (beside their data, so
 * the row is complete from its first frame, on the server too): Call (the location's phone as `tel:`), Directions (a
 * maps route to its coordinates, else its address) and the top action, as one row of equal buttons. Its few styles are
 * adopted into the shadow root when first shown (a server-rendered row is the element's ordinary row of buttons until
 * then: the bundle does not carry them, it is at its 20 KB budget). If the module cannot be loaded, the element shows
 * the top action alone, as `top` does.
 *
 * Imports nothing at run time (types only): the element passes in what it needs from Lit and from its own modules
 * (EssentialsKit), so a bundler that splits this module out keeps it a plain module, which both script-tag builds
 * import from beside themselves (rollup.config.mjs ON_DEMAND).
 */
import type { html as litHtml, nothing as litNothing, TemplateResult } from 'lit';
import type { Address, Location } from '../../contract/index.ts';

/** What the row needs from the element's code (passed in, see above). */
export interface EssentialsKit {
  html: typeof litHtml;
  nothing: typeof litNothing;
  /** shared/url.ts: a phone number as a `tel:` URL, or null. */
  telUrl: (phone: unknown) => string | null;
  /** shared/address.ts: the address as display lines. */
  addressLines: (address: Address) => string[];
}

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

/** One row of equal buttons, 48px tap targets, labels wrapping inside them on a narrow phone. A plain string (see above). */
const STYLES = `
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
let sheet: CSSStyleSheet | undefined;

/**
 * Directions to the location: Google Maps' cross-platform URL (`maps/dir/?api=1&destination=`, documented, no key),
 * which opens the maps app a phone has with the route from where the diner is; the destination is the coordinates when
 * known, else the address text; null with neither.
 */
export function directionsUrl({ coordinates, address }: EssentialsView['location'], addressLines: EssentialsKit['addressLines']): string | null {
  const destination = coordinates ? `${coordinates.latitude},${coordinates.longitude}` : addressLines(address).join(', ');
  return destination ? `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}` : null;
}

export function renderEssentials(
  host: HTMLElement,
  { html, nothing, telUrl, addressLines }: EssentialsKit,
  { location, labels, newTab, top }: EssentialsView,
): TemplateResult {
  const root = host.shadowRoot;
  // Not on a server (no shadow root there, nor constructable stylesheets): the row is the element's ordinary row.
  if (root) {
    if (!sheet) (sheet = new CSSStyleSheet()).replaceSync(STYLES);
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }
  const call = telUrl(location.phone);
  const directions = directionsUrl(location, addressLines);
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
