/**
 * The context `<merchant-provider>` provides to the elements inside it (@lit/context): its connection and language,
 * not data. The data is the page-level request cache's (src/client/request.ts): the provider and the elements inside
 * it ask the cache for the same page URL, so it is fetched once, and everything that reaches an element (a request,
 * a data block, a revalidation) reaches it the same way.
 *
 * An element whose provider is defined after it waits (MerchantElement.__waitingForProvider); its context request is
 * kept by a ContextRoot on the document and sent again when the provider appears (merchant-element.ts).
 */
import { createContext } from '@lit/context';

export interface MerchantProviderValue {
  /** The provider's `endpoint` attribute (not yet normalised), or null. */
  endpoint: string | null;
  /** The provider's `location-id`, or null. */
  locationId: string | null;
  /** The provider's `locale`, or null. */
  locale: string | null;
}

export const merchantProviderContext = createContext<MerchantProviderValue>(Symbol.for('merchant-elements.provider'));
