/** The events every element fires, typed for `addEventListener` via GlobalEventHandlersEventMap. */
import type { Action, ErrorResource } from '../../contract/index.ts';

/** Detail of `merchant-error`: the contract's error resource, plus the URL when a request failed. */
export type MerchantErrorDetail = ErrorResource & { url: string | null };

/** Detail of `merchant-action-click`. */
export interface MerchantActionClickDetail {
  action: Action;
}

export type MerchantLoadEvent<T = unknown> = CustomEvent<T>;
export type MerchantErrorEvent = CustomEvent<MerchantErrorDetail>;
export type MerchantActionClickEvent = CustomEvent<MerchantActionClickDetail>;

declare global {
  interface GlobalEventHandlersEventMap {
    /** Data arrived and was rendered (detail: the element's data). Bubbles, composed. */
    'merchant-load': MerchantLoadEvent;
    /** Loading failed or the element is misconfigured (detail: ErrorResource). Bubbles, composed. */
    'merchant-error': MerchantErrorEvent;
    /** An action link was activated; cancel it with preventDefault() to stop the navigation. Bubbles, composed. */
    'merchant-action-click': MerchantActionClickEvent;
  }
}

export function emit<T>(target: EventTarget, type: string, detail: T, cancelable = false): boolean {
  return target.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true, cancelable }));
}
