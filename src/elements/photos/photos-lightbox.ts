/**
 * `<merchant-photos>`'s lightbox, loaded on demand the first time a visitor opens a photo: most visits never do,
 * so its template, keys, icons and styles stay out of the element's entry. The element awaits it in `open()`
 * before showing the dialog. Never server-rendered (a closed lightbox shows nothing), so its styles can be adopted
 * into the shadow root when it is first shown.
 *
 * A native modal `<dialog>`: ArrowLeft/ArrowRight move (mirrored in right-to-left text), Escape (or a backdrop click,
 * where the browser supports `closedby`) closes, and the element returns the focus to the thumbnail that opened it.
 *
 * Imports nothing at run time but the icons, which take Lit's `svg` as an argument: the element passes in what it
 * needs from Lit, so a bundler that splits this module out keeps it a plain module, which both script-tag builds
 * import from beside themselves (rollup.config.mjs ON_DEMAND).
 */
import type { html as litHtml, nothing as litNothing, svg as litSvg, TemplateResult } from 'lit';
import type { Photo } from '../../contract/index.ts';
import type { PhotosStrings } from './strings.ts';
import { chevronLeft, chevronRight, close as closeIcon } from '../shared/icons.ts';

/** What the lightbox needs from Lit (passed in, see above). */
export interface LightboxKit {
  html: typeof litHtml;
  nothing: typeof litNothing;
  svg: typeof litSvg;
}

/** What the lightbox shows, and how it tells the element. */
export interface LightboxView {
  photos: Photo[];
  /** The photo shown (its index in `photos`). */
  index: number;
  strings: PhotosStrings;
  /** The element's image (srcset and reserved box). */
  image(photo: Photo, part: string, sizes: string, alt: string): unknown;
  /** Show another photo. */
  show(index: number): void;
  /** The dialog has closed. */
  closed(): void;
}

/**
 * Lightbox keys: a step through the photos (reversed in RTL), or 0 to close. Escape is handled here rather
 * than left to the dialog's `cancel`, so it behaves the same everywhere.
 */
const KEYS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, Escape: 0 };

/**
 * The dialog: maximum size the user agent's (the viewport less a margin); opaque whatever the page sets (its
 * surface colour painted over the default surface, so a transparent `--merchant-color-surface` never lets the page
 * show through); buttons filled, visible on either theme's surface; the large image keeps its own ratio (width and
 * height auto with both maxima set, centred as inline content); auto margins centre the counter and push Previous
 * and Next to the edges. A plain string, not Lit's `css` (see above).
 */
const STYLES = `
  dialog {
    width: 64rem;
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: linear-gradient(var(--_surface) 0 0) light-dark(#fff, #111827);
    color: var(--_text);
  }
  dialog .button {
    background: var(--_primary);
    color: var(--_on-primary);
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 0.75);
  }
  figure,
  figcaption,
  .toolbar {
    margin: calc(var(--_space) / 2) 0 0;
  }
  figure {
    color: var(--_muted);
    text-align: center;
    overflow-wrap: anywhere;
  }
  figure img {
    width: auto;
    max-height: calc(100vh - 13rem);
  }
  .close {
    display: flex;
    margin-inline-start: auto;
  }
  .toolbar {
    display: flex;
  }
  .counter {
    margin: auto;
    color: var(--_muted);
  }
`;
let sheet: CSSStyleSheet | undefined;

/** Adds the lightbox's stylesheet to the host's shadow root, once. */
function adoptStyles(root: ShadowRoot): void {
  if (!sheet) (sheet = new CSSStyleSheet()).replaceSync(STYLES);
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/** The lightbox of `host` (closed until the element calls `showModal()` on it). */
export default function renderLightbox(
  host: HTMLElement,
  { photos, index, strings, image, show, closed }: LightboxView,
  { html, nothing, svg }: LightboxKit,
): TemplateResult {
  if (host.shadowRoot) adoptStyles(host.shadowRoot);
  const total = photos.length;
  const photo = photos[index];
  const move = (step: number) => show((index + step + total) % total);
  const onKeydown = (event: KeyboardEvent) => {
    const step = KEYS[event.key];
    const dialog = event.currentTarget as HTMLDialogElement;
    if (step) move(dialog.matches(':dir(rtl)') ? -step : step);
    else if (step === 0) dialog.close();
  };
  const step = (name: 'previous' | 'next', by: number, icon: unknown) =>
    total > 1
      ? html`<button type="button" class="button" part="button ${name}" aria-label=${strings[name]} @click=${() => move(by)}>${icon}</button>`
      : nothing;
  return html`<dialog part="lightbox" aria-label=${strings.photo(index + 1, total, photo?.title)} closedby="any" @keydown=${onKeydown} @close=${closed}>
    <button type="button" class="button close" part="button close" aria-label=${strings.close}
      @click=${(event: Event) => (event.currentTarget as Element).closest('dialog')!.close()}>${closeIcon(svg)}</button>
    ${
      photo
        ? html`<figure>${image(photo, 'lightbox-image', 'min(64rem, 100vw)', photo.title ?? '')}${
            photo.title ? html`<figcaption part="caption">${photo.title}</figcaption>` : nothing
          }</figure>`
        : nothing
    }
    <div class="toolbar">
      ${step('previous', -1, chevronLeft(svg))}
      <span class="counter" part="counter" aria-live="polite">${strings.photo(index + 1, total)}</span>
      ${step('next', 1, chevronRight(svg))}
    </div>
  </dialog>`;
}
