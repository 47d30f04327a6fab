/**
 * Pure model of opening hours: open now, the next change and today, computed in the merchant's IANA time
 * zone with `Intl.DateTimeFormat` parts (no date library, no host-zone maths).
 *
 * The hours are the contract's (`OpeningHours`), as the gateway normalizes them: every weekday is an array
 * (empty: closed) of periods with valid 24-hour `HH:mm` times; `close` is `24:00` for midnight at the end of
 * the day and earlier than `open` when the period runs past midnight; `open === close` reads as 24 hours.
 *
 * Everything is read on the merchant's wall clock, as minutes of the week from Monday 00:00 ("week minutes"),
 * so DST days (23 or 25 hours) need no special case. The week is read minute by minute (10,080 flags):
 * adjacent or overlapping periods (Sat 12:00–24:00 and Sun 00:00–02:00) are one opening with no merging, and
 * the next change is the first minute, going round the week from now, whose state differs from now's.
 */
import { WEEKDAYS, type OpeningHours, type Period, type Weekday } from '../../contract/index.ts';
import { dateTimeFormat } from '../shared/formats.ts';

/** Minutes in a day and in a week. */
const DAY = 1440;
const WEEK = 7 * DAY;

export interface HoursStatus {
  /** Open now. */
  open: boolean;
  /** The merchant's weekday now. */
  today: Weekday;
  /** When open/closed next changes, in week minutes (past `WEEK` when it is next week); null when it never does. */
  change: number | null;
  /** Days from the merchant's date now to the date of the change (0 today, 1 tomorrow). */
  changeDays: number;
  /** Open, and closing within the hour (the merchant's clock): "Closes soon". */
  closingSoon: boolean;
}

/**
 * The merchant's wall clock at `instant` in `timeZone`, in week minutes (Monday 00:00 is 0).
 * Throws a RangeError on a zone this browser does not know.
 */
export function weekMinute(instant: Date, timeZone: string): number {
  const parts = dateTimeFormat('en-US', { timeZone, hourCycle: 'h23', weekday: 'short', hour: 'numeric', minute: 'numeric' }).formatToParts(instant);
  const part = Object.fromEntries(parts.map(({ type, value }) => [type, value.toLowerCase()]));
  // en-US short weekdays are the contract's names, capitalised ("Mon").
  return WEEKDAYS.indexOf(part.weekday as Weekday) * DAY + +part.hour * 60 + +part.minute;
}

/** A period's start and end in minutes from the start of its day; the end is past the start, by at most a day. */
export function periodSpan({ open, close }: Period): [start: number, end: number] {
  const [start, end] = [open, close].map((time) => +time.slice(0, 2) * 60 + +time.slice(3));
  return [start, end > start ? end : end + DAY];
}

/** Status of `hours` at `now` in `timeZone`; null when the zone is missing or unknown to this browser. */
export function hoursStatus(hours: OpeningHours, timeZone: string | null, now: Date): HoursStatus | null {
  if (!timeZone) return null;
  let minute: number;
  try {
    minute = weekMinute(now, timeZone);
  } catch {
    return null; // an unknown zone (or an invalid date)
  }
  // 1 where open; a period past Sunday midnight wraps to Monday.
  const week = new Uint8Array(WEEK);
  WEEKDAYS.forEach((day, i) =>
    hours.days[day].forEach((period) => {
      const [start, end] = periodSpan(period);
      for (let m = start; m < end; m++) week[(i * DAY + m) % WEEK] = 1;
    }),
  );
  const open = week[minute];
  let next = minute + 1;
  while (next < minute + WEEK && week[next % WEEK] === open) next++;
  const today = Math.floor(minute / DAY);
  return {
    open: open === 1,
    today: WEEKDAYS[today],
    change: next < minute + WEEK ? next : null,
    changeDays: Math.floor(next / DAY) - today,
    closingSoon: open === 1 && next - minute <= 60,
  };
}
