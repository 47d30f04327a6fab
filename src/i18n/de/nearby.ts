import type { NearbyMessages } from '../../elements/nearby/nearby-i18n.ts';

export default {
  empty: "Zurzeit nichts in der Nähe.",
} satisfies NearbyMessages;
