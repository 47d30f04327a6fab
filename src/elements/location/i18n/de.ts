import type { LocationStrings } from './en.ts';

export default {
  viewOnMap: "Auf der Karte ansehen",
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
} satisfies LocationStrings;
