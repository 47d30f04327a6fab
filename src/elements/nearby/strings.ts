/** <merchant-nearby> UI strings in English; the type each language module in src/elements/i18n/ satisfies. */
export interface NearbyStrings {
  empty: string;
}

export default {
  empty: 'Nothing nearby right now.',
} satisfies NearbyStrings;

// The `nearby` namespace of every language module (src/elements/i18n/types.ts collects them): declared beside its English.
// The import puts types.ts in every program that has this file (an augmentation cannot bring its module in).
import type {} from '../i18n/types.ts';
declare module '../i18n/types.ts' {
  interface Translations {
    nearby: NearbyStrings;
  }
}
