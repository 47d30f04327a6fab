import type { NearbyMessages } from '../../elements/nearby/nearby-i18n.ts';

export default {
  nearbyLabel: "Ofertas cercanas",
  nearbyEmpty: "No hay nada cerca en este momento.",
  distanceAway: "a {distance}",
} satisfies NearbyMessages;
