import { registersElements } from '../shared/registration.ts';
import { MerchantLocation } from './merchant-location.ts';

export { MerchantLocation };

if (!customElements.get('merchant-location') && registersElements()) customElements.define('merchant-location', MerchantLocation);

declare global {
  interface HTMLElementTagNameMap {
    'merchant-location': MerchantLocation;
  }
}
