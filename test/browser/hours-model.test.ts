import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import type { OpeningHours, Period, Weekday } from '../../src/contract/index.ts';
import { hoursStatus, openingHoursSpecification, periodSpan, refreshDelay, wallMinutes, wallToDate } from '../../src/elements/hours/hours-model.ts';
import { jsonLdText } from '../../src/elements/shared/structured-data.ts';
import { loadLanguage } from '../../src/elements/shared/i18n.ts';
import { formatWallTime, hoursStrings, weekOrder, weekdayName } from '../../src/elements/hours/hours-i18n.ts';

/** `wallToDate` for a wall-clock date and time given like `Date.UTC`'s (month 1-based). */
const wallDate = (year: number, month: number, day: number, hour: number, minute: number, zone: string) =>
  wallToDate(Date.UTC(year, month - 1, day, hour, minute) / 60_000, zone);

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
  // Times arrive valid (`HH:mm`, `24:00`): the gateway's normalizer guarantees it (test/node covers `clock`).
  it('reads periods as spans: past midnight, to 24:00, and open === close as 24 hours', () => {
    expect(periodSpan(P('09:30', '17:00'))).to.deep.equal([570, 1020]);
    expect(periodSpan(P('18:00', '02:00'))).to.deep.equal([1080, 1560]);
    expect(periodSpan(P('09:00', '24:00'))).to.deep.equal([540, 1440]);
    expect(periodSpan(P('10:00', '10:00'))).to.deep.equal([600, 2040]);
  });

  it('treats adjacent and past-midnight periods as one opening', () => {
    const at = (iso: string) => hoursStatus(BAR, 'UTC', new Date(iso))!;
    // Tuesday's late shift runs into Wednesday 02:00.
    expect(at('2024-03-12T19:00:00Z')).to.include({ open: true, today: 'tue' });
    expect(at('2024-03-12T19:00:00Z').nextChange?.toISOString()).to.equal('2024-03-13T02:00:00.000Z');
    // Thursday 09:00–24:00 and Friday 00:00–03:00: open through midnight.
    expect(at('2024-03-14T23:59:00Z').nextChange?.toISOString()).to.equal('2024-03-15T03:00:00.000Z');
    // Sunday's 24 hours (10:00–10:00) join Monday 09:00–17:00, across the week's end.
    expect(at('2024-03-10T12:00:00Z').nextChange?.toISOString()).to.equal('2024-03-11T17:00:00.000Z');
    expect(at('2024-03-11T12:00:00Z')).to.include({ open: true, today: 'mon' });
    const closed = hoursStatus(week({}), 'UTC', new Date('2024-03-11T12:00:00Z'))!;
    expect(closed.open).to.equal(false);
    expect(closed.nextChange).to.equal(null);
  });

  it('reads all day every day as always open', () => {
    const all = week(Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [P('00:00', '24:00')]])));
    const s = hoursStatus(all, 'Europe/Paris', new Date('2024-06-01T12:00:00Z'))!;
    expect(s.open).to.equal(true);
    expect(s.nextChange).to.equal(null);
  });

  it('converts wall times to instants across DST gaps and overlaps', () => {
    expect(wallDate(2024, 3, 10, 2, 30, 'America/New_York').toISOString()).to.equal('2024-03-10T07:30:00.000Z');
    expect(wallDate(2024, 11, 3, 1, 30, 'America/New_York').toISOString()).to.equal('2024-11-03T05:30:00.000Z');
    expect(wallDate(2024, 3, 31, 2, 30, 'Europe/Berlin').toISOString()).to.equal('2024-03-31T01:30:00.000Z');
    expect(wallDate(2024, 1, 32, 0, 0, 'UTC').toISOString()).to.equal('2024-02-01T00:00:00.000Z');
  });

  it('round-trips wall time ↔ instant for any instant (property)', () => {
    const zones = ['America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'Pacific/Auckland', 'Australia/Lord_Howe', 'UTC'];
    fc.assert(
      fc.property(fc.integer({ min: 1577836800, max: 1893456000 }), fc.constantFrom(...zones), (sec, zone) => {
        const d = new Date(Math.floor(sec / 60) * 60000);
        const wall = wallMinutes(d, zone);
        const back = wallToDate(wall, zone);
        return wallMinutes(back, zone) === wall && back.getTime() <= d.getTime();
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
    expect(refreshDelay(s, now)).to.equal(60_000);
    const late = new Date('2024-03-07T04:30:00Z'); // Wed 23:30 EST: midnight comes before Thursday 09:00
    const s2 = hoursStatus(BAR, 'America/New_York', late);
    expect(refreshDelay(s2, late)).to.equal(30 * 60_000);
    expect(s2?.midnight.toISOString()).to.equal('2024-03-07T05:00:00.000Z');
    expect(refreshDelay(null, late)).to.equal(3_600_000);
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

  it('formats times by the locale hour cycle', async () => {
    await loadLanguage('es');
    expect(formatWallTime(13 * 60 + 5, 'en-US')).to.match(/^1:05\sPM$/);
    expect(formatWallTime(13 * 60 + 5, 'de-DE')).to.equal('13:05');
    expect(formatWallTime(1440, 'de-DE')).to.equal('24:00');
    expect(formatWallTime(1440, 'en-US')).to.match(/^12:00\sAM$/);
    expect(formatWallTime(9 * 60, 'en-US', 'h23')).to.equal('09:00');
    expect(weekdayName('mon', 'fr')).to.equal('lundi');
    expect(weekOrder('en-US')).to.deep.equal(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']);
    expect(weekOrder('de')[0]).to.equal('mon');
    expect(hoursStrings('es-MX').openNow).to.equal('Abierto ahora');
    expect(hoursStrings('xx').openNow).to.equal('Open now');
  });
});
