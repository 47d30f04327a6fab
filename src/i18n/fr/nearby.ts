import type { NearbyMessages } from '../../elements/nearby/nearby-i18n.ts';

export default {
  nearbyLabel: "Offres à proximité",
  nearbyEmpty: "Rien à proximité pour le moment.",
  distanceAway: "à {distance}",
} satisfies NearbyMessages;
