import { html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { Photo } from '../../contract/index.ts';
import { MerchantElement, type ResolvedConfig } from '../shared/merchant-element.ts';
import { baseStyles } from '../shared/styles.ts';
import { chevronLeft, chevronRight, close } from '../shared/icons.ts';
import { numberConverter } from '../shared/converters.ts';
import { largeUrl, parsePhotoTypes, photoSize, photoSrcset, visiblePhotos } from './photos-model.ts';
import { photosStrings, type PhotosStrings } from './photos-i18n.ts';
import { photosStyles } from './merchant-photos.styles.ts';

/** Default `sizes`: tiles of about 12rem in a grid that fills the width. */
export const DEFAULT_SIZES = '(min-width: 64rem) 16rem, (min-width: 40rem) 33vw, 50vw';

/**
 * A location's photos as a responsive grid (main image first), with `srcset` built from the contract's
 * size variants, lazy images with their aspect ratio reserved (width/height attributes), and an
 * accessible lightbox on a native `<dialog>`: ArrowLeft/ArrowRight move, Escape closes, and focus
 * returns to the thumbnail that opened it.
 *
 * @summary A photo grid with an accessible lightbox.
 *
 * @slot loading - Replaces the loading skeleton.
 * @slot empty - Replaces the "no photos" message.
 * @slot error - Replaces the error message.
 *
 * @csspart base - The wrapper of every state.
 * @csspart grid - The list of thumbnails.
 * @csspart thumbnail - A thumbnail button.
 * @csspart image - A thumbnail image.
 * @csspart lightbox - The `<dialog>`.
 * @csspart lightbox-image - The large image.
 * @csspart caption - The photo's title in the lightbox.
 * @csspart counter - "2 of 5".
 * @csspart button - The lightbox buttons; also `previous`, `next`, `close`.
 * @csspart empty - The default "no photos" message.
 *
 * @cssprop --merchant-photos-tile-width - Minimum tile width (default 12rem).
 * @cssprop --merchant-photos-aspect-ratio - Tile aspect ratio (default 4 / 3; images are cropped to it).
 * @cssprop --merchant-photos-min-height - Height reserved while loading (default 20rem).
 *
 * @fires merchant-load - Photos loaded (detail: Photo[]).
 * @fires merchant-error - Loading failed (detail: ErrorResource).
 * @fires merchant-photo-open - The lightbox opened or moved (detail: `{index, photo}`).
 */
export class MerchantPhotos extends MerchantElement<Photo[]> {
  static override styles = [baseStyles, photosStyles];

  /** Only these types, comma-separated: `interior`, `exterior`, `item`, `logo`, `unclassified`. */
  @property() type: string | null = null;

  /** At most this many photos (after the main image is put first). */
  @property({ converter: numberConverter }) limit: number | null = null;

  /** The `sizes` attribute of the thumbnails (how wide a tile is drawn). */
  @property() sizes: string = DEFAULT_SIZES;

  /** Index (in the visible list) of the photo shown in the lightbox, or -1 when closed. */
  @state() private current = -1;

  private __openedFrom = -1;

  protected override loadArgs(): unknown[] {
    return [this.type, this.limit];
  }

  protected override load(config: ResolvedConfig, signal: AbortSignal): Promise<Photo[]> {
    return this.loadPagePart(config, 'photos', signal);
  }

  protected override isEmpty(photos: Photo[]): boolean {
    return this.__visible(photos).length === 0;
  }

  protected override renderEmpty(): unknown {
    return html`<p class="message" part="empty">${this.__strings.noPhotos}</p>`;
  }

  private get __strings(): PhotosStrings {
    return photosStrings(this.resolvedLocale);
  }

  private __visible(photos: Photo[] | undefined = this.data): Photo[] {
    return visiblePhotos(photos, parsePhotoTypes(this.type), this.limit);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.current = -1;
  }

  protected override renderReady(data: Photo[]): unknown {
    const photos = this.__visible(data);
    if (!photos.length) return this.renderEmpty();
    const s = this.__strings;
    return html`<ul class="grid" part="grid" aria-label=${s.gallery}>
        ${repeat(
          photos,
          (p) => p.id,
          (p, i) => html`<li>${this.__renderThumbnail(p, i, photos.length)}</li>`,
        )}
      </ul>
      ${this.__renderLightbox(photos)}`;
  }

  private __renderThumbnail(photo: Photo, index: number, total: number): TemplateResult {
    const { width, height } = photoSize(photo);
    const srcset = photoSrcset(photo);
    const title = photo.title?.trim() || null;
    return html`<button
      type="button"
      class="thumb"
      part="thumbnail"
      data-index=${index}
      aria-label=${this.__strings.open(index + 1, total, title)}
      aria-haspopup="dialog"
      @click=${() => this.open(index)}
    >
      <img
        part="image"
        src=${largeUrl(photo) ?? ''}
        srcset=${srcset || nothing}
        sizes=${srcset ? this.sizes || DEFAULT_SIZES : nothing}
        width=${width}
        height=${height}
        alt=""
        loading="lazy"
        decoding="async"
      />
    </button>`;
  }

  private __renderLightbox(photos: Photo[]): TemplateResult {
    const s = this.__strings;
    const index = this.current;
    const photo = index >= 0 ? photos[index] : undefined;
    const title = photo?.title?.trim() || null;
    const srcset = photo ? photoSrcset(photo) : '';
    const size = photo ? photoSize(photo) : null;
    const several = photos.length > 1;
    return html`<dialog
      part="lightbox"
      aria-label=${title ?? s.photo(index + 1, photos.length)}
      @keydown=${this.__onDialogKeydown}
      @close=${this.__onDialogClose}
      @click=${this.__onDialogClick}
    >
      <div class="dialog-body">
        <button type="button" class="button close" part="button close" aria-label=${s.close} @click=${() => this.close()}>
          ${close()}
        </button>
        ${photo && size
          ? html`<figure>
              <img
                part="lightbox-image"
                src=${largeUrl(photo) ?? ''}
                srcset=${srcset || nothing}
                sizes=${srcset ? '(min-width: 66rem) 64rem, 100vw' : nothing}
                width=${size.width}
                height=${size.height}
                alt=${title ?? ''}
              />
              ${title ? html`<figcaption part="caption">${title}</figcaption>` : nothing}
            </figure>`
          : nothing}
        <div class="toolbar">
          ${several
            ? html`<button type="button" class="button" part="button previous" aria-label=${s.previous} @click=${() => this.__move(-1)}>
                ${chevronLeft()}
              </button>`
            : html`<span></span>`}
          <span class="counter" part="counter" aria-live="polite">${s.counter(index + 1, photos.length)}</span>
          ${several
            ? html`<button type="button" class="button" part="button next" aria-label=${s.next} @click=${() => this.__move(1)}>
                ${chevronRight()}
              </button>`
            : html`<span></span>`}
        </div>
      </div>
    </dialog>`;
  }

  private get __dialog(): HTMLDialogElement | null {
    return this.renderRoot.querySelector('dialog');
  }

  /** Opens the lightbox at `index` (in the visible list). */
  async open(index: number): Promise<void> {
    const photos = this.__visible();
    if (index < 0 || index >= photos.length) return;
    this.__openedFrom = index;
    this.current = index;
    await this.updateComplete;
    const dialog = this.__dialog;
    if (dialog && !dialog.open) {
      try {
        dialog.showModal();
      } catch {
        dialog.setAttribute('open', '');
      }
    }
    this.__emitOpen(photos);
  }

  /** Closes the lightbox (focus returns to the thumbnail that opened it). */
  close(): void {
    const dialog = this.__dialog;
    if (dialog?.open) dialog.close();
    else this.__onDialogClose();
  }

  private async __move(step: number): Promise<void> {
    const photos = this.__visible();
    if (this.current < 0 || photos.length < 2) return;
    this.current = (this.current + step + photos.length) % photos.length;
    await this.updateComplete;
    this.__emitOpen(photos);
  }

  private __emitOpen(photos: Photo[]): void {
    this.dispatchEvent(
      new CustomEvent('merchant-photo-open', { detail: { index: this.current, photo: photos[this.current] }, bubbles: true, composed: true }),
    );
  }

  private __onDialogKeydown = (event: KeyboardEvent): void => {
    const rtl = getComputedStyle(this).direction === 'rtl';
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      const forward = (event.key === 'ArrowRight') !== rtl;
      void this.__move(forward ? 1 : -1);
    }
    if (event.key === 'Escape') {
      // Handled here rather than left to the dialog's `cancel`, so it behaves the same everywhere.
      event.preventDefault();
      this.close();
    }
  };

  /** A click on the backdrop (the dialog element itself, outside its content) closes. */
  private __onDialogClick = (event: MouseEvent): void => {
    if (event.target === this.__dialog) this.close();
  };

  private __onDialogClose = (): void => {
    const from = this.__openedFrom;
    this.current = -1;
    this.__openedFrom = -1;
    if (from >= 0) this.renderRoot.querySelector<HTMLElement>(`.thumb[data-index="${from}"]`)?.focus();
  };
}
