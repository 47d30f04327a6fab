import { registersElements } from '../shared/registration.ts';
import { MerchantNearby } from './merchant-nearby.ts';

export { MerchantNearby };

if (!customElements.get('merchant-nearby') && registersElements()) customElements.define('merchant-nearby', MerchantNearby);

declare global {
  interface HTMLElementTagNameMap {
    'merchant-nearby': MerchantNearby;
  }
}
