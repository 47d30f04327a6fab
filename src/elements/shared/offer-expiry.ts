/**
 * Offers that expire: an action whose `attributes.expiration` has passed is not shown (no or unparsable expiration:
 * kept), and the earliest expiration still to come is when an element showing actions changes next
 * (MerchantElement.nextChange), so an offer disappears on an open page when it expires.
 */
import type { Action } from '../../contract/index.ts';

type WithExpiry = Pick<Action, 'attributes'>;

const expiration = (action: WithExpiry): number => Date.parse(action.attributes?.expiration ?? '');

export const isExpired = (action: WithExpiry, now = Date.now()): boolean => expiration(action) < now;

/** The earliest expiration after `now` among `actions` (epoch ms), or undefined when none is to come. */
export function nextExpiry(actions: WithExpiry[], now = Date.now()): number | undefined {
  const coming = actions.map(expiration).filter((at) => at >= now);
  return coming.length ? Math.min(...coming) : undefined;
}
