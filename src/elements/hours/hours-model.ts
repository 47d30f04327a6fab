/**
 * Pure model of opening hours: open now, closes at, opens next and the next state change, computed in
 * the merchant's IANA time zone with `Intl.DateTimeFormat` parts (no date library, no host-zone maths).
 *
 * Rules (contract v1, `OpeningHours`):
 * - times are the merchant's local wall-clock `HH:mm`, 24-hour;
 * - `close` is `24:00` for midnight at the end of the day, and earlier than `open` when the period runs
 *   past midnight (into the next day); `open === close` is read as 24 hours from `open`;
 * - an empty day is closed; adjacent periods (Mon 18:00–24:00 and Tue 00:00–02:00) are one opening.
 *
 * Periods are laid out on a "wall week" (minutes 0..10080 from Monday 00:00 local) and merged; instants
 * are mapped back to real `Date`s through the zone's offset, so DST days (23 h or 25 h) come out right.
 * Nothing here throws: bad times are skipped, a bad zone gives `null` from `hoursStatus`.
 */
import { WEEKDAYS, type OpeningHours, type Period, type Weekday } from '../../contract/index.ts';

const DAY = 1440;
const WEEK = 7 * DAY;

/** Wall-clock reading of an instant in a zone. `weekday` 0 = Monday. */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

/** A merged opening on the wall week; `end` may exceed WEEK (wraps into next Monday). */
export interface WeekInterval {
  start: number;
  end: number;
}

export interface HoursStatus {
  /** Open at `now`. */
  open: boolean;
  /** Open all week without a break. */
  alwaysOpen: boolean;
  /** When the current opening ends (null when closed or always open). */
  closesAt: Date | null;
  /** When the next opening starts (null when open or when there are no hours at all). */
  opensAt: Date | null;
  /** The instant the open/closed state next changes (closesAt ?? opensAt). */
  nextChange: Date | null;
  /** Merchant-local weekday of `now`. */
  today: Weekday;
  /** Days between the merchant's local date of `now` and of `opensAt`/`closesAt` (0 = today, 1 = tomorrow). */
  changeDayOffset: number | null;
}

const formatterCache = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatterCache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatterCache.set(timeZone, f);
  }
  return f;
}

const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** True when `timeZone` is a zone this browser knows. */
export function isValidTimeZone(timeZone: string | null | undefined): timeZone is string {
  if (!timeZone) return false;
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock reading of `date` in `timeZone` (throws RangeError on an unknown zone). */
export function zonedParts(date: Date, timeZone: string): ZonedParts {
  const out: Record<string, string> = {};
  for (const p of partsFormatter(timeZone).formatToParts(date)) out[p.type] = p.value;
  return {
    year: Number(out.year),
    month: Number(out.month),
    day: Number(out.day),
    hour: Number(out.hour) % 24,
    minute: Number(out.minute),
    second: Number(out.second),
    weekday: SHORT_DAYS.indexOf(out.weekday),
  };
}

/** The zone's offset from UTC at `date`, in minutes (east positive). */
export function zoneOffsetMinutes(date: Date, timeZone: string): number {
  const p = zonedParts(date, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const t = Math.floor(date.getTime() / 1000) * 1000;
  return Math.round((wall - t) / 60000);
}

/**
 * The instant at which the wall clock in `timeZone` reads the given local time. Month/day may overflow
 * (day 32 rolls over), like `Date.UTC`. A time skipped by a DST gap maps to the instant after the gap
 * (02:30 on a spring-forward night is 03:30); a repeated time maps to its first occurrence.
 */
export function zonedTimeToDate(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone: string,
): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Try the offsets just before and after; pick the earliest candidate that reads back as `wall`.
  const o1 = zoneOffsetMinutes(new Date(wall - DAY * 60000), timeZone);
  const o2 = zoneOffsetMinutes(new Date(wall + DAY * 60000), timeZone);
  const candidates = [...new Set([o1, o2])].map((o) => wall - o * 60000).sort((a, b) => a - b);
  for (const c of candidates) {
    const back = c + zoneOffsetMinutes(new Date(c), timeZone) * 60000;
    if (back === wall) return new Date(c);
  }
  // In a gap: the wall time never occurs. Shift by the offset before the gap, which lands after it.
  return new Date(wall - Math.min(o1, o2) * 60000);
}

/** `HH:mm` → minutes since midnight (0..1440), or null when malformed. `24:00` → 1440. */
export function parseTime(text: string | null | undefined): number | null {
  if (typeof text !== 'string') return null;
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59 || h > 24 || (h === 24 && min !== 0)) return null;
  return h * 60 + min;
}

/** Start and end minutes (end > start, end ≤ start + 1440) of one period on its day, or null. */
export function periodSpan(period: Period): { start: number; end: number } | null {
  const start = parseTime(period?.open);
  let end = parseTime(period?.close);
  if (start == null || end == null || start >= DAY) return null;
  if (end <= start) end += DAY; // past midnight, or open === close meaning 24 hours
  return { start, end };
}

/** All periods laid out on the wall week and merged (sorted, non-overlapping, non-adjacent). */
export function weekIntervals(hours: OpeningHours | null | undefined): WeekInterval[] {
  const raw: WeekInterval[] = [];
  WEEKDAYS.forEach((day, i) => {
    const periods = hours?.days?.[day];
    if (!Array.isArray(periods)) return;
    for (const p of periods) {
      const span = periodSpan(p);
      if (span) raw.push({ start: i * DAY + span.start, end: i * DAY + span.end });
    }
  });
  raw.sort((a, b) => a.start - b.start);
  const merged: WeekInterval[] = [];
  for (const r of raw) {
    const last = merged[merged.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else merged.push({ ...r });
  }
  // An interval wrapping past Sunday midnight may join Monday's first one.
  if (merged.length > 1) {
    const last = merged[merged.length - 1];
    const first = merged[0];
    if (last.end >= WEEK + first.start) {
      last.end = Math.max(last.end, WEEK + first.end);
      merged.shift();
    }
  }
  if (merged.length === 1 && merged[0].end - merged[0].start >= WEEK) {
    return [{ start: 0, end: Infinity }];
  }
  return merged;
}

/**
 * Status of `hours` at `now` in `timeZone`. `null` when the zone is unknown or missing (the week can
 * still be shown; open-now cannot be told honestly).
 */
export function hoursStatus(
  hours: OpeningHours | null | undefined,
  timeZone: string | null | undefined,
  now: Date = new Date(),
): HoursStatus | null {
  if (!isValidTimeZone(timeZone) || Number.isNaN(now.getTime())) return null;
  const p = zonedParts(now, timeZone);
  const today = WEEKDAYS[p.weekday];
  const nowMin = p.weekday * DAY + p.hour * 60 + p.minute + p.second / 60;
  const intervals = weekIntervals(hours);
  const base: HoursStatus = {
    open: false,
    alwaysOpen: false,
    closesAt: null,
    opensAt: null,
    nextChange: null,
    today,
    changeDayOffset: null,
  };
  if (intervals.length === 0) return base;
  if (intervals[0].end === Infinity) return { ...base, open: true, alwaysOpen: true };

  // Turn a wall-week minute (possibly ≥ WEEK, or relative to this week) into a real instant.
  const weekStartDay = p.day - p.weekday; // local date of this Monday (may be ≤ 0: Date.UTC rolls)
  const toDate = (weekMinute: number): Date => {
    const dayIndex = Math.floor(weekMinute / DAY);
    const minuteOfDay = weekMinute - dayIndex * DAY;
    return zonedTimeToDate(
      p.year, p.month, weekStartDay + dayIndex, Math.floor(minuteOfDay / 60), minuteOfDay % 60, timeZone,
    );
  };
  const dayOffset = (weekMinute: number) => Math.floor(weekMinute / DAY) - p.weekday;

  // Current opening: check this week's intervals and last week's that wrap into this one.
  for (const iv of intervals) {
    for (const shift of [0, -WEEK]) {
      const s = iv.start + shift;
      const e = iv.end + shift;
      if (nowMin >= s && nowMin < e) {
        const closesAt = toDate(e);
        return { ...base, open: true, closesAt, nextChange: closesAt, changeDayOffset: dayOffset(e) };
      }
    }
  }
  // Next opening: first start after now, this week or next.
  let next = intervals.find((iv) => iv.start > nowMin)?.start;
  if (next == null) next = intervals[0].start + WEEK;
  const opensAt = toDate(next);
  return { ...base, opensAt, nextChange: opensAt, changeDayOffset: dayOffset(next) };
}

/** The next merchant-local midnight after `now` (when "today" changes). Null on an unknown zone. */
export function nextLocalMidnight(timeZone: string | null | undefined, now: Date = new Date()): Date | null {
  if (!isValidTimeZone(timeZone)) return null;
  const p = zonedParts(now, timeZone);
  return zonedTimeToDate(p.year, p.month, p.day + 1, 0, 0, timeZone);
}

/** The visitor-independent weekday of `now` in `timeZone`, falling back to the browser's zone. */
export function localWeekday(timeZone: string | null | undefined, now: Date = new Date()): Weekday {
  const zone = isValidTimeZone(timeZone) ? timeZone : Intl.DateTimeFormat().resolvedOptions().timeZone;
  try {
    return WEEKDAYS[zonedParts(now, zone).weekday] ?? 'mon';
  } catch {
    return WEEKDAYS[(now.getDay() + 6) % 7];
  }
}

/**
 * Delay in ms until the element should next re-render: the next state change or local midnight,
 * whichever is first; at least 1 s, at most `maxMs` (browsers cap timers at 2^31-1 ms, and a device
 * waking from sleep should catch up).
 */
export function refreshDelay(
  status: HoursStatus | null,
  timeZone: string | null | undefined,
  now: Date,
  maxMs = 60 * 60 * 1000,
): number {
  const candidates = [status?.nextChange, nextLocalMidnight(timeZone, now)]
    .filter((d): d is Date => d instanceof Date)
    .map((d) => d.getTime() - now.getTime());
  const delay = candidates.length ? Math.min(...candidates) : maxMs;
  return Math.max(1000, Math.min(delay, maxMs));
}

// ---------------------------------------------------------------------------------------------
// schema.org

const SCHEMA_DAYS: Record<Weekday, string> = {
  mon: 'https://schema.org/Monday',
  tue: 'https://schema.org/Tuesday',
  wed: 'https://schema.org/Wednesday',
  thu: 'https://schema.org/Thursday',
  fri: 'https://schema.org/Friday',
  sat: 'https://schema.org/Saturday',
  sun: 'https://schema.org/Sunday',
};

function schemaTime(minutes: number): string {
  if (minutes >= DAY) return '23:59:59';
  const h = String(Math.floor(minutes / 60)).padStart(2, '0');
  const m = String(minutes % 60).padStart(2, '0');
  return `${h}:${m}:00`;
}

/**
 * schema.org `OpeningHoursSpecification` entries: one per period (a `closes` earlier than `opens` spans
 * into the next day, as schema.org defines), and `00:00`–`00:00` for a closed day.
 */
export function openingHoursSpecification(hours: OpeningHours | null | undefined): Record<string, unknown>[] {
  if (!hours?.days) return [];
  const out: Record<string, unknown>[] = [];
  for (const day of WEEKDAYS) {
    const periods = Array.isArray(hours.days[day]) ? hours.days[day] : [];
    const spans = periods.map(periodSpan).filter((s): s is { start: number; end: number } => s != null);
    if (spans.length === 0) {
      out.push({ '@type': 'OpeningHoursSpecification', dayOfWeek: SCHEMA_DAYS[day], opens: '00:00:00', closes: '00:00:00' });
      continue;
    }
    for (const s of spans) {
      out.push({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: SCHEMA_DAYS[day],
        opens: schemaTime(s.start),
        closes: s.end === DAY ? schemaTime(DAY) : schemaTime(s.end % DAY),
      });
    }
  }
  return out;
}
