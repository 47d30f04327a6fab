import type { NearbyMessages } from '../../elements/nearby/nearby-i18n.ts';

export default {
  empty: "No hay nada cerca en este momento.",
} satisfies NearbyMessages;
