import { html, nothing, type PropertyDeclarations } from 'lit';
import type { Photo } from '../../contract/index.ts';
import { MerchantElement, type ResolvedConfig } from '../shared/merchant-element.ts';
import { baseStyles } from '../shared/styles.ts';
import { emit } from '../shared/events.ts';
import { chevronLeft, chevronRight, close } from '../shared/icons.ts';
import { photoSrcset, visiblePhotos } from './photos-model.ts';
import { photosStrings } from './photos-i18n.ts';
import { photosStyles } from './merchant-photos.styles.ts';

/** Default `sizes`: tiles of about 12rem in a grid that fills the width. */
export const DEFAULT_SIZES = '(min-width: 64rem) 16rem, (min-width: 40rem) 33vw, 50vw';

/**
 * Lightbox keys: a step through the photos (reversed in RTL), or 0 to close. Escape is handled here rather
 * than left to the dialog's `cancel`, so it behaves the same everywhere.
 */
const LIGHTBOX_KEYS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, Escape: 0 };

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

  static override properties: PropertyDeclarations = {
    type: {},
    limit: { type: Number },
    sizes: {},
    __current: { attribute: false }, // internal state; `attribute: false` also keeps it out of custom-elements.json
  };

  /** Only these types, comma-separated: `interior`, `exterior`, `item`, `logo`, `unclassified`. */
  type: string | null = null;

  /** At most this many photos (after the main image is put first). */
  limit: number | null = null;

  /** The `sizes` attribute of the thumbnails (how wide a tile is drawn). */
  sizes: string = DEFAULT_SIZES;

  /** Index (in the visible list) of the photo shown in the lightbox, or -1 when closed. */
  private __current = -1;

  /** The thumbnail that opened the lightbox: focus returns to it. */
  private __openedFrom = -1;

  protected override loadArgs(): unknown[] {
    return [this.type, this.limit];
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
    return visiblePhotos(photos, this.type, this.limit);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.close();
  }

  protected override renderReady(data: Photo[]): unknown {
    const s = this.__strings;
    const photos = this.__visible(data);
    const total = photos.length;
    const index = this.__current;
    const photo = photos[index];
    const step = (label: string, by: number, icon: unknown) =>
      total > 1
        ? html`<button type="button" class="button" part="button ${by < 0 ? 'previous' : 'next'}" aria-label=${label} @click=${() => this.__move(by)}>${icon}</button>`
        : nothing;
    return html`<ul class="grid" part="grid" aria-label=${s.gallery}>
        ${photos.map(
          (thumbnail, i) => html`<li>
            <button type="button" class="thumb" part="thumbnail" data-index=${i} aria-label=${s.open(i + 1, total, thumbnail.title)} aria-haspopup="dialog" @click=${() => this.open(i)}>
              ${this.__image(thumbnail, 'image', this.sizes || DEFAULT_SIZES)}
            </button>
          </li>`,
        )}
      </ul>
      <dialog part="lightbox" aria-label=${photo?.title ?? s.photo(index + 1, total)} @keydown=${this.__onKeydown} @click=${this.__onClick} @close=${this.__onClose}>
        <button type="button" class="button close" part="button close" aria-label=${s.close} @click=${this.close}>${close()}</button>
        ${photo
          ? html`<figure>
              ${this.__image(photo, 'lightbox-image', '(min-width: 66rem) 64rem, 100vw', photo.title ?? '')}
              ${photo.title ? html`<figcaption part="caption">${photo.title}</figcaption>` : nothing}
            </figure>`
          : nothing}
        <div class="toolbar">
          ${step(s.previous, -1, chevronLeft())}
          <span class="counter" part="counter" aria-live="polite">${s.counter(index + 1, total)}</span>
          ${step(s.next, 1, chevronRight())}
        </div>
      </dialog>`;
  }

  /** An image with its `srcset` and its box reserved: the photo's own size, else 4:3. */
  private __image(photo: Photo, part: string, sizes: string, alt = '') {
    const srcset = photoSrcset(photo);
    const sized = photo.width && photo.height;
    // `photo.url` passed safeUrl in visiblePhotos.
    return html`<img part=${part} src=${photo.url} srcset=${srcset || nothing} sizes=${srcset ? sizes : nothing}
      width=${sized ? photo.width! : 4} height=${sized ? photo.height! : 3} alt=${alt} loading="lazy" decoding="async" />`;
  }

  private get __dialog(): HTMLDialogElement | null {
    return this.renderRoot.querySelector('dialog');
  }

  /** Opens the lightbox at `index` (in the visible list). */
  async open(index: number): Promise<void> {
    if (!this.__visible()[index]) return;
    this.__openedFrom = this.__current = index;
    await this.updateComplete;
    const dialog = this.__dialog;
    if (dialog && !dialog.open) dialog.showModal();
    this.__emitOpen();
  }

  /** Closes the lightbox (focus returns to the thumbnail that opened it). */
  close(): void {
    this.__dialog?.close();
  }

  private async __move(step: number): Promise<void> {
    const total = this.__visible().length;
    if (this.__current < 0 || total < 2) return;
    this.__current = (this.__current + step + total) % total;
    await this.updateComplete;
    this.__emitOpen();
  }

  private __emitOpen(): void {
    emit(this, 'merchant-photo-open', { index: this.__current, photo: this.__visible()[this.__current] });
  }

  private __onKeydown(event: KeyboardEvent): void {
    const step = LIGHTBOX_KEYS[event.key];
    if (step === undefined) return;
    event.preventDefault();
    if (step) void this.__move(getComputedStyle(this).direction === 'rtl' ? -step : step);
    else this.close();
  }

  /** A click on the backdrop (the dialog element itself, outside its content) closes. */
  private __onClick(event: MouseEvent): void {
    if (event.target === this.__dialog) this.close();
  }

  private __onClose(): void {
    this.__current = -1;
    this.renderRoot.querySelector<HTMLElement>(`[data-index="${this.__openedFrom}"]`)?.focus();
  }
}
