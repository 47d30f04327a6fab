import { registersElements } from '../shared/registration.ts';
import { MerchantPhotos } from './merchant-photos.ts';

export { MerchantPhotos };

if (!customElements.get('merchant-photos') && registersElements()) customElements.define('merchant-photos', MerchantPhotos);

declare global {
  interface HTMLElementTagNameMap {
    'merchant-photos': MerchantPhotos;
  }
}
