/** A location's actions, derived on demand. Action ids grow with rank, so "top first" and "by id" agree. */
import type { ActionType } from '../../contract/index.ts';
import type { ActionsApiActionAttributes } from '../../upstream/shapes.ts';
import { Rng } from './random.ts';

export interface ActionRecord {
  id: number;
  location_id: string;
  type: ActionType;
  /** Without the referrer code, which depends on the caller and is added when the action is served. */
  baseUrl: string;
  js_source: string | null;
  suggested_cta: string | null;
  suggested_cta_asset: string | null;
  attributes?: ActionsApiActionAttributes;
}

/** At most this many actions per location, so ids `index * 16 + rank + 1` never collide. */
export const MAX_ACTIONS = 16;

const HOSTS: Record<ActionType, string> = {
  foodordering: 'https://order.sandbox.example/menu',
  deal: 'https://deals.sandbox.example/deal',
  coupon: 'https://deals.sandbox.example/coupon',
  giftcard: 'https://gift.sandbox.example/card',
  discountgiftcard: 'https://gift.sandbox.example/discount-card',
  discountcertificate: 'https://gift.sandbox.example/certificate',
  foodreservation: 'https://reserve.sandbox.example/table',
  booking: 'https://book.sandbox.example/appointment',
  joinmailinglist: 'https://mail.sandbox.example/join',
  other: 'https://partner.sandbox.example/go',
};

const CTA: Record<ActionType, string[]> = {
  foodordering: ['Order Online', 'Order Now', 'Start Order'],
  deal: ['Get Deal', 'See Deal'],
  coupon: ['Get Coupon', 'Print Coupon'],
  giftcard: ['Buy a Gift Card'],
  discountgiftcard: ['Buy a Discount Gift Card'],
  discountcertificate: ['Buy a Certificate'],
  foodreservation: ['Reserve a Table', 'Book a Table'],
  booking: ['Book Now', 'Book an Appointment'],
  joinmailinglist: ['Join Our Mailing List', 'Subscribe'],
  other: ['Learn More'],
};

/** Offer names by action type (the amount is never in the name: see below). */
const OFFER_TITLES: Partial<Record<string, string[]>> = {
  deal: ['Weekday lunch deal', 'Happy hour', 'Family dinner for four', 'Early bird special'],
  coupon: ['First visit', 'Take-out coupon', 'Birthday treat'],
  discountgiftcard: ['Gift card bonus', 'Holiday gift card'],
  discountcertificate: ['Dining certificate', 'Gift certificate'],
};

const WITH_ATTRIBUTES = new Set<ActionType>(['deal', 'coupon', 'discountgiftcard', 'discountcertificate']);
const EMBEDDABLE = new Set<ActionType>(['foodordering', 'foodreservation', 'booking', 'joinmailinglist']);

/** Stands for the sandbox's own origin in stored asset URLs until an action is served (see actions/upstream-json.ts). */
export const ASSET_ORIGIN = 'sandbox-origin:';

export function deriveActions(seed: number, index: number, locationId: string, types: readonly ActionType[]): ActionRecord[] {
  return types.slice(0, MAX_ACTIONS).map((type, rank) => {
    const rng = Rng.for(seed, index * MAX_ACTIONS + rank, 'action');
    const action: ActionRecord = {
      id: index * MAX_ACTIONS + rank + 1,
      location_id: locationId,
      type,
      baseUrl: `${HOSTS[type]}/${locationId}?action=${index * MAX_ACTIONS + rank + 1}`,
      js_source: EMBEDDABLE.has(type) && rng.chance(0.4) ? `https://widgets.sandbox.example/${type}.js` : null,
      suggested_cta: rng.chance(0.8) ? rng.pick(CTA[type]) : null,
      // Some assets are plain http, as upstream.
      // Served by the sandbox itself (GET /assets/...), so pages work offline and under a strict CSP;
      // the origin is only known per request, see actions/upstream-json.ts.
      suggested_cta_asset: rng.chance(0.5) ? `${ASSET_ORIGIN}/assets/cta/${type}.svg` : null,
    };
    if (WITH_ATTRIBUTES.has(type)) {
      const percentage = rng.chance(0.5);
      const amount = rng.int(2, 25);
      const percent = rng.pick([0.1, 0.15, 0.2, 0.25, 0.5]);
      // Mostly in the future; some already expired, as real deals are.
      const expiration = Date.UTC(rng.chance(0.1) ? 2024 : rng.int(2026, 2027), rng.int(0, 11), rng.int(1, 28), 23, 59, 59);
      const offset = rng.pick(['-05:00', '-08:00', 'Z']);
      const local = new Date(expiration + (offset === 'Z' ? 0 : Number(offset.slice(0, 3)) * 3_600_000)).toISOString().slice(0, 19);
      action.attributes = {
        category: rng.pick(['Food & Drink', 'Dining', 'Gifts', 'Services']),
        // The amount is in `discount` or `discount_percentage` only: the element writes it once, in the location's
        // currency, so no second amount (in another currency) can disagree with it.
        description: rng.pick([
          'One per customer.',
          'Not valid with other offers.',
          'Dine-in only.\nOne per table.',
          'Valid on orders over the minimum shown at checkout.',
        ]),
        discount: percentage ? null : amount,
        discount_percentage: percentage ? percent : null,
        expiration: `${local}${offset}`,
        image_url: rng.chance(0.6) ? `${ASSET_ORIGIN}/assets/deals/${type}-${rng.int(1, 9)}.svg` : null,
        title: rng.pick(OFFER_TITLES[type] ?? OFFER_TITLES.deal!),
      };
    }
    return action;
  });
}
