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
  /** The page the provider loaded, once it has (elements load it themselves through the shared cache anyway). */
  page: PageResponse | null;
}

export const merchantProviderContext = createContext<MerchantProviderValue>(Symbol.for('merchant-elements.provider'));
