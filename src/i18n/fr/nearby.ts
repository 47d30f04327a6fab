import type { NearbyMessages } from '../../elements/nearby/nearby-i18n.ts';

export default {
  empty: "Rien à proximité pour le moment.",
} satisfies NearbyMessages;
