/**
 * merchant-elements: the all-elements entry. Importing it registers every element.
 *
 * The public API, and nothing else: the element classes (each registration file re-exports its class), the base
 * class and the provider's context for those who build their own elements, the event types, the page-level request
 * cache, and the contract's types and route declarations. Shared internals (styles, icons, the error view, URL
 * checks…) are not exported: they may change in any release.
 *
 * The takeover of server-rendered elements is set up first, before any element is defined (elements/shared/takeover.ts).
 */
import './elements/shared/takeover.ts';
// Every element, registered, and its class (the one list: src/elements/all.ts).
export * from './elements/all.ts';

export { MerchantElement, type ElementState, type ResolvedConfig, type Theme } from './elements/shared/merchant-element.ts';
export { merchantProviderContext, type MerchantProviderValue } from './elements/shared/context.ts';
export type {
  MerchantActionClickDetail,
  MerchantActionClickEvent,
  MerchantErrorDetail,
  MerchantErrorEvent,
  MerchantLoadEvent,
} from './elements/shared/events.ts';
export { loadLanguage, type UiLanguage } from './elements/shared/i18n.ts';

export { MerchantRequestError, type ClientErrorCode } from './client/errors.ts';
export { getJson, invalidate } from './client/request.ts';
export { loadPage, normalizeEndpoint, pageUrl } from './client/api.ts';

export type * from './contract/index.ts';
export { routeUrl, type AnyRoute, type ParamsOf, type QueryInput, type ResponseOf } from './contract/routes.ts';
