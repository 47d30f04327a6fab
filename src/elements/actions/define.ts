import { registersElements } from '../shared/registration.ts';
import { MerchantActions } from './merchant-actions.ts';

export { MerchantActions };

if (!customElements.get('merchant-actions') && registersElements()) customElements.define('merchant-actions', MerchantActions);

declare global {
  interface HTMLElementTagNameMap {
    'merchant-actions': MerchantActions;
  }
}
