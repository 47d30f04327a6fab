/**
 * UI strings of `<merchant-hours>` (English here; es, fr, de in src/i18n) and locale formatting of times,
 * weekdays and the week's order, all by Intl. 12- or 24-hour is the locale's, unless `hour-cycle` says otherwise.
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

export type HourCycle = 'h12' | 'h23';

/** Wall minutes (minutes since 1970-01-01 00:00 on the wall clock) formatted in `locale`. */
export function formatWall(minutes: number, locale: string, options: Intl.DateTimeFormatOptions): string {
  return new Date(minutes * 60_000).toLocaleString(locale, { ...options, timeZone: 'UTC' });
}

/** A wall-clock time, `minutes` after a midnight, as `9:00 AM` or `09:00`; exactly 1440 (the day's end) is `12:00 AM` or `24:00`. */
export function formatWallTime(minutes: number, locale: string, hourCycle?: HourCycle): string {
  const text = formatWall(minutes, locale, { hour: 'numeric', minute: '2-digit', hourCycle });
  return minutes === 1440 ? text.replace(/^0?0(?=\D)/, '24') : text;
}

/** The weekday's name in the locale. */
export function weekdayName(day: Weekday, locale: string): string {
  // 1970-01-05 was a Monday.
  return formatWall((4 + WEEKDAYS.indexOf(day)) * 1440, locale, { weekday: 'long' });
}

/** The week in the locale's order: from its first day (Intl.Locale week info where supported; else Monday). */
export function weekOrder(locale: string): Weekday[] {
  const week = new Intl.Locale(locale) as Intl.Locale & { getWeekInfo?(): { firstDay: number }; weekInfo?: { firstDay: number } };
  const first = (week.getWeekInfo?.() ?? week.weekInfo)?.firstDay ?? 1;
  return WEEKDAYS.map((_, i) => WEEKDAYS[(first - 1 + i) % 7]);
}
