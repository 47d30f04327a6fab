import { registersElements } from '../shared/registration.ts';
import { MerchantProvider } from './merchant-provider.ts';

export { MerchantProvider };

if (!customElements.get('merchant-provider') && registersElements()) customElements.define('merchant-provider', MerchantProvider);

declare global {
  interface HTMLElementTagNameMap {
    'merchant-provider': MerchantProvider;
  }
}
