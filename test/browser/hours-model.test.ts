import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import type { OpeningHours, Period, Weekday } from '../../src/contract/index.ts';
import {
  hoursStatus,
  nextLocalMidnight,
  openingHoursSpecification,
  parseTime,
  refreshDelay,
  weekIntervals,
  zonedParts,
  zonedTimeToDate,
} from '../../src/elements/hours/hours-model.ts';
import { jsonLdText } from '../../src/elements/shared/structured-data.ts';
import { formatWallTime, hoursStrings, localeHourCycle, orderedWeek, weekdayName } from '../../src/elements/hours/hours-i18n.ts';

const P = (open: string, close: string): Period => ({ open, close, description: null });
function week(days: Partial<Record<Weekday, Period[]>>): OpeningHours {
  return {
    days: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [], ...days },
    holidaySchedule: [],
  };
}

// A bar: lunch and a late shift past midnight, closed Wednesday, 24:00 on Thursday joined with Friday's
// early hours, 24 hours on Sunday (open === close).
const BAR = week({
  mon: [P('09:00', '17:00')],
  tue: [P('11:00', '14:00'), P('18:00', '02:00')],
  thu: [P('09:00', '24:00')],
  fri: [P('00:00', '03:00')],
  sun: [P('10:00', '10:00')],
});

type Row = [zone: string, now: string, open: boolean, change: string | null, today: Weekday];
const TABLE: Row[] = [
  // New York, standard time (UTC-5) and daylight time (UTC-4)
  ['America/New_York', '2024-03-04T14:00:00Z', true, '2024-03-04T22:00:00.000Z', 'mon'], // Mon 09:00 EST (open since Sun 10:00)
  ['America/New_York', '2024-03-05T15:59:59Z', false, '2024-03-05T16:00:00.000Z', 'tue'], // Tue 10:59:59 EST, a second before
  ['America/New_York', '2024-03-05T16:00:00Z', true, '2024-03-05T19:00:00.000Z', 'tue'], // Tue 11:00 EST opens
  ['America/New_York', '2024-03-11T21:59:00Z', false, '2024-03-12T15:00:00.000Z', 'mon'], // Mon 17:59 EDT: closed since 17:00
  ['America/New_York', '2024-03-12T23:00:00Z', true, '2024-03-13T06:00:00.000Z', 'tue'], // Tue 19:00 EDT, late shift
  ['America/New_York', '2024-03-13T05:30:00Z', true, '2024-03-13T06:00:00.000Z', 'wed'], // Wed 01:30, past midnight
  ['America/New_York', '2024-03-13T06:00:00Z', false, '2024-03-14T13:00:00.000Z', 'wed'], // Wed 02:00, closed day
  ['America/New_York', '2024-03-15T03:00:00Z', true, '2024-03-15T07:00:00.000Z', 'thu'], // Thu 23:00, 24:00 + Fri 00:00–03:00
  ['America/New_York', '2024-03-15T05:00:00Z', true, '2024-03-15T07:00:00.000Z', 'fri'], // Fri 01:00
  // DST: spring forward Sunday 2024-03-10 (a 23-hour day); Sunday opens 10:00 EDT for 24 h to Mon 10:00
  ['America/New_York', '2024-03-10T06:59:00Z', false, '2024-03-10T14:00:00.000Z', 'sun'], // 01:59 EST
  ['America/New_York', '2024-03-10T07:00:00Z', false, '2024-03-10T14:00:00.000Z', 'sun'], // 03:00 EDT
  ['America/New_York', '2024-03-10T14:00:00Z', true, '2024-03-11T21:00:00.000Z', 'sun'], // merged with Monday 09–17
  // DST: fall back Sunday 2024-11-03 (a 25-hour day)
  ['America/New_York', '2024-11-03T05:30:00Z', false, '2024-11-03T15:00:00.000Z', 'sun'], // 01:30 EDT
  ['America/New_York', '2024-11-03T06:30:00Z', false, '2024-11-03T15:00:00.000Z', 'sun'], // 01:30 EST again
  // Berlin (UTC+1/+2) and its spring-forward night
  ['Europe/Berlin', '2024-03-11T08:00:00Z', true, '2024-03-11T16:00:00.000Z', 'mon'],
  ['Europe/Berlin', '2024-03-31T07:59:00Z', false, '2024-03-31T08:00:00.000Z', 'sun'],
  // Kolkata (UTC+5:30, no DST), Kathmandu (+5:45), Auckland (southern hemisphere DST), Los Angeles
  ['Asia/Kolkata', '2024-03-11T03:30:00Z', true, '2024-03-11T11:30:00.000Z', 'mon'],
  ['Asia/Kathmandu', '2024-03-11T03:15:00Z', true, '2024-03-11T11:15:00.000Z', 'mon'],
  // Auckland: Sunday 2024-04-07 is the fall-back day (NZDT+13 → NZST+12 at 03:00). 23:00Z is Sun 11:00 NZST:
  // the 24-hour Sunday opening started at 10:00 and runs into Monday 09–17.
  ['Pacific/Auckland', '2024-04-06T23:00:00Z', true, '2024-04-08T05:00:00.000Z', 'sun'],
  // Los Angeles: 2024-03-13T09:30Z is Wed 02:30 PDT; the Tuesday late shift closed at 02:00.
  ['America/Los_Angeles', '2024-03-13T09:30:00Z', false, '2024-03-14T16:00:00.000Z', 'wed'],
];

describe('hours-model', () => {
  it('parses HH:mm, 24:00 and rejects junk', () => {
    expect(parseTime('09:30')).to.equal(570);
    expect(parseTime('24:00')).to.equal(1440);
    expect(parseTime('9:05')).to.equal(545);
    for (const bad of ['24:01', '12:60', 'noon', '', '1230', null, undefined, '<script>']) {
      expect(parseTime(bad as string)).to.equal(null);
    }
  });

  it('merges adjacent and past-midnight periods on the wall week', () => {
    expect(weekIntervals(BAR)).to.deep.equal([
      { start: 1440 + 660, end: 1440 + 840 },
      { start: 1440 + 1080, end: 2 * 1440 + 120 },
      { start: 3 * 1440 + 540, end: 4 * 1440 + 180 },
      { start: 6 * 1440 + 600, end: 7 * 1440 + 1020 }, // Sunday 24 h joins next Monday 09–17
    ]);
    expect(weekIntervals(null)).to.deep.equal([]);
    expect(weekIntervals(week({}))).to.deep.equal([]);
  });

  it('reads all day every day as always open', () => {
    const all = week(Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [P('00:00', '24:00')]])));
    const s = hoursStatus(all, 'Europe/Paris', new Date('2024-06-01T12:00:00Z'))!;
    expect(s.open).to.equal(true);
    expect(s.alwaysOpen).to.equal(true);
    expect(s.nextChange).to.equal(null);
  });

  it('converts wall times to instants across DST gaps and overlaps', () => {
    expect(zonedTimeToDate(2024, 3, 10, 2, 30, 'America/New_York').toISOString()).to.equal('2024-03-10T07:30:00.000Z');
    expect(zonedTimeToDate(2024, 11, 3, 1, 30, 'America/New_York').toISOString()).to.equal('2024-11-03T05:30:00.000Z');
    expect(zonedTimeToDate(2024, 3, 31, 2, 30, 'Europe/Berlin').toISOString()).to.equal('2024-03-31T01:30:00.000Z');
    expect(zonedTimeToDate(2024, 1, 32, 0, 0, 'UTC').toISOString()).to.equal('2024-02-01T00:00:00.000Z');
  });

  it('round-trips wall time ↔ instant for any instant (property)', () => {
    const zones = ['America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'Pacific/Auckland', 'Australia/Lord_Howe', 'UTC'];
    fc.assert(
      fc.property(fc.integer({ min: 1577836800, max: 1893456000 }), fc.constantFrom(...zones), (sec, zone) => {
        const d = new Date(Math.floor(sec / 60) * 60000);
        const p = zonedParts(d, zone);
        const back = zonedTimeToDate(p.year, p.month, p.day, p.hour, p.minute, zone);
        const again = zonedParts(back, zone);
        return again.hour === p.hour && again.minute === p.minute && again.day === p.day && back.getTime() <= d.getTime();
      }),
      { numRuns: 300 },
    );
  });

  describe('status table', () => {
    for (const [zone, now, open, change, today] of TABLE) {
      it(`${zone} at ${now}: ${open ? 'open' : 'closed'} until ${change}`, () => {
        const s = hoursStatus(BAR, zone, new Date(now))!;
        expect(s, 'status').to.not.equal(null);
        expect(s.open, 'open').to.equal(open);
        expect(s.nextChange?.toISOString() ?? null, 'next change').to.equal(change);
        expect(s.today, 'today').to.equal(today);
        if (open) expect(s.closesAt?.toISOString()).to.equal(change);
        else expect(s.opensAt?.toISOString()).to.equal(change);
      });
    }
  });

  it('never reports a change in the past, and the state flips exactly at it (property)', () => {
    const zones = ['America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'Pacific/Auckland'];
    fc.assert(
      fc.property(fc.integer({ min: 1704067200, max: 1767225600 }), fc.constantFrom(...zones), (sec, zone) => {
        const now = new Date(sec * 1000);
        const s = hoursStatus(BAR, zone, now)!;
        if (!s.nextChange) return false;
        if (s.nextChange.getTime() <= now.getTime()) return false;
        const before = hoursStatus(BAR, zone, new Date(s.nextChange.getTime() - 1000))!;
        const after = hoursStatus(BAR, zone, s.nextChange)!;
        return before.open === s.open && after.open !== s.open;
      }),
      { numRuns: 200 },
    );
  });

  it('gives no status without a usable time zone, and no change without hours', () => {
    expect(hoursStatus(BAR, null)).to.equal(null);
    expect(hoursStatus(BAR, 'Mars/Olympus_Mons')).to.equal(null);
    const none = hoursStatus(week({}), 'UTC', new Date('2024-01-01T00:00:00Z'))!;
    expect(none.open).to.equal(false);
    expect(none.nextChange).to.equal(null);
  });

  it('schedules one refresh at the next change or local midnight, bounded', () => {
    const now = new Date('2024-03-05T15:59:00Z'); // Tue 10:59 EST, opens 11:00
    const s = hoursStatus(BAR, 'America/New_York', now);
    expect(refreshDelay(s, 'America/New_York', now)).to.equal(60_000);
    const late = new Date('2024-03-07T04:30:00Z'); // Wed 23:30 EST: midnight comes before Thursday 09:00
    const s2 = hoursStatus(BAR, 'America/New_York', late);
    expect(refreshDelay(s2, 'America/New_York', late)).to.equal(30 * 60_000);
    expect(nextLocalMidnight('America/New_York', late)?.toISOString()).to.equal('2024-03-07T05:00:00.000Z');
    expect(refreshDelay(null, null, late)).to.equal(3_600_000);
  });

  it('builds OpeningHoursSpecification with closed days and past-midnight periods', () => {
    const spec = openingHoursSpecification(BAR);
    const tue = spec.filter((s) => s.dayOfWeek === 'https://schema.org/Tuesday');
    expect(tue).to.deep.equal([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Tuesday', opens: '11:00:00', closes: '14:00:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Tuesday', opens: '18:00:00', closes: '02:00:00' },
    ]);
    const wed = spec.find((s) => s.dayOfWeek === 'https://schema.org/Wednesday');
    expect(wed).to.include({ opens: '00:00:00', closes: '00:00:00' });
    const thu = spec.find((s) => s.dayOfWeek === 'https://schema.org/Thursday');
    expect(thu).to.include({ opens: '09:00:00', closes: '23:59:59' });
  });

  it('escapes markup in JSON-LD text', () => {
    const text = jsonLdText({ name: '</script><script>alert(1)</script>&' });
    expect(text).to.not.contain('<');
    expect(text).to.not.contain('>');
    expect(JSON.parse(text).name).to.equal('</script><script>alert(1)</script>&');
  });

  it('formats times by the locale hour cycle', () => {
    expect(localeHourCycle('en-US')).to.equal('h12');
    expect(localeHourCycle('de-DE')).to.equal('h23');
    expect(formatWallTime(13 * 60 + 5, 'en-US')).to.match(/^1:05\sPM$/);
    expect(formatWallTime(13 * 60 + 5, 'de-DE')).to.equal('13:05');
    expect(formatWallTime(1440, 'de-DE')).to.equal('24:00');
    expect(formatWallTime(1440, 'en-US')).to.match(/^12:00\sAM$/);
    expect(formatWallTime(9 * 60, 'en-US', 'h23')).to.equal('09:00');
    expect(weekdayName('mon', 'fr')).to.equal('lundi');
    expect(orderedWeek('sun')[0]).to.equal('sun');
    expect(hoursStrings('es-MX').openNow).to.equal('Abierto ahora');
    expect(hoursStrings('xx').openNow).to.equal('Open now');
  });
});
