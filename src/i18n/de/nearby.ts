import type { NearbyMessages } from '../../elements/nearby/nearby-i18n.ts';

export default {
  nearbyLabel: "Angebote in der Nähe",
  nearbyEmpty: "Zurzeit nichts in der Nähe.",
  distanceAway: "{distance} entfernt",
} satisfies NearbyMessages;
