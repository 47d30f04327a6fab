import { expect, fixture, fixtureSync, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/elements/location/define.ts';
import type { MerchantLocation } from '../../src/elements/location/merchant-location.ts';
import { mapUrl } from '../../src/elements/location/merchant-location.ts';
import {
  ENDPOINT,
  LOCATION_ID,
  axeViolations,
  deferred,
  errorResource,
  expectInert,
  gated,
  gateway,
  hostilePage,
  json,
  location,
  mount,
  page,
  resetClient,
  settled,
  shadowText,
  stubFetch,
} from './fixtures.ts';

const stopNavigation = (e: Event) => e.preventDefault();

async function locationEl(fixtures = gateway(), attrs = '') {
  stubFetch(fixtures);
  const wrapper = await mount<HTMLDivElement>(
    html`<div .innerHTML=${`<merchant-location endpoint="${ENDPOINT}" location-id="${LOCATION_ID}" ${attrs}></merchant-location>`}></div>`,
  );
  const el = wrapper.querySelector('merchant-location')!;
  await settled(el);
  return el;
}

const part = (el: MerchantLocation, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~=${name}]`);

describe('<merchant-location>', () => {
  before(() => window.addEventListener('click', stopNavigation));
  after(() => window.removeEventListener('click', stopNavigation));
  beforeEach(() => resetClient());
  afterEach(() => resetClient());

  it('renders name (as a heading), address, map link, phone, website, description, cuisine, services, price', async () => {
    const el = await locationEl();
    expect(el.state).to.equal('ready');
    const name = part(el, 'name')!;
    expect(name.textContent).to.equal("Luigi's Pizzeria");
    expect(name.localName).to.equal('h2');
    expect(part(el, 'address')!.textContent).to.contain('123 Mulberry Street');
    expect(part(el, 'address')!.textContent).to.contain('New York, NY 10013');
    const map = part(el, 'map-link') as HTMLAnchorElement;
    expect(map.href).to.equal('https://www.openstreetmap.org/?mlat=40.7191&mlon=-73.9973#map=17/40.7191/-73.9973');
    expect(map.rel).to.equal('noopener');
    expect((part(el, 'phone') as HTMLAnchorElement).getAttribute('href')).to.equal('tel:+12125550134');
    expect((part(el, 'website') as HTMLAnchorElement).href).to.equal('https://luigis.example/');
    // Email is not shown (not among the issue's required details; dropped for the size budget).
    expect(part(el, 'email')).to.equal(null);
    const description = part(el, 'description')!;
    expect(description.textContent).to.equal('Wood-fired pizza since 1952.\nFamily owned.\nAsk about our catering.');
    expect(getComputedStyle(description).whiteSpace).to.equal('pre-line');
    expect(part(el, 'cuisine')!.textContent).to.contain('Italian, Pizza');
    const services = [...el.shadowRoot!.querySelectorAll('[part=service]')].map((s) => s.textContent!.trim());
    expect(services).to.deep.equal(['Take-out', 'Dine-in', 'Delivery', 'Reservations', 'Wheelchair accessible']);
    const price = part(el, 'price-rating')!;
    expect(price.querySelector('[aria-hidden=true]')!.textContent).to.equal('$$');
    expect(price.textContent).to.contain('Price level 2 of 5');
  });

  it("reads the price level on the spec's scale, 1 to 5 (price_rating): $ is 1 of 5, $$$$$ is 5 of 5", async () => {
    for (const rating of [1, 5]) {
      resetClient();
      const rated = location();
      rated.attributes = { ...rated.attributes, priceRating: rating };
      const price = part(await locationEl(gateway({ pages: { [LOCATION_ID]: page({ location: rated }) } })), 'price-rating')!;
      expect(price.querySelector('[aria-hidden=true]')!.textContent).to.equal('$'.repeat(rating));
      expect(price.textContent).to.contain(`Price level ${rating} of 5`);
    }
  });

  it('heading-level sets the native heading level; invalid values fall back to 2', async () => {
    expect(part(await locationEl(gateway(), 'heading-level="3"'), 'name')!.localName).to.equal('h3');
    resetClient();
    expect(part(await locationEl(gateway(), 'heading-level="9"'), 'name')!.localName).to.equal('h2');
    resetClient();
    expect(part(await locationEl(gateway(), 'heading-level="1"'), 'name')!.localName).to.equal('h1');
  });

  it('map link falls back to an address search without coordinates; nothing without either', () => {
    expect(mapUrl({ coordinates: null, address: location().address })).to.equal(
      'https://www.openstreetmap.org/search?query=123%20Mulberry%20Street%2C%20Suite%202%2C%20New%20York%2C%20NY%2010013%2C%20US',
    );
    const empty = {
      line1: null,
      line2: null,
      city: null,
      region: null,
      postalCode: null,
      country: null,
      crossStreet: null,
      neighborhood: null,
      directions: null,
    };
    expect(mapUrl({ coordinates: null, address: empty })).to.equal(null);
  });

  it('localizes labels in es, fr and de', async () => {
    const expected = { es: ['Para llevar', 'Ver en el mapa'], fr: ['À emporter', 'Voir sur la carte'], de: ['Zum Mitnehmen', 'Auf der Karte ansehen'] };
    for (const [locale, words] of Object.entries(expected)) {
      resetClient();
      const text = shadowText(await locationEl(gateway(), `locale="${locale}"`));
      for (const word of words) expect(text).to.contain(word);
    }
  });

  it('leaves out what the location does not have', async () => {
    const bare = location({ phone: null, website: null, email: null, description: null, cuisines: [] });
    bare.attributes = { ...bare.attributes, takeOut: null, dineIn: false, delivery: null, reservations: null, wheelchairAccess: null, priceRating: null };
    const el = await locationEl(gateway({ pages: { [LOCATION_ID]: page({ location: bare }) } }));
    for (const name of ['phone', 'website', 'description', 'cuisine', 'services', 'price-rating']) expect(part(el, name)).to.equal(null);
  });

  it('hostile data renders inert: text as text, javascript:/data:/vbscript: links dropped', async () => {
    const el = await locationEl(gateway({ pages: { [LOCATION_ID]: hostilePage() } }));
    expect(el.state).to.equal('ready');
    expectInert(el.shadowRoot!);
    expect(part(el, 'name')!.textContent).to.equal(hostilePage().location!.name);
    expect(part(el, 'website')).to.equal(null);
    expect(part(el, 'phone')).to.equal(null);
  });

  it('a location whose part failed shows the error and fires merchant-error', async () => {
    stubFetch(
      gateway({ pages: { [LOCATION_ID]: { ...page(), location: undefined, errors: { location: errorResource(502, 'UPSTREAM_ERROR', 'Bad upstream.') } } } }),
    );
    // Listening from the start: an answer at hand is shown (and its event fired) in the element's first update.
    const el = fixtureSync<MerchantLocation>(
      html`<merchant-location endpoint=${ENDPOINT} location-id=${LOCATION_ID}><p slot="error">Details unavailable</p></merchant-location>`,
    );
    const event = await oneEvent(el, 'merchant-error');
    expect(event.detail.error).to.equal('UPSTREAM_ERROR');
    await el.updateComplete;
    expect(el.state).to.equal('error');
    expect(el.shadowRoot!.querySelector<HTMLSlotElement>('slot[name=error]')!.assignedElements()[0].textContent).to.equal('Details unavailable');
  });

  it('fires merchant-load with the location', async () => {
    stubFetch(gateway());
    // Listening from the start: an answer at hand is shown (and its event fired) in the element's first update.
    const el = fixtureSync<MerchantLocation>(html`<merchant-location endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-location>`);
    const event = await oneEvent(el, 'merchant-load');
    expect(event.detail).to.deep.include({ id: LOCATION_ID, name: "Luigi's Pizzeria" });
  });

  it('config mistakes: unknown location and unreachable gateway', async () => {
    const unknown = await locationEl(() => json(errorResource(404, 'LOCATION_DOES_NOT_EXIST', 'No such location.'), 404));
    expect(shadowText(unknown)).to.contain(`No location with the ID “${LOCATION_ID}” was found`);
    resetClient();
    const down = await locationEl(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(shadowText(down)).to.contain('No answer at https://gateway.test');
  });

  it('keyboard: map, phone and website links are reached in order with Tab', async () => {
    const el = await locationEl();
    const before = document.createElement('button');
    before.textContent = 'before';
    el.before(before);
    before.focus();
    const reached: string[] = [];
    for (let i = 0; i < 3; i++) {
      await sendKeys({ press: 'Tab' });
      reached.push(el.shadowRoot!.activeElement?.getAttribute('part') ?? 'none');
    }
    expect(reached).to.deep.equal(['map-link', 'phone', 'website']);
    before.remove();
  });

  for (const theme of ['light', 'dark']) {
    it(`axe: no violations in loading, ready and error (${theme})`, async () => {
      const gate = deferred();
      stubFetch(gated(gateway(), gate));
      const el = await fixture<MerchantLocation>(html`<merchant-location theme=${theme} endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-location>`);
      expect(el.state).to.equal('loading');
      expect(await axeViolations(el)).to.deep.equal([]);
      gate.release();
      await settled(el);
      expect(el.state).to.equal('ready');
      expect(await axeViolations(el)).to.deep.equal([]);
      resetClient();
      const error = await locationEl(() => json(errorResource(404, 'LOCATION_DOES_NOT_EXIST', 'No.'), 404), `theme="${theme}"`);
      expect(error.state).to.equal('error');
      expect(await axeViolations(error)).to.deep.equal([]);
    });
  }

  it('no layout shift from loading to ready at the documented size (name, address, links at 360px in 12rem)', async () => {
    const compact = location({ description: null, cuisines: [] });
    compact.address = { ...compact.address, line2: null, country: null };
    compact.attributes = { ...compact.attributes, takeOut: null, dineIn: null, delivery: null, reservations: null, wheelchairAccess: null, priceRating: null };
    compact.email = null;
    const gate = deferred();
    stubFetch(gated(gateway({ pages: { [LOCATION_ID]: page({ location: compact }) } }), gate));
    const wrapper = await mount<HTMLDivElement>(html`<div style="width: 360px; font-size: 16px">
      <merchant-location endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-location><p id="after">after</p></div>`);
    const el = wrapper.querySelector('merchant-location')!;
    const after = wrapper.querySelector('#after')!;
    const before = { host: el.getBoundingClientRect().height, after: after.getBoundingClientRect().top };
    expect(before.host).to.equal(192);
    gate.release();
    await settled(el);
    expect(el.state).to.equal('ready');
    expect(el.getBoundingClientRect().height).to.equal(before.host);
    expect(after.getBoundingClientRect().top).to.equal(before.after);
  });
});
