import { registersElements } from '../shared/registration.ts';
import { MerchantMenu } from './merchant-menu.ts';

export { MerchantMenu };

if (!customElements.get('merchant-menu') && registersElements()) customElements.define('merchant-menu', MerchantMenu);

declare global {
  interface HTMLElementTagNameMap {
    'merchant-menu': MerchantMenu;
  }
}
