import type { LocationStrings } from './en.ts';

export default {
  viewOnMap: "Voir sur la carte",
  cuisine: "Cuisine",
  services: "Services",
  service: {
    takeOut: "À emporter",
    dineIn: "Sur place",
    delivery: "Livraison",
    driveThru: "Service au volant",
    reservations: "Réservations",
    catering: "Traiteur",
    wheelchairAccess: "Accessible en fauteuil roulant",
  },
  priceRating: (rating) => `Niveau de prix ${rating} sur 5`,
} satisfies LocationStrings;
