/** <merchant-location> UI strings. Kept next to its element, so other elements' npm entries do not carry it. */
import { createTranslator } from '../shared/i18n.ts';

const en = {
  address: "Address",
  viewOnMap: "View on map",
  phone: "Phone",
  call: "Call {phone}",
  website: "Website",
  email: "Email",
  cuisine: "Cuisine",
  services: "Services",
  takeOut: "Take-out",
  dineIn: "Dine-in",
  delivery: "Delivery",
  driveThru: "Drive-through",
  reservations: "Reservations",
  catering: "Catering",
  wheelchairAccess: "Wheelchair accessible",
  priceRating: "Price level {rating} of 5",
};
export type LocationMessageKey = keyof typeof en;
export type LocationMessages = Record<LocationMessageKey, string>;

export const locationMsg = createTranslator('location', en);
