import { MerchantPhotos } from './merchant-photos.ts';

export { MerchantPhotos };

if (!customElements.get('merchant-photos')) customElements.define('merchant-photos', MerchantPhotos);

declare global {
  interface HTMLElementTagNameMap {
    'merchant-photos': MerchantPhotos;
  }
}
