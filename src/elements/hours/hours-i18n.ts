/**
 * UI strings of `<merchant-hours>` (English here; es, fr, de in src/i18n) and the locale formatting of times and
 * weekdays, by Intl: 12- or 24-hour is the locale's.
 */
import { WEEKDAYS, type Weekday } from '../../contract/index.ts';
import { strings } from '../shared/i18n.ts';

const en = {
  hours: 'Opening hours',
  openNow: 'Open now',
  closedNow: 'Closed now',
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
};
export type HoursStrings = typeof en;

/** Strings for a BCP 47 locale (`fr-CA` → French), once its language is loaded (shared/i18n's loadLanguage); else English. */
export const hoursStrings = strings('hours', en);

/**
 * A week minute (minutes from a Monday 00:00, see hours-model) formatted in `locale`, e.g. as `9:00 AM` or
 * `09:00` with `{ hour: 'numeric', minute: '2-digit' }` (a minute past the day's end is the next day's).
 */
export function formatWeekMinute(minute: number, locale: string, options: Intl.DateTimeFormatOptions): string {
  // 1970-01-05 was a Monday.
  return new Date((4 * 1440 + minute) * 60_000).toLocaleString(locale, { ...options, timeZone: 'UTC' });
}

/** The weekday's name in the locale. */
export function weekdayName(day: Weekday, locale: string): string {
  return formatWeekMinute(WEEKDAYS.indexOf(day) * 1440, locale, { weekday: 'long' });
}
