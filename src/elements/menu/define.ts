import { MerchantMenu } from './merchant-menu.ts';

export { MerchantMenu };

if (!customElements.get('merchant-menu')) customElements.define('merchant-menu', MerchantMenu);

declare global {
  interface HTMLElementTagNameMap {
    'merchant-menu': MerchantMenu;
  }
  interface GlobalEventHandlersEventMap {
    /** A menu tab was selected (detail: `{index, menu}`). Bubbles, composed. */
    'merchant-menu-select': CustomEvent<{ index: number; menu: import('../../contract/index.ts').Menu }>;
  }
}
