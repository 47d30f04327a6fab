import { expect, html, oneEvent } from '@open-wc/testing';
import '../../src/index.ts';
import { MerchantProvider } from '../../src/elements/provider/merchant-provider.ts';
import { ContextConsumer, ContextProvider, createContext } from '@lit/context';
import { LitElement } from 'lit';
import { merchantProviderContext, type MerchantProviderValue } from '../../src/elements/shared/context.ts';

/** The same key, typed for @lit/context. */
const litContext = createContext<MerchantProviderValue>(merchantProviderContext);
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

  it('five elements with their own attributes and no provider also make one request', async () => {
    const gate = deferred();
    const stub = stubFetch(gated(gateway(), gate));
    const wrapper = await mount<HTMLDivElement>(html`<div>
      ${[1, 2, 3].map(() => html`<merchant-actions endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-actions>`)}
      <merchant-location endpoint="${ENDPOINT}/" location-id=${LOCATION_ID}></merchant-location>
      <merchant-location endpoint=${ENDPOINT} location-id=${LOCATION_ID} lazy></merchant-location>
    </div>`);
    gate.release();
    const elements = [...wrapper.querySelectorAll<HTMLElement & { state: string; updateComplete: Promise<unknown> }>('merchant-location:not([lazy]), merchant-actions')];
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

  it('changing the provider’s location-id reloads its children (old data kept meanwhile)', async () => {
    const other = page({ location: { ...page().location!, id: 'other', name: 'Other Place' } });
    stubFetch(gateway({ pages: { [LOCATION_ID]: page(), other } }));
    const provider = await mount<MerchantProvider>(html`<merchant-provider endpoint=${ENDPOINT} location-id=${LOCATION_ID}><merchant-location></merchant-location></merchant-provider>`);
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
    const provider = await mount<MerchantProvider>(html`<merchant-provider locale="fr" endpoint=${ENDPOINT} location-id=${LOCATION_ID}><merchant-actions type="foodreservation"></merchant-actions></merchant-provider>`);
    const el = provider.querySelector('merchant-actions')!;
    await settled(el);
    expect(el.shadowRoot!.textContent).to.contain('Réserver une table');
  });

  it('a provider defined after its children still reaches them (requests replayed by the document root)', async () => {
    stubFetch(gateway());
    const container = document.createElement('div');
    container.innerHTML = `<late-merchant-provider locale="fr" endpoint="${ENDPOINT}" location-id="${LOCATION_ID}"><merchant-actions type="foodreservation"></merchant-actions></late-merchant-provider>`;
    document.body.append(container);
    const el = container.querySelector('merchant-actions')!;
    await settled(el);
    expect(el.state).to.equal('error'); // no endpoint yet: the provider is not defined
    customElements.define('late-merchant-provider', class extends MerchantProvider {});
    await new Promise((r) => setTimeout(r, 0));
    await settled(el);
    expect(el.state).to.equal('ready');
    expect(el.shadowRoot!.textContent).to.contain('Réserver une table');
    container.remove();
  });

  it('speaks the context protocol of @lit/context, both ways', async () => {
    // An @lit/context consumer inside <merchant-provider> gets its value and its updates.
    class LitConsumer extends LitElement {
      value: MerchantProviderValue | undefined;
      constructor() {
        super();
        new ContextConsumer(this, { context: litContext, subscribe: true, callback: (v) => (this.value = v) });
      }
    }
    customElements.define('lit-context-consumer', LitConsumer);
    stubFetch(gateway());
    const provider = await mount<MerchantProvider>(html`<merchant-provider locale="de" endpoint=${ENDPOINT} location-id=${LOCATION_ID}><lit-context-consumer></lit-context-consumer></merchant-provider>`);
    const consumer = provider.querySelector<LitConsumer>('lit-context-consumer')!;
    expect(consumer.value?.locale).to.equal('de');
    provider.locale = 'es';
    await provider.updateComplete;
    expect(consumer.value?.locale).to.equal('es');
    // An @lit/context provider answers our elements.
    class LitProvider extends LitElement {
      ctx = new ContextProvider(this, { context: litContext, initialValue: { endpoint: ENDPOINT, locationId: LOCATION_ID, locale: 'fr', page: null } });
      override render() {
        return html`<slot></slot>`;
      }
    }
    customElements.define('lit-context-provider', LitProvider);
    const outer = await mount<LitProvider>(html`<lit-context-provider><merchant-actions type="foodreservation"></merchant-actions></lit-context-provider>`);
    const el = outer.querySelector('merchant-actions')!;
    await settled(el);
    expect(el.shadowRoot!.textContent).to.contain('Réserver une table');
  });

  it('a provider without endpoint reports the configuration error in its children', async () => {
    stubFetch(gateway());
    const provider = await mount<MerchantProvider>(html`<merchant-provider location-id=${LOCATION_ID}><merchant-location></merchant-location></merchant-provider>`);
    const el = provider.querySelector('merchant-location')!;
    await settled(el);
    expect(el.state).to.equal('error');
    expect(el.shadowRoot!.textContent).to.contain('“endpoint” setting');
    expect(provider.state).to.equal('error');
  });
});
