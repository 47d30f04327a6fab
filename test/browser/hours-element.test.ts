import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { Location } from '../../src/contract/index.ts';
import '../../src/elements/hours/define.ts';
import type { MerchantHours } from '../../src/elements/hours/merchant-hours.ts';
import {
  ENDPOINT,
  LOCATION_ID,
  deferred,
  expectInert,
  gated,
  gateway,
  hostilePage,
  jsonLdScript,
  location,
  page,
  resetClient,
  stubFetch,
  structuredDataSettled,
  type Route,
} from './fixtures.ts';
import { expectAxeClean, layoutShift, settled, text } from './element-checks.ts';

const $ = (el: Element, sel: string) => el.shadowRoot!.querySelector<HTMLElement>(sel);
const has = (el: Element, sel: string) => el.shadowRoot!.querySelector(sel) !== null;
const $$ = (el: Element, sel: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(sel)];

// Fixture hours (America/New_York): Mon closed; Tue/Wed 11:30–14:30 Lunch + 17:00–22:00 Dinner; Thu 11:30–22:00;
// Fri 11:30–01:00; Sat 12:00–24:00; Sun 12:00–21:00.
const TUE_NOON = new Date('2024-03-12T16:00:00Z'); // Tue 12:00 EDT
const MON_NOON = new Date('2024-03-11T16:00:00Z'); // Mon 12:00 EDT
const SUN_10PM = new Date('2024-03-11T02:00:00Z'); // Sun 22:00 EDT
const SAT_0030 = new Date('2024-03-16T04:30:00Z'); // Sat 00:30 EDT (Friday's shift, past midnight)

function withLocation(loc: Location): Route {
  return gateway({ pages: { [LOCATION_ID]: page({ location: loc }) } });
}

async function hoursEl(attrs = '', now: Date | null = TUE_NOON, route: Route = gateway()): Promise<MerchantHours> {
  stubFetch(route);
  const wrap = await fixture<HTMLDivElement>(`<div><merchant-hours endpoint="${ENDPOINT}" location-id="${LOCATION_ID}" ${attrs}></merchant-hours></div>`);
  const el = wrap.querySelector('merchant-hours')!;
  el.now = now;
  await settled(el);
  await el.updateComplete;
  return el;
}

describe('<merchant-hours>', () => {
  beforeEach(() => resetClient());
  afterEach(() => resetClient());

  it('goes loading → ready with merchant-load, axe-clean in both', async () => {
    const gate = deferred();
    stubFetch(gated(gateway(), gate));
    const el = await fixture<MerchantHours>(html`<merchant-hours endpoint=${ENDPOINT} location-id=${LOCATION_ID} .now=${TUE_NOON}></merchant-hours>`);
    expect(el.getAttribute('state')).to.equal('loading');
    await expectAxeClean(el);
    const loaded = oneEvent(el, 'merchant-load');
    gate.release();
    expect(((await loaded).detail as Location).id).to.equal(LOCATION_ID);
    await el.updateComplete;
    expect(el.getAttribute('state')).to.equal('ready');
    await expectAxeClean(el);
  });

  it('shows the week with several periods a day, closed days, descriptions and today highlighted', async () => {
    const el = await hoursEl('locale="en-US"');
    const rows = $$(el, 'tr[part~=day]');
    expect(rows.map((r) => text(r.querySelector('th')))).to.deep.equal(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    const tue = rows[1];
    expect(tue.getAttribute('aria-current')).to.equal('date');
    expect(tue.getAttribute('part')).to.equal('day today');
    expect(text(tue.querySelector('td'))).to.match(/^11:30\sAM – 2:30\sPM \(Lunch\)\s?5:00\sPM – 10:00\sPM \(Dinner\)$/);
    expect($$(el, 'tr[aria-current]')).to.have.length(1);
    const mon = rows.find((r) => text(r.querySelector('th')).startsWith('Monday'))!;
    expect(text(mon.querySelector('td'))).to.equal('Closed');
    const fri = rows.find((r) => text(r.querySelector('th')).startsWith('Friday'))!;
    expect(text(fri.querySelector('td'))).to.match(/^11:30\sAM – 1:00\sAM$/);
    const sat = rows.find((r) => text(r.querySelector('th')).startsWith('Saturday'))!;
    expect(text(sat.querySelector('td'))).to.match(/^12:00\sPM – 12:00\sAM$/);
    expect($$(el, '[part=holidays] li').map(text)).to.deep.equal(['Closed on Christmas Day', 'Open until 18:00 on New Year’s Eve']);
  });

  const cases: Array<[string, Date, string, RegExp]> = [
    ['open at lunch', TUE_NOON, 'Open now', /^Closes at 2:30\sPM$/],
    ['closed on a closed day', MON_NOON, 'Closed now', /^Opens tomorrow at 11:30\sAM$/],
    ['closed, opening two days later', SUN_10PM, 'Closed now', /^Opens Tuesday at 11:30\sAM$/],
    // Half an hour before closing: its last hour.
    ['open past midnight, closing within the hour', SAT_0030, 'Closes soon', /^Closes at 1:00\sAM$/],
    ['between two periods', new Date('2024-03-12T19:00:00Z'), 'Closed now', /^Opens at 5:00\sPM$/],
  ];
  for (const [name, now, badge, change] of cases) {
    it(`says open now / closes at / opens next in the merchant's zone: ${name}`, async () => {
      const el = await hoursEl('locale="en-US"', now);
      expect(text($(el, '[part~=badge]'))).to.equal(badge);
      expect(text($(el, '[part=next-change]'))).to.match(change);
      // The "as of" note is for a server's copy only: in the browser the status is computed now and every minute.
      expect(has(el, '[part=computed-at]')).to.equal(false);
    });
  }

  it('shows the next change and the period descriptions as secondary text (smaller)', async () => {
    const el = await hoursEl('locale="en-US"');
    const size = (node: Element) => parseFloat(getComputedStyle(node).fontSize);
    expect(size($(el, '[part=next-change]')!)).to.be.below(size(el));
    expect(size($(el, 'tr[aria-current] td .detail')!)).to.be.below(size(el));
  });

  it('uses the locale clock (24-hour in German) and its language', async () => {
    const de = await hoursEl('locale="de-DE"');
    expect(text($(de, '[part~=badge]'))).to.equal('Jetzt geöffnet');
    expect(text($(de, '[part=next-change]'))).to.equal('Schließt um 14:30');
    expect(text($(de, 'tr[aria-current] th'))).to.equal('Dienstag');
    expect(text($(de, 'tr[aria-current] td'))).to.match(/^11:30–14:30 \(Lunch\)\s?17:00–22:00 \(Dinner\)$/);
    const fr = await hoursEl('locale="fr"', MON_NOON);
    expect(text($(fr, '[part=next-change]'))).to.equal('Ouvre demain à 11:30');
  });

  it('computes in the location zone; no usable zone means no open-now line', async () => {
    // 16:00Z is 17:00 in Berlin on Tuesday: the dinner period.
    const berlin = await hoursEl('locale="en-US"', TUE_NOON, withLocation(location({ timeZone: 'Europe/Berlin' })));
    expect(text($(berlin, '[part=next-change]'))).to.match(/^Closes at 10:00\sPM$/);
    resetClient();
    const none = await hoursEl('', TUE_NOON, withLocation(location({ timeZone: null })));
    expect(has(none, '[part=status]')).to.equal(false);
    expect($$(none, 'tr[part~=day]')).to.have.length(7);
    expect($$(none, 'tr[aria-current]')).to.have.length(1);
  });

  it('variant="compact" shows only the status and today, axe-clean', async () => {
    const el = await hoursEl('variant="compact" locale="en-US"');
    expect(el.getAttribute('variant')).to.equal('compact');
    expect(has(el, 'table')).to.equal(false);
    expect(text($(el, '[part=today-hours]'))).to.match(/^Today: 11:30\sAM – 2:30\sPM \(Lunch\)\s?5:00\sPM – 10:00\sPM \(Dinner\)$/);
    // Today's periods share one line (the compact variant reserves one line for them).
    const today = $(el, '[part=today-hours]') as HTMLElement;
    expect(today.getBoundingClientRect().height).to.be.below(parseFloat(getComputedStyle(today).lineHeight) * 1.5);
    expect(text($(el, '[part~=badge]'))).to.equal('Open now');
    await expectAxeClean(el);
    el.now = MON_NOON;
    await el.updateComplete;
    expect(text($(el, '[part=today-hours]'))).to.equal('Today: Closed');
  });

  it('shows "Open 24 hours" for a location open around the clock', async () => {
    const all = { open: '00:00', close: '24:00', description: null };
    const loc = location({ hours: { days: { mon: [all], tue: [all], wed: [all], thu: [all], fri: [all], sat: [all], sun: [all] }, holidaySchedule: [] } });
    const el = await hoursEl('locale="en-US"', TUE_NOON, withLocation(loc));
    expect(text($(el, '[part=next-change]'))).to.equal('Open 24 hours');
    expect(text($(el, 'tr[aria-current] td'))).to.equal('Open 24 hours');
  });

  it('renders again at the start of each minute, with one timer cleared on disconnect', async () => {
    const el = await hoursEl('', null);
    const parent = el.parentElement!;
    const { setTimeout: realSet, clearTimeout: realClear } = window;
    const timers: Array<[callback: () => void, delay: number]> = [];
    const cleared: unknown[] = [];
    window.setTimeout = ((callback: () => void, delay: number) => timers.push([callback, delay])) as typeof window.setTimeout;
    window.clearTimeout = ((id: number) => void cleared.push(id)) as typeof window.clearTimeout;
    try {
      el.remove();
      expect(cleared, 'cleared on disconnect').to.have.length(1);
      parent.append(el);
      expect(timers, 'one timer when connected').to.have.length(1);
      const [tick, delay] = timers[0];
      expect(delay).to.be.within(1, 60_000);
      expect(Math.abs(delay - (60_000 - (Date.now() % 60_000)))).to.be.lessThan(100);
      await el.updateComplete;
      tick();
      expect(el.isUpdatePending, 'renders when the timer fires').to.equal(true);
      expect(timers, 'and sets the next one').to.have.length(2);
      el.remove();
      expect(cleared.at(-1), 'the pending timer is cleared').to.equal(2);
    } finally {
      window.setTimeout = realSet;
      window.clearTimeout = realClear;
    }
    await el.updateComplete;
  });

  describe('structured data', () => {
    it('adds OpeningHoursSpecification JSON-LD in the light DOM', async () => {
      const el = await hoursEl();
      const script = await jsonLdScript(el);
      const data = JSON.parse(script.textContent!);
      expect(data).to.include({ '@context': 'https://schema.org', '@type': 'LocalBusiness', name: "Luigi's Pizzeria" });
      const spec = data.openingHoursSpecification as Array<Record<string, string>>;
      expect(spec.filter((s) => s.dayOfWeek === 'Tuesday')).to.have.length(2);
      expect(spec.find((s) => s.dayOfWeek === 'Monday')).to.include({ opens: '00:00', closes: '00:00' });
      expect(spec.find((s) => s.dayOfWeek === 'Friday')).to.include({ opens: '11:30', closes: '01:00' });
    });

    it('adds none with no-structured-data', async () => {
      const el = await hoursEl('no-structured-data');
      await structuredDataSettled();
      expect(el.querySelectorAll('script').length).to.equal(0);
    });
  });

  it('shows the empty state when the merchant published no hours (axe-clean)', async () => {
    const el = await hoursEl('', TUE_NOON, withLocation(location({ hours: null })));
    expect(el.state).to.equal('empty');
    expect(text($(el, '[part=empty]'))).to.contain('not available');
    await structuredDataSettled();
    expect(el.querySelectorAll('script').length).to.equal(0);
    await expectAxeClean(el);
  });

  it('shows an actionable error without an endpoint (axe-clean)', async () => {
    stubFetch(gateway());
    const el = await fixture<MerchantHours>(html`<merchant-hours location-id=${LOCATION_ID}></merchant-hours>`);
    await settled(el);
    expect(el.state).to.equal('error');
    expect(text($(el, '[part=error]'))).to.contain('endpoint');
    await expectAxeClean(el);
  });

  it('renders hostile data inert', async () => {
    const el = await hoursEl('', TUE_NOON, gateway({ pages: { [LOCATION_ID]: hostilePage() } }));
    expect(el.state).to.equal('ready');
    expectInert(el.shadowRoot!);
    expect(text($(el, '[part=holidays]'))).to.contain('<script>');
    const script = await jsonLdScript(el);
    expect(script.type).to.equal('application/ld+json');
    expect(script.textContent).to.not.contain('<');
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
    await expectAxeClean(el);
  });

  it('has no layout shift from loading to ready at its documented size', async () => {
    const probe = await hoursEl('locale="en-US"');
    const full = probe.getBoundingClientRect().height;
    probe.parentElement!.remove();
    const template = (minHeight: string) => html`<div>
      <merchant-hours endpoint=${ENDPOINT} location-id=${LOCATION_ID} locale="en-US" .now=${TUE_NOON}
        style=${`--merchant-hours-min-height: ${minHeight}`}></merchant-hours>
      <p>After the hours</p></div>`;
    expect(await layoutShift(gateway(), template('0px'), 'merchant-hours'), 'control').to.be.greaterThan(0);
    expect(await layoutShift(gateway(), template(`${full}px`), 'merchant-hours')).to.equal(0);
  });
});
