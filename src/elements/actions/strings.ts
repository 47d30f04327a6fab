/** <merchant-actions> UI strings in English; the type each language module in src/elements/i18n/ satisfies. */
export interface ActionsStrings {
  /** The heading above the nearby fallback's actions. */
  nearby: string;
  /** A deal's saving: an amount ("$5.00") or a percentage ("15%"). */
  off: (saving: string) => string;
  expires: (date: string) => string;
  /** The essentials row: the phone call and the directions. */
  call: string;
  directions: string;
}

export default {
  nearby: 'Nearby',
  off: (saving) => `${saving} off`,
  expires: (date) => `Expires ${date}`,
  call: 'Call',
  directions: 'Directions',
} satisfies ActionsStrings;

// The `actions` namespace of every language module (src/elements/i18n/types.ts collects them): declared beside its English.
// The import puts types.ts in every program that has this file (an augmentation cannot bring its module in).
import type {} from '../i18n/types.ts';
declare module '../i18n/types.ts' {
  interface Translations {
    actions: ActionsStrings;
  }
}
