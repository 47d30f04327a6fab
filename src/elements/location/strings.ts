/** <merchant-location> UI strings in English; the types each language module in src/elements/i18n/ satisfies. */
import type { LocationAttributes } from '../../contract/index.ts';

/** The services the element can show: the contract's yes/no attributes. */
export type Service = keyof Pick<LocationAttributes, 'takeOut' | 'dineIn' | 'delivery' | 'driveThru' | 'reservations' | 'catering' | 'wheelchairAccess'>;

export interface LocationStrings {
  viewOnMap: string;
  cuisine: string;
  services: string;
  /** The services' names, in the order they are shown. */
  service: Record<Service, string>;
  priceRating: (rating: number) => string;
  /**
   * The upstream's cuisine words (a fixed English vocabulary: "Italian", "Pizza") in this language; one it does not
   * list is shown as given. Not in English (the words are English already).
   */
  cuisines?: Record<string, string>;
}

export default {
  viewOnMap: 'View on map',
  cuisine: 'Cuisine',
  services: 'Services',
  service: {
    takeOut: 'Take-out',
    dineIn: 'Dine-in',
    delivery: 'Delivery',
    driveThru: 'Drive-through',
    reservations: 'Reservations',
    catering: 'Catering',
    wheelchairAccess: 'Wheelchair accessible',
  },
  priceRating: (rating) => `Price level ${rating} of 5`,
} satisfies LocationStrings;

// The `location` namespace of every language module (src/elements/i18n/types.ts collects them): declared beside its English.
// The import puts types.ts in every program that has this file (an augmentation cannot bring its module in).
import type {} from '../i18n/types.ts';
declare module '../i18n/types.ts' {
  interface Translations {
    location: LocationStrings;
  }
}
