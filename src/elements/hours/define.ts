import { MerchantHours } from './merchant-hours.ts';

export { MerchantHours };

if (!customElements.get('merchant-hours')) customElements.define('merchant-hours', MerchantHours);

declare global {
  interface HTMLElementTagNameMap {
    'merchant-hours': MerchantHours;
  }
}
