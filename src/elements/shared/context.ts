/**
 * The context `<merchant-provider>` provides to the elements inside it (@lit/context).
 * A ContextRoot on the document replays requests made before the provider was defined (late upgrade).
 */
import { ContextRoot, createContext } from '@lit/context';
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

const ROOT_KEY = Symbol.for('merchant-elements.context-root');

/** Attaches one ContextRoot to the document (idempotent). */
export function ensureContextRoot(): void {
  const doc = globalThis.document as (Document & { [ROOT_KEY]?: ContextRoot }) | undefined;
  if (!doc || doc[ROOT_KEY]) return;
  const root = new ContextRoot();
  root.attach(doc.documentElement);
  doc[ROOT_KEY] = root;
}
