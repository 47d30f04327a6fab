import { expect, fixture, fixtureSync, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/elements/nearby/define.ts';
import '../../src/elements/provider/define.ts';
import type { MerchantNearby } from '../../src/elements/nearby/merchant-nearby.ts';
import { formatDistance } from '../../src/elements/nearby/distance.ts';
import {
  ENDPOINT,
  LOCATION_ID,
  axeViolations,
  deferred,
  errorResource,
  expectInert,
  gated,
  gateway,
  json,
  mount,
  nearby,
  nearbyResults,
  poison,
  resetClient,
  settled,
  shadowText,
  stubFetch,
} from './fixtures.ts';

const stopNavigation = (e: Event) => e.preventDefault();

async function nearbyEl(attrs: string, route = gateway()) {
  const stub = stubFetch(route);
  const wrapper = await mount<HTMLDivElement>(html`<div .innerHTML=${`<merchant-nearby endpoint="${ENDPOINT}" ${attrs}></merchant-nearby>`}></div>`);
  const el = wrapper.querySelector('merchant-nearby')!;
  await settled(el);
  return { el, stub };
}

describe('<merchant-nearby>', () => {
  before(() => window.addEventListener('click', stopNavigation));
  after(() => window.removeEventListener('click', stopNavigation));
  beforeEach(() => resetClient());
  afterEach(() => resetClient());

  it('around a location: requests /v1/locations/{id}/nearby and renders name, distance and action', async () => {
    const { el, stub } = await nearbyEl(`location-id="${LOCATION_ID}" locale="en-US"`);
    expect(stub.calls).to.deep.equal([`${ENDPOINT}/v1/locations/${LOCATION_ID}/nearby`]);
    expect(el.state).to.equal('ready');
    const items = [...el.shadowRoot!.querySelectorAll('[part=item]')];
    expect(items.length).to.equal(3);
    expect(items[0].querySelector('[part=name]')!.textContent).to.equal("Nonna's Kitchen");
    expect(items[0].querySelector('[part=distance]')!.textContent).to.equal('390 ft');
    expect(items[1].querySelector('[part=distance]')!.textContent).to.equal('0.6 mi');
    const link = items[0].querySelector<HTMLAnchorElement>('a[part=button]')!;
    expect(link.rel).to.equal('noopener sponsored');
    expect(link.textContent).to.contain('Order from Nonna');
    expect(link.textContent).to.contain("Nonna's Kitchen");
  });

  it('around a point: latitude/longitude win, with every filter under the upstream names, as written', async () => {
    const { stub } = await nearbyEl(
      `location-id="${LOCATION_ID}" latitude="40.7" longitude="-74.01" radius="3000" limit="5" type="deal" owner-verified="false" business-type="Restaurant, Bakery" cuisine="Italian,Pizza" nearby-only`,
    );
    const url = new URL(stub.calls[0]);
    expect(url.pathname).to.equal('/v1/nearby');
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({
      latitude: '40.7',
      longitude: '-74.01',
      radius: '3000',
      limit: '5',
      type: 'deal',
      owner_verified: 'false',
      business_type: 'Restaurant, Bakery',
      cuisine: 'Italian,Pizza',
    });
  });

  it('nearby-only, owner-verified and numeric type around a location (the gateway reads the numeric id)', async () => {
    const { stub } = await nearbyEl(`location-id="${LOCATION_ID}" nearby-only owner-verified type="2"`);
    const url = new URL(stub.calls[0]);
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({ type: '2', owner_verified: 'true', nearby_only: 'true' });
  });

  it('blank number attributes are unset (not 0); a non-number goes to the gateway, whose 400 is shown', async () => {
    const { stub } = await nearbyEl(`location-id="${LOCATION_ID}" latitude="" longitude=" " radius=""`);
    expect(stub.calls).to.deep.equal([`${ENDPOINT}/v1/locations/${LOCATION_ID}/nearby`]);
    resetClient();
    const { stub: bad } = await nearbyEl(`location-id="${LOCATION_ID}" radius="far"`);
    expect(new URL(bad.calls[0]).searchParams.get('radius')).to.equal('NaN');
  });

  it('takes the location from an enclosing merchant-provider', async () => {
    const stub = stubFetch(gateway());
    const wrapper = await mount<HTMLElement>(
      html`<merchant-provider endpoint=${ENDPOINT} location-id=${LOCATION_ID}><merchant-nearby></merchant-nearby></merchant-provider>`,
    );
    const el = wrapper.querySelector('merchant-nearby')!;
    await settled(el);
    expect(el.state).to.equal('ready');
    expect(stub.calls).to.include(`${ENDPOINT}/v1/locations/${LOCATION_ID}/nearby`);
  });

  it('distances in the locale’s units: miles for US/GB/LR/MM, kilometres elsewhere', () => {
    expect(formatDistance('en-US', 2400)).to.equal('1.5 mi');
    expect(formatDistance('en', 2400)).to.equal('1.5 mi');
    expect(formatDistance('en-GB', 2400)).to.equal('1.5 mi');
    expect(formatDistance('de', 2400)).to.match(/^2,4\skm$/);
    expect(formatDistance('es-MX', 2400)).to.match(/^2.4\skm$/);
    expect(formatDistance('en-US', 120)).to.equal('390 ft');
    expect(formatDistance('en-CA', 120)).to.match(/^120\sm$/);
    expect(formatDistance('fr-FR', 120)).to.match(/^120\sm$/);
  });

  it('empty: no results shows the empty message or the empty slot', async () => {
    const route = gateway({ nearby: { results: [] } });
    const { el } = await nearbyEl(`location-id="${LOCATION_ID}"`, route);
    expect(el.state).to.equal('empty');
    expect(shadowText(el)).to.equal('Nothing nearby right now.');
    resetClient();
    stubFetch(route);
    const slotted = await fixture<MerchantNearby>(
      html`<merchant-nearby endpoint=${ENDPOINT} location-id=${LOCATION_ID}><p slot="empty">Try a larger radius</p></merchant-nearby>`,
    );
    await settled(slotted);
    expect(slotted.shadowRoot!.querySelector<HTMLSlotElement>('slot[name=empty]')!.assignedElements()[0].textContent).to.equal('Try a larger radius');
  });

  it('error: a gateway 400 (radius too large) shows its message as a detail and fires merchant-error', async () => {
    stubFetch(() => json(errorResource(400, 'INVALID_PARAMETER', 'radius must be at most 16093.'), 400));
    // Listening from the start: an answer at hand is shown (and its event fired) in the element's first update.
    const el = fixtureSync<MerchantNearby>(html`<merchant-nearby endpoint=${ENDPOINT} location-id=${LOCATION_ID} radius="99999"></merchant-nearby>`);
    const event = await oneEvent(el, 'merchant-error');
    expect(event.detail).to.include({ error: 'INVALID_PARAMETER', status_code: 400 });
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part=error-detail]')!.textContent).to.equal('radius must be at most 16093.');
  });

  it('config mistakes: no location and no point; no endpoint', async () => {
    const { el } = await nearbyEl('');
    expect(shadowText(el)).to.contain('“location-id” setting');
    const noEndpoint = await fixture<MerchantNearby>(html`<merchant-nearby latitude="1" longitude="2"></merchant-nearby>`);
    await settled(noEndpoint);
    expect(shadowText(noEndpoint)).to.contain('“endpoint” setting');
  });

  it('hostile data renders inert', async () => {
    const hostile = { results: poison(nearbyResults()).map((r, i) => ({ ...r, distance: nearbyResults()[i].distance })) };
    const { el } = await nearbyEl(`location-id="${LOCATION_ID}"`, gateway({ nearby: hostile }));
    expectInert(el.shadowRoot!);
    // Every action URL was hostile: no result is shown with a dead link.
    expect(el.state).to.equal('empty');
    const textOnly = { results: hostile.results.map((r, i) => ({ ...r, action: { ...r.action, url: nearbyResults()[i].action.url } })) };
    resetClient();
    const { el: el2 } = await nearbyEl(`location-id="${LOCATION_ID}"`, gateway({ nearby: textOnly }));
    expectInert(el2.shadowRoot!);
    expect(shadowText(el2)).to.contain('<script>');
  });

  it('merchant-action-click is cancellable and carries the action; keyboard reaches the links', async () => {
    const { el } = await nearbyEl(`location-id="${LOCATION_ID}"`);
    const before = document.createElement('button');
    before.textContent = 'before';
    el.before(before);
    before.focus();
    await sendKeys({ press: 'Tab' });
    const first = el.shadowRoot!.querySelector<HTMLAnchorElement>('a[part=button]')!;
    expect(el.shadowRoot!.activeElement).to.equal(first);
    let prevented: boolean | undefined;
    el.shadowRoot!.addEventListener('click', (e) => (prevented = e.defaultPrevented), { once: true });
    el.addEventListener('merchant-action-click', (e) => e.preventDefault(), { once: true });
    const fired = oneEvent(el, 'merchant-action-click');
    await sendKeys({ press: 'Enter' });
    expect((await fired).detail.action.id).to.equal('n-1');
    expect(prevented).to.equal(true);
    before.remove();
  });

  for (const theme of ['light', 'dark']) {
    it(`axe: no violations in loading, ready, empty and error (${theme})`, async () => {
      const gate = deferred();
      stubFetch(gated(gateway(), gate));
      const el = await fixture<MerchantNearby>(html`<merchant-nearby theme=${theme} endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-nearby>`);
      expect(await axeViolations(el)).to.deep.equal([]);
      gate.release();
      await settled(el);
      expect(el.state).to.equal('ready');
      expect(await axeViolations(el)).to.deep.equal([]);
      resetClient();
      const { el: empty } = await nearbyEl(`theme="${theme}" location-id="x"`, gateway({ nearby: { results: [] } }));
      expect(empty.state).to.equal('empty');
      expect(await axeViolations(empty)).to.deep.equal([]);
      resetClient();
      const { el: error } = await nearbyEl(`theme="${theme}"`);
      expect(error.state).to.equal('error');
      expect(await axeViolations(error)).to.deep.equal([]);
    });
  }

  it('no layout shift from loading to ready at the documented size (two results at 360px in 12.5rem)', async () => {
    const gate = deferred();
    stubFetch(gated(gateway({ nearby: { results: nearby().results.slice(0, 2) } }), gate));
    const wrapper = await mount<HTMLDivElement>(html`<div style="width: 360px; font-size: 16px">
      <merchant-nearby endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-nearby><p id="after">after</p></div>`);
    const el = wrapper.querySelector('merchant-nearby')!;
    const after = wrapper.querySelector('#after')!;
    const before = { host: el.getBoundingClientRect().height, after: after.getBoundingClientRect().top };
    expect(before.host).to.equal(200);
    gate.release();
    await settled(el);
    expect(el.state).to.equal('ready');
    expect(el.getBoundingClientRect().height).to.equal(before.host);
    expect(after.getBoundingClientRect().top).to.equal(before.after);
  });
});
