/**
 * Opening hours from both upstream forms into the contract's one model:
 * - the Publisher API: `{Monday: [{opening, closing, description}], ..., holiday_schedule: [..]}`,
 *   several periods a day, a closed day as `opening = closing = "closed"`;
 * - the Location Data Feed: `{mon: {start, end}, ..., holidaySchedule: "text"}`.
 */
import { WEEKDAYS, type OpeningHours, type Period, type Weekday } from '../../contract/index.ts';
import type { PublisherHours, PublisherPeriod } from '../../upstream/shapes.ts';
import { asArray, clock, isShaped, longText, type Json } from './values.ts';

const DAY_NAMES: Record<string, Weekday> = {
  monday: 'mon',
  tuesday: 'tue',
  wednesday: 'wed',
  thursday: 'thu',
  friday: 'fri',
  saturday: 'sat',
  sunday: 'sun',
  mon: 'mon',
  tue: 'tue',
  wed: 'wed',
  thu: 'thu',
  fri: 'fri',
  sat: 'sat',
  sun: 'sun',
  tues: 'tue',
  weds: 'wed',
  thur: 'thu',
  thurs: 'thu',
};

function emptyDays(): Record<Weekday, Period[]> {
  return Object.fromEntries(WEEKDAYS.map((d) => [d, []])) as unknown as Record<Weekday, Period[]>;
}

function period(raw: Json): Period | null {
  if (!isShaped<PublisherPeriod>(raw)) return null;
  const open = clock(raw.opening ?? raw.start ?? raw.open, false);
  const close = clock(raw.closing ?? raw.end ?? raw.close, true);
  // `closed` (or anything unreadable) in either end means no period: the day is closed.
  if (open === null || close === null) return null;
  return { open, close, description: longText(raw.description) };
}

function holidayLines(value: Json): string[] {
  if (typeof value === 'string')
    return value
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
  return asArray(value)
    .map(longText)
    .filter((l): l is string => l !== null);
}

/** `null` when there are no hours at all (an empty object, absent, or nothing readable). */
export function normalizeHours(raw: Json): OpeningHours | null {
  if (!isShaped<PublisherHours>(raw)) return null;
  const days = emptyDays();
  let known = false;
  for (const [key, value] of Object.entries(raw)) {
    // An own property only: `constructor` or `__proto__` as a key must not find Object.prototype's members.
    const name = key.trim().toLowerCase();
    const day = Object.hasOwn(DAY_NAMES, name) ? DAY_NAMES[name] : undefined;
    if (!day) continue;
    known = true;
    const periods = Array.isArray(value) ? value : [value];
    for (const p of periods) {
      const normalized = period(p);
      if (normalized) days[day].push(normalized);
    }
  }
  for (const day of WEEKDAYS) days[day].sort((a, b) => a.open.localeCompare(b.open));
  const holidaySchedule = holidayLines(raw.holiday_schedule ?? raw.holidaySchedule);
  if (!known && holidaySchedule.length === 0) return null;
  return { days, holidaySchedule };
}
