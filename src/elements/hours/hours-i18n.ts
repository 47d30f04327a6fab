/**
 * UI strings of `<merchant-hours>` (en, es, fr, de) and locale formatting of times and weekdays.
 * 12- or 24-hour comes from the locale (Intl `hourCycle`), overridable with `hour-cycle`.
 */
import type { Weekday } from '../../contract/index.ts';
import { WEEKDAYS } from '../../contract/index.ts';
import { strings } from '../shared/i18n.ts';

export interface HoursStrings {
  hours: string;
  openNow: string;
  closedNow: string;
  open24: string;
  closed: string;
  today: string;
  holidays: string;
  noHours: string;
  closesAt: (time: string) => string;
  opensAt: (time: string) => string;
  opensTomorrow: (time: string) => string;
  opensOn: (day: string, time: string) => string;
  closesOn: (day: string, time: string) => string;
  through: (a: string, b: string) => string;
}

const en: HoursStrings = {
  hours: 'Opening hours',
  openNow: 'Open now',
  closedNow: 'Closed now',
  open24: 'Open 24 hours',
  closed: 'Closed',
  today: 'Today',
  holidays: 'Holiday hours',
  noHours: 'Opening hours are not available.',
  closesAt: (t) => `Closes at ${t}`,
  opensAt: (t) => `Opens at ${t}`,
  opensTomorrow: (t) => `Opens tomorrow at ${t}`,
  opensOn: (d, t) => `Opens ${d} at ${t}`,
  closesOn: (d, t) => `Closes ${d} at ${t}`,
  through: (a, b) => `${a} – ${b}`,
};

/** Strings for a BCP 47 locale (`fr-CA` → French), once its language is loaded (shared/i18n's loadLanguage); else English. */
export const hoursStrings: (locale: string | null | undefined) => HoursStrings = strings('hours', en);

export type HourCycle = 'h12' | 'h23';

function safeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(locale, options);
  } catch {
    return new Intl.DateTimeFormat(undefined, options);
  }
}

/** The locale's usual hour cycle, reduced to 12 or 24 hours. */
export function localeHourCycle(locale: string | undefined): HourCycle {
  const hc = safeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
  return hc === 'h11' || hc === 'h12' ? 'h12' : 'h23';
}

/** Minutes since midnight (0..1440) as a wall time: `9:00 AM` / `09:00`; 1440 is `12:00 AM` / `24:00`. */
export function formatWallTime(minutes: number, locale: string | undefined, hourCycle?: HourCycle): string {
  const cycle = hourCycle ?? localeHourCycle(locale);
  const m = ((minutes % 1440) + 1440) % 1440;
  const date = new Date(Date.UTC(2024, 0, 1, Math.floor(m / 60), m % 60));
  const f = safeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC', hourCycle: cycle });
  const text = f.format(date);
  if (minutes === 1440 && cycle === 'h23') return text.replace(/^0?0(?=\D)/, '24');
  return text;
}

/** An instant as wall time in `timeZone`. */
export function formatInstant(date: Date, timeZone: string, locale: string | undefined, hourCycle?: HourCycle): string {
  const cycle = hourCycle ?? localeHourCycle(locale);
  return safeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone, hourCycle: cycle }).format(date);
}

/** Weekday name in the locale (`long` or `short`). */
export function weekdayName(day: Weekday, locale: string | undefined, width: 'long' | 'short' = 'long'): string {
  // 2024-01-01 was a Monday.
  const date = new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day)));
  return safeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(date);
}

/** The locale's first day of the week (Intl.Locale weekInfo where supported; Monday otherwise). */
export function firstDayOfWeek(locale: string | undefined): Weekday {
  try {
    const loc = new Intl.Locale(locale ?? navigator.language) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const first = loc.getWeekInfo?.().firstDay ?? loc.weekInfo?.firstDay;
    if (typeof first === 'number' && first >= 1 && first <= 7) return WEEKDAYS[first - 1];
  } catch {
    /* fall through */
  }
  return 'mon';
}

/** WEEKDAYS rotated to start at `first`. */
export function orderedWeek(first: Weekday): Weekday[] {
  const i = WEEKDAYS.indexOf(first);
  return [...WEEKDAYS.slice(i), ...WEEKDAYS.slice(0, i)];
}
