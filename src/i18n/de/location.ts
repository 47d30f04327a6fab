import type { LocationMessages } from '../../elements/location/location-i18n.ts';

export default {
  address: "Adresse",
  viewOnMap: "Auf der Karte ansehen",
  phone: "Telefon",
  call: "{phone} anrufen",
  website: "Website",
  email: "E-Mail",
  cuisine: "Küche",
  services: "Service",
  takeOut: "Zum Mitnehmen",
  dineIn: "Vor Ort essen",
  delivery: "Lieferung",
  driveThru: "Drive-in",
  reservations: "Reservierungen",
  catering: "Catering",
  wheelchairAccess: "Rollstuhlgerecht",
  priceRating: "Preisniveau {rating} von 5",
} satisfies LocationMessages;
