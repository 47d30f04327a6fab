import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { WEEKDAYS, type OpeningHours, type Period, type Weekday } from '../../src/contract/index.ts';
import { hoursStatus, periodSpan, weekMinute } from '../../src/elements/hours/hours-model.ts';
import { openingHoursSpecification } from '../../src/elements/hours/hours-json-ld.ts';
import { jsonLdText } from '../../src/elements/shared/json-ld.ts';
import { loadLanguage } from '../../src/elements/shared/i18n.ts';
import { formatWeekMinute, hoursStrings, weekdayName } from '../../src/elements/hours/hours-i18n.ts';

const DAY = 1440;
const WEEK = 7 * DAY;
const MINUTE = 60_000;

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

// `change` is the instant open/closed next changes; the model gives it on the merchant's clock, in week minutes.
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
    expect(at('2024-03-12T19:00:00Z')).to.include({ change: 2 * DAY + 2 * 60, changeDays: 1 }); // Wed 02:00
    // Thursday 09:00–24:00 and Friday 00:00–03:00: open through midnight.
    expect(at('2024-03-14T23:59:00Z')).to.include({ change: 4 * DAY + 3 * 60, changeDays: 1 }); // Fri 03:00
    // Sunday's 24 hours (10:00–10:00) join Monday 09:00–17:00, across the week's end.
    expect(at('2024-03-10T12:00:00Z')).to.include({ change: WEEK + 17 * 60, changeDays: 1 }); // next Mon 17:00
    expect(at('2024-03-11T12:00:00Z')).to.include({ open: true, today: 'mon' });
    const closed = hoursStatus(week({}), 'UTC', new Date('2024-03-11T12:00:00Z'))!;
    expect(closed.open).to.equal(false);
    expect(closed.change).to.equal(null);
  });

  it('reads all day every day as always open', () => {
    const all = week(Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [P('00:00', '24:00')]])));
    const s = hoursStatus(all, 'Europe/Paris', new Date('2024-06-01T12:00:00Z'))!;
    expect(s.open).to.equal(true);
    expect(s.change).to.equal(null);
  });

  it('reads the wall clock in the zone as week minutes, across DST changes', () => {
    const at = (iso: string, zone: string) => weekMinute(new Date(iso), zone);
    expect(at('2024-03-11T00:00:00Z', 'UTC')).to.equal(0); // Monday 00:00
    expect(at('2024-03-17T23:59:00Z', 'UTC')).to.equal(WEEK - 1); // Sunday 23:59
    expect(at('2024-03-12T16:00:00Z', 'America/New_York')).to.equal(DAY + 12 * 60); // Tue 12:00 EDT
    expect(at('2024-03-10T06:59:00Z', 'America/New_York')).to.equal(6 * DAY + 60 + 59); // Sun 01:59 EST
    expect(at('2024-03-10T07:00:00Z', 'America/New_York')).to.equal(6 * DAY + 3 * 60); // then 03:00 EDT
    expect(at('2024-11-03T06:30:00Z', 'America/New_York')).to.equal(6 * DAY + 90); // 01:30 EST, the second time
    expect(at('2024-03-11T00:00:00Z', 'Asia/Kathmandu')).to.equal(5 * 60 + 45); // UTC+5:45
    expect(at('2024-03-11T00:00:00Z', 'America/Los_Angeles')).to.equal(6 * DAY + 17 * 60); // still Sunday
    expect(() => weekMinute(new Date(), 'Mars/Olympus_Mons')).to.throw(RangeError);
  });

  describe('status table', () => {
    for (const [zone, now, open, change, today] of TABLE) {
      it(`${zone} at ${now}: ${open ? 'open' : 'closed'} until ${change}`, () => {
        const s = hoursStatus(BAR, zone, new Date(now))!;
        expect(s, 'status').to.not.equal(null);
        expect(s.open, 'open').to.equal(open);
        expect(s.today, 'today').to.equal(today);
        const minute = weekMinute(new Date(now), zone);
        // Within the week ahead, on the wall clock that the change instant reads.
        expect(s.change! - minute, 'next change').to.be.within(1, WEEK);
        expect(s.change! % WEEK, 'next change').to.equal(weekMinute(new Date(change!), zone));
        expect(s.changeDays, 'days to the change').to.equal(Math.floor(s.change! / DAY) - Math.floor(minute / DAY));
      });
    }
  });

  it('never reports a change in the past, and the state flips exactly at it (property)', () => {
    const zones = ['America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'Pacific/Auckland'];
    fc.assert(
      fc.property(fc.integer({ min: 28_400_000, max: 29_450_000 }), fc.constantFrom(...zones), (minutes, zone) => {
        const now = minutes * MINUTE; // 2024–2025, on the minute
        const s = hoursStatus(BAR, zone, new Date(now))!;
        const ahead = s.change! - weekMinute(new Date(now), zone);
        if (!(ahead >= 1 && ahead <= WEEK)) return false;
        // The wall clock gains or loses at most an hour on the real one (DST): look for the flip around there.
        let t = now + Math.max(1, ahead - 61) * MINUTE;
        while (hoursStatus(BAR, zone, new Date(t))!.open === s.open) {
          if ((t += MINUTE) > now + (ahead + 61) * MINUTE) return false;
        }
        return weekMinute(new Date(t), zone) === s.change! % WEEK;
      }),
      { numRuns: 100 },
    );
  });

  it('gives no status without a usable time zone, and no change without hours', () => {
    expect(hoursStatus(BAR, null, new Date())).to.equal(null);
    expect(hoursStatus(BAR, 'Mars/Olympus_Mons', new Date())).to.equal(null);
    const none = hoursStatus(week({}), 'UTC', new Date('2024-01-01T00:00:00Z'))!;
    expect(none.open).to.equal(false);
    expect(none.change).to.equal(null);
  });

  it('builds OpeningHoursSpecification with closed days and past-midnight periods', () => {
    const spec = openingHoursSpecification(BAR);
    const tue = spec.filter((s) => s.dayOfWeek === 'Tuesday');
    expect(tue).to.deep.equal([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Tuesday', opens: '11:00', closes: '14:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Tuesday', opens: '18:00', closes: '02:00' },
    ]);
    const wed = spec.filter((s) => s.dayOfWeek === 'Wednesday');
    expect(wed).to.deep.equal([{ '@type': 'OpeningHoursSpecification', dayOfWeek: 'Wednesday', opens: '00:00', closes: '00:00' }]);
    const thu = spec.find((s) => s.dayOfWeek === 'Thursday');
    expect(thu).to.include({ opens: '09:00', closes: '23:59' });
    expect(spec).to.have.length(8);
  });

  it("lists the days in the contract's WEEKDAYS order (the JSON-LD module writes its own copy of the order)", () => {
    const spec = openingHoursSpecification(week({}));
    const english = WEEKDAYS.map((day) => weekdayName(day, 'en'));
    expect(spec.map((s) => s.dayOfWeek)).to.deep.equal(english);
  });

  it('escapes markup in JSON-LD text', () => {
    const text = jsonLdText({ name: '</script><script>alert(1)</script>&' });
    expect(text).to.not.contain('<');
    expect(text).to.not.contain('>');
    expect(JSON.parse(text).name).to.equal('</script><script>alert(1)</script>&');
  });

  it('formats times by the locale hour cycle', async () => {
    await loadLanguage('es');
    const time = { hour: 'numeric', minute: '2-digit' } as const;
    expect(formatWeekMinute(13 * 60 + 5, 'en-US', time)).to.match(/^1:05\sPM$/);
    expect(formatWeekMinute(13 * 60 + 5, 'de-DE', time)).to.equal('13:05');
    expect(formatWeekMinute(DAY, 'de-DE', time)).to.match(/^0?0:00$/); // midnight, the day's end
    expect(formatWeekMinute(DAY, 'en-US', time)).to.match(/^12:00\sAM$/);
    expect(formatWeekMinute(DAY + 60, 'en-US', { weekday: 'long' })).to.equal('Tuesday');
    expect(formatWeekMinute(WEEK + 60, 'en-US', { weekday: 'long' })).to.equal('Monday');
    expect(weekdayName('mon', 'fr')).to.equal('lundi');
    expect(weekdayName('sun', 'de')).to.equal('Sonntag');
    expect(hoursStrings('es-MX').openNow).to.equal('Abierto ahora');
    expect(hoursStrings('xx').openNow).to.equal('Open now');
  });
});
