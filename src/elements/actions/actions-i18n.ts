/** <merchant-actions> UI strings. Kept next to its element, so other elements' npm entries do not carry it. */
import { strings } from '../shared/i18n.ts';

export interface ActionsMessages {
  /** The heading above the nearby fallback's actions. */
  nearby: string;
  /** A deal's saving: an amount ("$5.00") or a percentage ("15%"). */
  off: (saving: string) => string;
  expires: (date: string) => string;
}

const en: ActionsMessages = {
  nearby: 'Nearby',
  off: (saving) => `${saving} off`,
  expires: (date) => `Expires ${date}`,
};

/** Strings for a BCP 47 locale once its language is loaded (shared/i18n's loadLanguage); else English. */
export const actionsStrings: (locale: string) => ActionsMessages = strings('actions', en);
