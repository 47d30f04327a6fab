import { MerchantLocation } from './merchant-location.ts';

export { MerchantLocation };

if (!customElements.get('merchant-location')) customElements.define('merchant-location', MerchantLocation);

declare global {
  interface HTMLElementTagNameMap {
    'merchant-location': MerchantLocation;
  }
}
