/**
 * Default call-to-action labels, keyed by action type (used by `<merchant-actions>` and `<merchant-nearby>`).
 * Not in the shared base, so other elements' npm entries do not carry it.
 */
import { strings } from './i18n.ts';
import en, { type CtaStrings } from './cta-strings.ts';

export type { CtaStrings };

/** The labels in `locale`'s language once it is loaded, else English. */
export const ctaStrings: (locale: string) => CtaStrings = strings('cta', en);
