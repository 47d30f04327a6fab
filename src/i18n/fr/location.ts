import type { LocationMessages } from '../../elements/location/location-i18n.ts';

export default {
  address: "Adresse",
  viewOnMap: "Voir sur la carte",
  phone: "Téléphone",
  call: "Appeler le {phone}",
  website: "Site web",
  email: "E-mail",
  cuisine: "Cuisine",
  services: "Services",
  takeOut: "À emporter",
  dineIn: "Sur place",
  delivery: "Livraison",
  driveThru: "Service au volant",
  reservations: "Réservations",
  catering: "Traiteur",
  wheelchairAccess: "Accessible en fauteuil roulant",
  priceRating: "Niveau de prix {rating} sur 5",
} satisfies LocationMessages;
