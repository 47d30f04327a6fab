/**
 * The context `<merchant-provider>` provides to the elements inside it (@lit/context).
 * An element whose provider is defined after it asks again once it is (MerchantElement.__waitingForProvider),
 * so no ContextRoot is needed on the page.
 */
import { createContext } from '@lit/context';
import type { PageResponse } from '../../contract/index.ts';

export interface MerchantProviderValue {
  /** The provider's `endpoint` attribute (not yet normalised), or null. */
  endpoint: string | null;
  /** The provider's `location-id`, or null. */
  locationId: string | null;
  /** The provider's `locale`, or null. */
  locale: string | null;
  /** The page the provider loaded, once it has; elements of the same endpoint and location read it from here. */
  page: PageResponse | null;
  /** Which gateway and location `page` is for: `{normalised endpoint} {location id}` (it lags a change of either). */
  pageFor: string | null;
}

/** The `pageFor` key of a page: one string per (normalised endpoint, location id). */
export const pageKey = (endpoint: string, locationId: string): string => `${endpoint} ${locationId}`;

export const merchantProviderContext = createContext<MerchantProviderValue>(Symbol.for('merchant-elements.provider'));
