/**
 * Pure model of opening hours: open now, the next change and today, computed in the merchant's IANA time
 * zone with `Intl.DateTimeFormat` parts (no date library, no host-zone maths).
 *
 * The hours are the contract's (`OpeningHours`), as the gateway normalizes them: every weekday is an array
 * (empty: closed) of periods with valid 24-hour `HH:mm` times; `close` is `24:00` for midnight at the end of
 * the day and earlier than `open` when the period runs past midnight; `open === close` reads as 24 hours.
 *
 * Wall-clock readings are "wall minutes" (see `wallMinutes`), mapped back to instants through the zone's
 * offset, so DST days (23 or 25 hours) come out right. Periods are spans of minutes on the week from Monday 00:00. Open/closed can only change at one of their ends, so the
 * next change is the first end, going round the week from now, where the state differs from now's:
 * adjacent or overlapping periods (Sat 12:00–24:00 and Sun 00:00–02:00) read as one opening, with no merging.
 */
import { WEEKDAYS, type OpeningHours, type Period, type Weekday } from '../../contract/index.ts';
import { weekdayName } from './hours-i18n.ts';

const MINUTE = 60_000;
/** Minutes in a day and in a week. */
const DAY = 1440;
const WEEK = 7 * DAY;

export interface HoursStatus {
  /** Open at `now`. */
  open: boolean;
  /** The merchant's weekday at `now`. */
  today: Weekday;
  /** When open/closed next changes; null when it never does (open around the clock, or never open). */
  nextChange: Date | null;
  /** The merchant's wall clock at `nextChange`, in wall minutes (see `wallMinutes`). */
  changeWall: number;
  /** Days from the merchant's date at `now` to its date at `nextChange` (0 today, 1 tomorrow). */
  changeDays: number;
  /** The merchant's next midnight, when "today" moves on. */
  midnight: Date;
}

/**
 * The wall clock of `instant` in `timeZone`, as whole minutes since 1970-01-01 00:00 on that clock ("wall
 * minutes": the UTC epoch minute that reads the same, so `Date.UTC` does the calendar arithmetic).
 * Throws a RangeError on a zone this browser does not know.
 */
export function wallMinutes(instant: Date | number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(instant);
  const part = Object.fromEntries(parts.map(({ type, value }) => [type, +value]));
  return Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute) / MINUTE;
}

/**
 * The instant at which the wall clock in `timeZone` reads `wall` (wall minutes). A time skipped by a DST
 * gap maps to the instant after the gap (02:30 on a spring-forward night is 03:30); a repeated time maps
 * to its first occurrence.
 */
export function wallToDate(wall: number, timeZone: string): Date {
  const offset = (minutes: number) => wallMinutes(minutes * MINUTE, timeZone) - minutes;
  // With the offset of the day before, then with the offset in force at that guess.
  const before = wall - offset(wall - DAY);
  const after = wall - offset(before);
  // Neither reads back only in a gap; the later one is past it.
  return new Date(MINUTE * (wallMinutes(after * MINUTE, timeZone) === wall ? after : Math.max(before, after)));
}

/** A period's start and end in minutes from the start of its day; the end is past the start, by at most a day. */
export function periodSpan({ open, close }: Period): [start: number, end: number] {
  const [start, end] = [open, close].map((time) => +time.slice(0, 2) * 60 + +time.slice(3));
  return [start, end > start ? end : end + DAY];
}

/** Status of `hours` at `now` in `timeZone`; null when the zone is missing or unknown to this browser. */
export function hoursStatus(hours: OpeningHours, timeZone: string | null | undefined, now = new Date()): HoursStatus | null {
  if (!timeZone) return null;
  let wall: number;
  try {
    wall = wallMinutes(now, timeZone);
  } catch {
    return null; // an unknown zone (or an invalid date)
  }
  const date = wall - (wall % DAY);
  const weekday = (date / DAY + 3) % 7; // 1970-01-01 was a Thursday; 0 is Monday
  const monday = date - weekday * DAY;
  const minute = wall - monday;
  const spans = WEEKDAYS.flatMap((day, i) => hours.days[day].map((period) => periodSpan(period).map((m) => m + i * DAY)));
  // Spans are on this week; one may run past Sunday midnight into next week's Monday.
  const openAt = (m: number) => spans.some(([start, end]) => [m % WEEK, (m % WEEK) + WEEK].some((t) => t >= start && t < end));
  const open = openAt(minute);
  const change = spans
    .flat()
    .map((m) => minute + ((m - minute + WEEK) % WEEK))
    .sort((a, b) => a - b)
    .find((m) => openAt(m) !== open);
  const changeWall = monday + (change ?? 0);
  return {
    open,
    today: WEEKDAYS[weekday],
    nextChange: change === undefined ? null : wallToDate(changeWall, timeZone),
    changeWall,
    changeDays: Math.floor(changeWall / DAY) - date / DAY,
    midnight: wallToDate(date + DAY, timeZone),
  };
}

/**
 * Milliseconds until the element should render again: the next change or the merchant's midnight, whichever
 * comes first; at least a second, at most an hour (a device waking from sleep catches up within the hour).
 */
export function refreshDelay(status: HoursStatus | null, now: Date): number {
  const next = Math.min(+(status?.nextChange ?? Infinity), +(status?.midnight ?? Infinity));
  return Math.max(1000, Math.min(next - +now, 3_600_000));
}

/**
 * schema.org `OpeningHoursSpecification` entries: one per period (a `closes` earlier than `opens` spans into
 * the next day, as schema.org defines; `24:00` is `23:59:59`), and `00:00`–`00:00` for a closed day.
 */
export function openingHoursSpecification(hours: OpeningHours): Record<string, string>[] {
  return WEEKDAYS.flatMap((day) => {
    const periods = hours.days[day];
    return (periods.length ? periods : [{ open: '00:00', close: '00:00' }]).map(({ open, close }) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${weekdayName(day, 'en')}`,
      opens: `${open}:00`,
      closes: close === '24:00' ? '23:59:59' : `${close}:00`,
    }));
  });
}
