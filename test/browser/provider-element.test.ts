import { expect, html, oneEvent } from '@open-wc/testing';
import '../../src/index.ts';
import type { MerchantProvider } from '../../src/elements/provider/merchant-provider.ts';
import { ENDPOINT, LOCATION_ID, deferred, gated, gateway, mount, page, resetClient, settled, stubFetch } from './fixtures.ts';

const pageCalls = (calls: string[]) => calls.filter((u) => u.includes('/page?'));

describe('<merchant-provider> and the one-request rule', () => {
  beforeEach(() => resetClient());
  afterEach(() => resetClient());

  it('five elements for one location inside a provider make one request', async () => {
    const stub = stubFetch(gateway());
    const provider = await mount<MerchantProvider>(html`<merchant-provider endpoint=${ENDPOINT} location-id=${LOCATION_ID}>
      <merchant-location></merchant-location>
      <merchant-actions></merchant-actions>
      <merchant-actions top type="deal"></merchant-actions>
      <div><merchant-location heading-level="3"></merchant-location></div>
      <merchant-actions type="coupon"></merchant-actions>
    </merchant-provider>`);
    const elements = [...provider.querySelectorAll<HTMLElement & { state: string; updateComplete: Promise<unknown> }>('merchant-location, merchant-actions')];
    expect(elements.length).to.equal(5);
    await Promise.all(elements.map((el) => settled(el)));
    expect(elements.map((el) => el.state)).to.deep.equal(['ready', 'ready', 'ready', 'ready', 'ready']);
    expect(stub.calls).to.deep.equal([`${ENDPOINT}/v1/locations/${LOCATION_ID}/page?include=location,menus,photos,actions`]);
  });

  it('renders nothing and has no shadow root: its children stay where they are, as the page wrote them (issue 29)', async () => {
    stubFetch(gateway());
    const provider = await mount<MerchantProvider>(
      html`<merchant-provider endpoint=${ENDPOINT} location-id=${LOCATION_ID}><p>before</p><merchant-location></merchant-location></merchant-provider>`,
    );
    await settled(provider.querySelector('merchant-location')!);
    await provider.updateComplete;
    expect(provider.shadowRoot).to.equal(null);
    // Nothing of its own among its children (no slot, no part marker): the page's nodes only.
    expect([...provider.childNodes].map((node) => node.nodeName)).to.deep.equal(['P', 'MERCHANT-LOCATION']);
    expect(provider.getAttribute('state')).to.equal('ready');
  });

  it('five elements with their own attributes and no provider also make one request', async () => {
    const gate = deferred();
    const stub = stubFetch(gated(gateway(), gate));
    const wrapper = await mount<HTMLDivElement>(html`<div>
      ${[1, 2, 3].map(() => html`<merchant-actions endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-actions>`)}
      <merchant-location endpoint="${ENDPOINT}/" location-id=${LOCATION_ID}></merchant-location>
      <merchant-location endpoint=${ENDPOINT} location-id=${LOCATION_ID} lazy></merchant-location>
    </div>`);
    gate.release();
    const elements = [
      ...wrapper.querySelectorAll<HTMLElement & { state: string; updateComplete: Promise<unknown> }>('merchant-location:not([lazy]), merchant-actions'),
    ];
    await Promise.all(elements.map((el) => settled(el)));
    expect(pageCalls(stub.calls).length).to.equal(1);
  });

  it('provides the page, reflects its state and fires merchant-load; children added later reuse it', async () => {
    const stub = stubFetch(gateway());
    const provider = await mount<MerchantProvider>(html`<merchant-provider endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-provider>`);
    if (provider.state === 'loading') await oneEvent(provider, 'merchant-load');
    await provider.updateComplete;
    expect(provider.getAttribute('state')).to.equal('ready');
    expect(provider.page?.location?.name).to.equal("Luigi's Pizzeria");
    const late = document.createElement('merchant-actions');
    provider.append(late);
    await settled(late);
    expect(late.state).to.equal('ready');
    expect(pageCalls(stub.calls).length).to.equal(1);
  });

  it('pageComplete waits for the page even when read as the provider connects, before its request has started', async () => {
    const gate = deferred();
    stubFetch(gated(gateway(), gate));
    const provider = document.createElement('merchant-provider') as MerchantProvider;
    provider.setAttribute('endpoint', ENDPOINT);
    provider.setAttribute('location-id', LOCATION_ID);
    document.body.append(provider);
    try {
      // Read in the same task as the connection: the provider's first update (where its request starts) is pending.
      const complete = provider.pageComplete;
      gate.release();
      expect((await complete)?.location?.name).to.equal("Luigi's Pizzeria");
      expect(provider.state).to.equal('ready');
      // An input changed and its update pending: the new page, not the one at hand.
      provider.locationId = 'unknown-place';
      expect(await provider.pageComplete).to.equal(undefined);
      expect(provider.state).to.equal('error');
    } finally {
      provider.remove();
    }
  });

  it('the provider shares its connection, not a page: the page is the request cache’s, which a child’s reload() asks again', async () => {
    const stub = stubFetch(gateway());
    const provider = await mount<MerchantProvider>(html`<merchant-provider endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-provider>`);
    if (provider.state === 'loading') await oneEvent(provider, 'merchant-load');
    const late = document.createElement('merchant-location');
    provider.append(late);
    await settled(late);
    expect(late.state).to.equal('ready');
    expect(pageCalls(stub.calls).length).to.equal(1);
    // What the context carries: where and in which language, never data.
    expect(Object.keys((late as unknown as { provider: object }).provider).sort()).to.deep.equal(['endpoint', 'locale', 'locationId']);
    // reload() forgets the cached page and asks the gateway; a child added after that reads the new answer.
    late.reload();
    await late.updateComplete;
    await settled(late);
    expect(pageCalls(stub.calls).length).to.equal(2);
    const later = document.createElement('merchant-hours');
    provider.append(later);
    await settled(later);
    expect(pageCalls(stub.calls).length).to.equal(2);
  });

  it('changing the provider’s location-id reloads its children (old data kept meanwhile)', async () => {
    const other = page({ location: { ...page().location!, id: 'other', name: 'Other Place' } });
    stubFetch(gateway({ pages: { [LOCATION_ID]: page(), other } }));
    const provider = await mount<MerchantProvider>(
      html`<merchant-provider endpoint=${ENDPOINT} location-id=${LOCATION_ID}><merchant-location></merchant-location></merchant-provider>`,
    );
    const el = provider.querySelector('merchant-location')!;
    await settled(el);
    const gate = deferred();
    stubFetch(gated(gateway({ pages: { other } }), gate));
    provider.locationId = 'other';
    await provider.updateComplete;
    await el.updateComplete;
    expect(el.state).to.equal('loading');
    expect(el.shadowRoot!.querySelector('[part=name]')!.textContent).to.equal("Luigi's Pizzeria");
    gate.release();
    await settled(el);
    expect(el.shadowRoot!.querySelector('[part=name]')!.textContent).to.equal('Other Place');
  });

  it('provider locale applies to children without their own', async () => {
    stubFetch(gateway());
    const provider = await mount<MerchantProvider>(
      html`<merchant-provider locale="fr" endpoint=${ENDPOINT} location-id=${LOCATION_ID}><merchant-actions type="foodreservation"></merchant-actions></merchant-provider>`,
    );
    const el = provider.querySelector('merchant-actions')!;
    await settled(el);
    expect(el.shadowRoot!.textContent).to.contain('Réserver une table');
  });

  it('a provider without endpoint reports the configuration error in its children', async () => {
    stubFetch(gateway());
    const provider = await mount<MerchantProvider>(
      html`<merchant-provider location-id=${LOCATION_ID}><merchant-location></merchant-location></merchant-provider>`,
    );
    const el = provider.querySelector('merchant-location')!;
    await settled(el);
    expect(el.state).to.equal('error');
    expect(el.shadowRoot!.textContent).to.contain('“endpoint” setting');
    expect(provider.state).to.equal('error');
  });
});
