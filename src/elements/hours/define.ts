import { registersElements } from '../shared/registration.ts';
import { MerchantHours } from './merchant-hours.ts';

export { MerchantHours };

if (!customElements.get('merchant-hours') && registersElements()) customElements.define('merchant-hours', MerchantHours);

declare global {
  interface HTMLElementTagNameMap {
    'merchant-hours': MerchantHours;
  }
}
