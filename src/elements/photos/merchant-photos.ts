import { html, nothing, type PropertyDeclarations } from 'lit';
import type { Photo } from '../../contract/index.ts';
import { MerchantElement, type ResolvedConfig } from '../shared/merchant-element.ts';
import { baseStyles } from '../shared/styles.ts';
import { photoSrcset, visiblePhotos } from './photos-model.ts';
import { photosStrings } from './photos-i18n.ts';
import { photosStyles } from './merchant-photos.styles.ts';

/** `sizes` of the thumbnails: tiles of about 12rem in a grid that fills the width. */
export const THUMBNAIL_SIZES = '(min-width: 64rem) 16rem, (min-width: 40rem) 33vw, 50vw';

/** The lightbox (photos-lightbox.ts), loaded the first time a visitor opens a photo. */
let lightbox: typeof import('./photos-lightbox.ts') | undefined;

/**
 * A location's photos as a responsive grid (main image first), with `srcset` built from the contract's
 * size variants, lazy images with their aspect ratio reserved (width/height attributes), and an
 * accessible lightbox on a native `<dialog>`: ArrowLeft/ArrowRight move, Escape (or a backdrop click, where
 * the browser supports `closedby`) closes, and focus returns to the thumbnail that opened it.
 *
 * @title Photos
 * @icon format-gallery
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
 * @csspart counter - "Photo 2 of 5", announced as the lightbox moves.
 * @csspart button - The lightbox buttons; also `previous`, `next`, `close`.
 * @csspart empty - The default "no photos" message.
 * @csspart icon - The Previous, Next and Close buttons' icons.
 * @csspart skeleton - The loading placeholder.
 * @csspart error - The error message box; `error-message`, `error-detail`, `retry` inside it.
 *
 * @cssprop --merchant-photos-tile-width - Minimum tile width (default 9.5rem: two columns on a phone).
 * @cssprop --merchant-photos-aspect-ratio - Tile aspect ratio (default 4 / 3; images are cropped to it).
 * @cssprop --merchant-photos-min-height - Height reserved while loading (default 20rem).
 *
 * @fires merchant-load - Photos loaded (detail: Photo[]).
 * @fires merchant-error - Loading failed (detail: ErrorResource).
 */
export class MerchantPhotos extends MerchantElement<Photo[]> {
  static override styles = [baseStyles, photosStyles];

  static override properties: PropertyDeclarations = {
    type: {},
    __current: { state: true },
  };

  /** Only these types, comma- or space-separated: `interior`, `exterior`, `item`, `logo`, `unclassified`. */
  type: string | null = null;

  /** Index (in the visible list) of the photo shown in the lightbox, or -1 when closed. */
  private __current = -1;

  /** The thumbnail that opened the lightbox: focus returns to it. */
  private __openedFrom = -1;

  protected override loadArgs(): unknown[] {
    return [this.type];
  }

  protected override load(config: ResolvedConfig, signal: AbortSignal): Promise<Photo[]> {
    return this.loadPagePart(config, 'photos', signal);
  }

  protected override isEmpty(photos: Photo[]): boolean {
    return !this.__visible(photos).length;
  }

  protected override renderEmpty(): unknown {
    return html`<p class="message" part="empty">${this.__strings.noPhotos}</p>`;
  }

  private get __strings() {
    return photosStrings(this.resolvedLocale);
  }

  private __visible(photos = this.data ?? []): Photo[] {
    return visiblePhotos(photos, this.type);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.close();
  }

  protected override renderReady(data: Photo[]): unknown {
    const strings = this.__strings;
    const photos = this.__visible(data);
    const total = photos.length;
    return html`<ul class="grid" part="grid" aria-label=${strings.gallery}>
        ${photos.map(
          (thumbnail, i) =>
            html`<li><button type="button" class="thumb" part="thumbnail" aria-label=${strings.photo(i + 1, total, thumbnail.title)} aria-haspopup="dialog" @click=${() => this.open(i)}>${this.__image(thumbnail, 'image', THUMBNAIL_SIZES)}</button></li>`,
        )}
      </ul>
      ${
        lightbox
          ? lightbox.default(this, {
              photos,
              index: this.__current,
              strings,
              image: (photo, part, sizes, alt) => this.__image(photo, part, sizes, alt),
              show: (index) => (this.__current = index),
              closed: () => this.__onClose(),
            })
          : nothing
      }`;
  }

  /** An image with its `srcset` and its box reserved: the photo's own size, else 4:3. */
  private __image(photo: Photo, part: string, sizes: string, alt = '') {
    const srcset = photoSrcset(photo);
    const sized = photo.width && photo.height;
    // `photo.url` passed safeUrl in visiblePhotos.
    return html`<img part=${part} src=${photo.url} srcset=${srcset || nothing} sizes=${sizes}
      width=${sized ? photo.width! : 4} height=${sized ? photo.height! : 3} alt=${alt} loading="lazy" />`;
  }

  private get __dialog(): HTMLDialogElement | null {
    return this.renderRoot.querySelector('dialog');
  }

  /** Opens the lightbox at `index` (in the visible list), once its module is loaded (the first time). */
  async open(index: number): Promise<void> {
    lightbox ??= await import('./photos-lightbox.ts').catch(() => undefined);
    if (!lightbox || !this.__visible()[index]) return;
    this.__openedFrom = this.__current = index;
    await this.updateComplete;
    const dialog = this.__dialog;
    if (dialog && !dialog.open) dialog.showModal();
  }

  /** Closes the lightbox (focus returns to the thumbnail that opened it). */
  close(): void {
    this.__dialog?.close();
  }

  private __onClose(): void {
    this.__current = -1;
    this.renderRoot.querySelectorAll<HTMLElement>('.thumb')[this.__openedFrom]?.focus();
  }
}
