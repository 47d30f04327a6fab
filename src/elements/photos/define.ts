import type { Photo } from '../../contract/index.ts';
import { MerchantPhotos } from './merchant-photos.ts';

export { MerchantPhotos };

if (!customElements.get('merchant-photos')) customElements.define('merchant-photos', MerchantPhotos);

declare global {
  interface HTMLElementTagNameMap {
    'merchant-photos': MerchantPhotos;
  }
  interface GlobalEventHandlersEventMap {
    /** The lightbox opened or moved to another photo (detail: `{index, photo}`). Bubbles, composed. */
    'merchant-photo-open': CustomEvent<{ index: number; photo: Photo }>;
  }
}
