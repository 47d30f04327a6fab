/**
 * `<merchant-photos>`'s lightbox, loaded on demand the first time a visitor opens a photo: most visits never do,
 * so its template, keys, icons and styles stay out of the element's entry. The element awaits it in `open()`
 * before showing the dialog. Never server-rendered (a closed lightbox shows nothing), so its styles can be adopted
 * into the shadow root when it is first shown.
 *
 * A native modal `<dialog>`: ArrowLeft/ArrowRight move (mirrored in right-to-left text), Escape (or a backdrop click,
 * where the browser supports `closedby`) closes, and the element returns the focus to the thumbnail that opened it.
 * One frame size whatever the photo's shape (the photo is fitted inside it, the caption has two lines' room), so the
 * Close, Previous and Next buttons never move from photo to photo. A horizontal swipe on the photo (pointer events:
 * touch, pen or a mouse drag) moves too; its listeners are the figure's own (declared in the template, with pointer
 * capture for the gesture), so they go with the figure when the lightbox closes or the element leaves the page.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import type { Photo } from '../../contract/index.ts';
import type { PhotosStrings } from './strings.ts';
import { chevronLeft, chevronRight, close as closeIcon } from '../shared/icons.ts';

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

/** A swipe: at least this many CSS pixels across, and more across than along. */
const SWIPE = 40;

/**
 * The dialog: one frame size whatever the photo's shape: 64rem by 48rem, or on a phone the viewport's width less the
 * user agent's margin (its maximum) by that plus 8rem (room for a 4:3 photo and the buttons, not a tall empty frame).
 * Its rows: Close, the figure (the photo fitted into what is left, `object-fit: contain`, and a caption with two
 * lines' room) and the toolbar. Opaque whatever the page sets (its surface colour painted over the default surface, so
 * a transparent `--merchant-color-surface` never lets the page show through); buttons filled, visible on either
 * theme's surface; auto margins centre the counter and push Previous and Next to the edges. The photo takes horizontal
 * swipes (`touch-action: pan-y`) and is not dragged as an image.
 */
const styles = css`
  dialog[open] {
    display: grid;
    grid-template-rows: auto minmax(0, 1fr) auto;
  }
  dialog {
    box-sizing: border-box;
    width: 64rem;
    height: min(48rem, 100vw + 8rem);
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
    display: grid;
    grid-template-rows: minmax(0, 1fr) auto;
    min-height: 0;
    color: var(--_muted);
    text-align: center;
    overflow-wrap: anywhere;
    touch-action: pan-y;
  }
  figure img {
    width: 100%;
    height: 100%;
    object-fit: contain;
    -webkit-user-drag: none;
    user-select: none;
  }
  figcaption {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    height: 3em;
    overflow: hidden;
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

/** Adds the lightbox's stylesheet to the host's shadow root, once. */
function adoptStyles(root: ShadowRoot): void {
  const sheet = styles.styleSheet!;
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/** The lightbox of `host` (closed until the element calls `showModal()` on it). */
export default function renderLightbox(host: HTMLElement, { photos, index, strings, image, show, closed }: LightboxView): TemplateResult {
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
  // A swipe: where the pointer went down, then how far it went across (towards the start edge: the next photo).
  let start: PointerEvent | undefined;
  const onPointerdown = (event: PointerEvent) => {
    if (!event.isPrimary) return;
    start = event;
    (event.currentTarget as Element).setPointerCapture(event.pointerId);
  };
  const onPointerup = (event: PointerEvent) => {
    const across = start ? event.clientX - start.clientX : 0;
    const along = start ? event.clientY - start.clientY : 0;
    start = undefined;
    if (Math.abs(across) < SWIPE || Math.abs(across) < Math.abs(along)) return;
    const forward = across < 0 ? 1 : -1;
    move((event.currentTarget as Element).matches(':dir(rtl)') ? -forward : forward);
  };
  const step = (name: 'previous' | 'next', by: number, icon: unknown) =>
    total > 1
      ? html`<button type="button" class="button" part="button ${name}" aria-label=${strings[name]} @click=${() => move(by)}>${icon}</button>`
      : nothing;
  return html`<dialog part="lightbox" aria-label=${strings.photo(index + 1, total, photo?.title)} closedby="any" @keydown=${onKeydown} @close=${closed}>
    <button type="button" class="button close" part="button close" aria-label=${strings.close}
      @click=${(event: Event) => (event.currentTarget as Element).closest('dialog')!.close()}>${closeIcon()}</button>
    ${
      photo
        ? html`<figure @pointerdown=${onPointerdown} @pointerup=${onPointerup} @pointercancel=${() => (start = undefined)}>${image(
            photo,
            'lightbox-image',
            'min(64rem, 100vw)',
            photo.title ?? '',
          )}<figcaption part="caption">${photo.title ?? nothing}</figcaption></figure>`
        : nothing
    }
    <div class="toolbar">
      ${step('previous', -1, chevronLeft())}
      <span class="counter" part="counter" aria-live="polite">${strings.photo(index + 1, total)}</span>
      ${step('next', 1, chevronRight())}
    </div>
  </dialog>`;
}
