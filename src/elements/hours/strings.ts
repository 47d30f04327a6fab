/** <merchant-hours> UI strings in English; their shape is the type each language module in src/elements/i18n/ satisfies. */

const en = {
  hours: 'Opening hours',
  openNow: 'Open now',
  closedNow: 'Closed now',
  closesSoon: 'Closes soon',
  open24: 'Open 24 hours',
  closed: 'Closed',
  today: 'Today',
  holidays: 'Holiday hours',
  noHours: 'Opening hours are not available.',
  closesAt: (time: string) => `Closes at ${time}`,
  opensAt: (time: string) => `Opens at ${time}`,
  opensTomorrow: (time: string) => `Opens tomorrow at ${time}`,
  opensOn: (day: string, time: string) => `Opens ${day} at ${time}`,
  closesOn: (day: string, time: string) => `Closes ${day} at ${time}`,
  through: (from: string, to: string) => `${from} – ${to}`,
  /** A status computed on a server says when, in the location's time: "as of 9:42 PM". */
  asOf: (time: string) => `as of ${time}`,
};

/** The shape every translation of these strings satisfies. */
export type HoursStrings = typeof en;

export default en;

// The `hours` namespace of every language module (src/elements/i18n/types.ts collects them): declared beside its English.
// The import puts types.ts in every program that has this file (an augmentation cannot bring its module in).
import type {} from '../i18n/types.ts';
declare module '../i18n/types.ts' {
  interface Translations {
    hours: HoursStrings;
  }
}
