/** <merchant-location> UI strings. Kept next to its element, so other elements' npm entries do not carry it. */
import type { LocationAttributes } from '../../contract/index.ts';
import { strings } from '../shared/i18n.ts';

/** The services the element can show: the contract's yes/no attributes. */
export type Service = keyof Pick<
  LocationAttributes,
  'takeOut' | 'dineIn' | 'delivery' | 'driveThru' | 'reservations' | 'catering' | 'wheelchairAccess'
>;

export interface LocationMessages {
  viewOnMap: string;
  cuisine: string;
  services: string;
  /** The services' names, in the order they are shown. */
  service: Record<Service, string>;
  priceRating: (rating: number) => string;
}

const en: LocationMessages = {
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
};

/** Strings for a BCP 47 locale once its language is loaded (shared/i18n's loadLanguage); else English. */
export const locationStrings: (locale: string | null | undefined) => LocationMessages = strings('location', en);

/** Every service, in display order. */
export const SERVICES = Object.keys(en.service) as Service[];
