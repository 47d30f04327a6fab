/**
 * UI strings of `<merchant-hours>` (English in `strings.ts`) and the locale formatting of times and weekdays, by Intl: 12- or
 * 24-hour is the locale's.
 */
import { WEEKDAYS, type Weekday } from '../../contract/index.ts';
import { strings } from '../shared/i18n.ts';
import { utcDateTimeFormat, WEEKDAY_NAME } from '../shared/formats.ts';
import en, { type HoursStrings } from './strings.ts';

export type { HoursStrings };

/** Strings for a BCP 47 locale (`fr-CA` → French), once its language is loaded (shared/i18n's loadLanguage); else English. */
export const hoursStrings = strings('hours', en);

/**
 * A week minute (minutes from a Monday 00:00, see hours-model) formatted in `locale`, e.g. as `9:00 AM` or
 * `09:00` with `{ hour: 'numeric', minute: '2-digit' }` (a minute past the day's end is the next day's).
 */
export function formatWeekMinute(minute: number, locale: string, options: Intl.DateTimeFormatOptions): string {
  // 1970-01-05 was a Monday.
  return utcDateTimeFormat(locale, options).format((4 * 1440 + minute) * 60_000);
}

/** The weekday's name in the locale. */
export function weekdayName(day: Weekday, locale: string): string {
  return formatWeekMinute(WEEKDAYS.indexOf(day) * 1440, locale, WEEKDAY_NAME);
}
