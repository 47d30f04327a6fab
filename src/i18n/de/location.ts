import type { LocationMessages } from '../../elements/location/location-i18n.ts';

export default {
  viewOnMap: "Auf der Karte ansehen",
  phone: "Telefon",
  website: "Website",
  email: "E-Mail",
  cuisine: "Küche",
  services: "Service",
  service: {
    takeOut: "Zum Mitnehmen",
    dineIn: "Vor Ort essen",
    delivery: "Lieferung",
    driveThru: "Drive-in",
    reservations: "Reservierungen",
    catering: "Catering",
    wheelchairAccess: "Rollstuhlgerecht",
  },
  priceRating: (rating) => `Preisniveau ${rating} von 5`,
} satisfies LocationMessages;
