import { expect, fixture, fixtureSync, html, oneEvent } from '@open-wc/testing';
import { LitElement, html as litHtml } from 'lit';
import { MerchantElement, type ResolvedConfig } from '../../src/elements/shared/merchant-element.ts';
import type { Location } from '../../src/contract/index.ts';
import '../../src/elements/provider/define.ts';
import { ENDPOINT, LOCATION_ID, deferred, gated, gateway, json, mount, page, resetClient, stubFetch, errorResource } from './fixtures.ts';

class TestLocationName extends MerchantElement<Location> {
  protected override load(config: ResolvedConfig, signal: AbortSignal) {
    return this.loadPagePart(config, 'location', signal);
  }
  protected override isEmpty(location: Location) {
    return location.name === '';
  }
  protected override renderReady(location: Location) {
    return litHtml`<p part="name">${location.name}</p>`;
  }
}
if (!customElements.get('test-location-name')) customElements.define('test-location-name', TestLocationName);

/** A host with a shadow root, to check lang resolution across shadow boundaries. */
class TestShadowHost extends LitElement {
  protected override render() {
    return litHtml`<test-location-name endpoint=${ENDPOINT} location-id=${LOCATION_ID}></test-location-name>`;
  }
}
if (!customElements.get('test-shadow-host')) customElements.define('test-shadow-host', TestShadowHost);

async function settled(el: TestLocationName) {
  if (el.state === 'loading') {
    await Promise.race([oneEvent(el, 'merchant-load'), oneEvent(el, 'merchant-error')]);
  }
  await el.updateComplete;
}

const text = (el: Element) => el.shadowRoot!.textContent!.replace(/\s+/g, ' ').trim();

describe('MerchantElement (shared base)', () => {
  beforeEach(() => resetClient());
  afterEach(() => {
    resetClient();
    document.querySelectorAll('meta[name="merchant-elements"]').forEach((m) => m.remove());
  });

  it('goes loading → ready, reflecting state and firing merchant-load with the data', async () => {
    const gate = deferred();
    stubFetch(gated(gateway(), gate));
    const el = await fixture<TestLocationName>(html`<test-location-name endpoint=${ENDPOINT} location-id=${LOCATION_ID}></test-location-name>`);
    expect(el.getAttribute('state')).to.equal('loading');
    expect(el.shadowRoot!.querySelector('[part=base]')!.getAttribute('aria-busy')).to.equal('true');
    const loaded = oneEvent(el, 'merchant-load');
    gate.release();
    const event = await loaded;
    expect((event.detail as Location).name).to.equal("Luigi's Pizzeria");
    await el.updateComplete;
    expect(el.getAttribute('state')).to.equal('ready');
    expect(text(el)).to.equal("Luigi's Pizzeria");
  });

  it('shows the empty state and the empty slot', async () => {
    stubFetch(gateway({ pages: { [LOCATION_ID]: page({ location: { ...page().location!, name: '' } }) } }));
    const el = await fixture<TestLocationName>(
      html`<test-location-name endpoint=${ENDPOINT} location-id=${LOCATION_ID}><p slot="empty">Nothing here</p></test-location-name>`,
    );
    await settled(el);
    expect(el.state).to.equal('empty');
    const slot = el.shadowRoot!.querySelector<HTMLSlotElement>('slot[name=empty]')!;
    expect(slot.assignedElements()[0].textContent).to.equal('Nothing here');
  });

  it('uses the loading and error slots instead of the default views', async () => {
    const gate = deferred();
    stubFetch(gated(() => json(errorResource(502, 'UPSTREAM_ERROR', 'Upstream failed.'), 502), gate));
    const el = await fixture<TestLocationName>(html`<test-location-name endpoint=${ENDPOINT} location-id=${LOCATION_ID}>
      <span slot="loading">Please wait</span><span slot="error">Custom failure</span></test-location-name>`);
    expect(el.shadowRoot!.querySelector<HTMLSlotElement>('slot[name=loading]')!.assignedElements()[0].textContent).to.equal('Please wait');
    const failed = oneEvent(el, 'merchant-error');
    gate.release();
    const event = await failed;
    expect(event.detail).to.include({ error: 'UPSTREAM_ERROR', status_code: 502 });
    await el.updateComplete;
    expect(el.state).to.equal('error');
    expect(el.shadowRoot!.querySelector<HTMLSlotElement>('slot[name=error]')!.assignedElements()[0].textContent).to.equal('Custom failure');
  });

  it('explains a missing endpoint in words a non-developer can act on', async () => {
    stubFetch(gateway());
    const el = await fixture<TestLocationName>(html`<test-location-name location-id=${LOCATION_ID}></test-location-name>`);
    await settled(el);
    expect(el.state).to.equal('error');
    expect(text(el)).to.contain('add the address of the merchant data service');
    expect(el.shadowRoot!.querySelector('[part=retry]')).to.equal(null);
  });

  it('explains a missing location id, an invalid endpoint, an unknown location and an unreachable gateway', async () => {
    stubFetch(gateway());
    const noId = await fixture<TestLocationName>(html`<test-location-name endpoint=${ENDPOINT}></test-location-name>`);
    await settled(noId);
    expect(text(noId)).to.contain('Add a location ID (the “location-id” setting)');

    const badEndpoint = await fixture<TestLocationName>(html`<test-location-name endpoint="javascript:alert(1)" location-id="x"></test-location-name>`);
    await settled(badEndpoint);
    expect(text(badEndpoint)).to.contain('is not a web address');

    const unknown = await fixture<TestLocationName>(html`<test-location-name endpoint=${ENDPOINT} location-id="nope"></test-location-name>`);
    await settled(unknown);
    expect(text(unknown)).to.contain('No location with the ID “nope” was found');

    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const down = await fixture<TestLocationName>(html`<test-location-name endpoint="https://down.test/" location-id="x"></test-location-name>`);
    await settled(down);
    expect(text(down)).to.contain('No answer at https://down.test');
    expect(down.shadowRoot!.querySelector('[part=retry]')).to.not.equal(null);
  });

  it('the error view (loaded on demand) brings its styles and logs a failure once per element, with the advice', async () => {
    stubFetch(gateway());
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
    try {
      const el = await fixture<TestLocationName>(html`<test-location-name endpoint=${ENDPOINT}></test-location-name>`);
      await settled(el);
      el.requestUpdate();
      await el.updateComplete;
      const box = el.shadowRoot!.querySelector<HTMLElement>('[part=error]')!;
      // The error border colour (--merchant-color-error's light default) comes from the view's own stylesheet.
      expect(getComputedStyle(box).borderTopColor).to.equal('rgb(185, 28, 28)');
      expect(warnings).to.deep.equal([
        '<test-location-name>: NO_LOCATION_ID: No location-id is set. Which location? Add a location ID (the “location-id” setting).',
      ]);
    } finally {
      console.warn = warn;
    }
  });

  it('retries from the error view with the keyboard-operable Try again button', async () => {
    let fail = true;
    stubFetch((url) => (fail ? Promise.reject(new TypeError('Failed to fetch')) : gateway()(url)));
    const el = await fixture<TestLocationName>(html`<test-location-name endpoint=${ENDPOINT} location-id=${LOCATION_ID}></test-location-name>`);
    await settled(el);
    expect(el.state).to.equal('error');
    fail = false;
    const button = el.shadowRoot!.querySelector<HTMLButtonElement>('[part=retry]')!;
    expect(button.localName).to.equal('button');
    const loaded = oneEvent(el, 'merchant-load');
    button.click();
    await loaded;
    await el.updateComplete;
    expect(el.state).to.equal('ready');
  });

  it('localizes messages by the nearest lang, also across shadow roots, and by the locale attribute', async () => {
    stubFetch(gateway());
    const wrapper = await mount<HTMLDivElement>(html`<div lang="de"><test-location-name location-id="x"></test-location-name></div>`);
    const de = wrapper.querySelector<TestLocationName>('test-location-name')!;
    await settled(de);
    expect(text(de)).to.contain('Dieses Widget ist noch nicht verbunden');

    const fr = await fixture<TestLocationName>(html`<test-location-name locale="fr-CA" location-id="x"></test-location-name>`);
    await settled(fr);
    expect(text(fr)).to.contain('n’est pas encore connecté');

    const hostWrapper = await mount<HTMLDivElement>(html`<div lang="es-MX"><test-shadow-host></test-shadow-host></div>`);
    const host = hostWrapper.querySelector('test-shadow-host')!;
    await (host as LitElement).updateComplete;
    const inner = host.shadowRoot!.querySelector<TestLocationName>('test-location-name')!;
    expect(inner.resolvedLocale).to.equal('es-MX');
  });

  it('takes endpoint and location-id from the meta tag, then from the script tag', async () => {
    const stub = stubFetch(gateway());
    const meta = document.createElement('meta');
    meta.name = 'merchant-elements';
    meta.content = `endpoint=${ENDPOINT}; location-id=${LOCATION_ID}`;
    document.head.append(meta);
    const el = await fixture<TestLocationName>(html`<test-location-name></test-location-name>`);
    await settled(el);
    expect(el.state).to.equal('ready');
    expect(stub.calls[0]).to.equal(`${ENDPOINT}/v1/locations/${LOCATION_ID}/page?include=location,menus,photos,actions`);
    meta.remove();

    const script = document.createElement('script');
    script.type = 'text/plain';
    script.src = 'data:text/plain,';
    script.dataset.endpoint = ENDPOINT;
    script.dataset.locationId = LOCATION_ID;
    document.head.append(script);
    const el2 = await fixture<TestLocationName>(html`<test-location-name></test-location-name>`);
    await settled(el2);
    script.remove();
    expect(el2.state).to.equal('ready');
  });

  it('takes theme and locale from the page defaults when the element sets none', async () => {
    stubFetch(gateway());
    const meta = document.createElement('meta');
    meta.name = 'merchant-elements';
    meta.content = `endpoint=${ENDPOINT}; location-id=${LOCATION_ID}; theme=dark; locale=fr`;
    document.head.append(meta);
    try {
      const plain = await fixture<TestLocationName>(html`<test-location-name></test-location-name>`);
      expect(plain.theme).to.equal('dark');
      expect(plain.getAttribute('theme')).to.equal('dark');
      expect(plain.resolvedLocale).to.equal('fr');
      const own = await fixture<TestLocationName>(html`<test-location-name theme="light" locale="de"></test-location-name>`);
      expect(own.theme).to.equal('light');
      expect(own.resolvedLocale).to.equal('de');
    } finally {
      meta.remove();
    }
    const after = await fixture<TestLocationName>(html`<test-location-name></test-location-name>`);
    expect(after.theme).to.equal('auto');
  });

  it('takes endpoint and location-id from an enclosing merchant-provider; own attributes win', async () => {
    const stub = stubFetch(gateway({ pages: { [LOCATION_ID]: page(), other: page({ location: { ...page().location!, name: 'Other' } }) } }));
    const wrapper = await mount<HTMLElement>(html`<merchant-provider endpoint=${ENDPOINT} location-id=${LOCATION_ID}>
      <test-location-name id="a"></test-location-name>
      <div><test-location-name id="b" location-id="other"></test-location-name></div>
    </merchant-provider>`);
    const a = wrapper.querySelector<TestLocationName>('#a')!;
    const b = wrapper.querySelector<TestLocationName>('#b')!;
    await settled(a);
    await settled(b);
    expect(text(a)).to.equal("Luigi's Pizzeria");
    expect(text(b)).to.equal('Other');
    expect(stub.calls.length).to.equal(2);
  });

  it('keeps the old data on screen while a new location loads', async () => {
    stubFetch(gateway({ pages: { [LOCATION_ID]: page(), other: page({ location: { ...page().location!, name: 'Other' } }) } }));
    const el = await fixture<TestLocationName>(html`<test-location-name endpoint=${ENDPOINT} location-id=${LOCATION_ID}></test-location-name>`);
    await settled(el);
    const gate = deferred();
    stubFetch(gated(gateway({ pages: { other: page({ location: { ...page().location!, name: 'Other' } }) } }), gate));
    el.locationId = 'other';
    await el.updateComplete;
    expect(el.state).to.equal('loading');
    expect(text(el)).to.equal("Luigi's Pizzeria");
    const loaded = oneEvent(el, 'merchant-load');
    gate.release();
    await loaded;
    await el.updateComplete;
    expect(text(el)).to.equal('Other');
  });

  it('a slow answer for the previous location never overwrites the newer one, and its wait is aborted (@lit/task)', async () => {
    const slowGate = deferred();
    const route = gateway({ pages: { [LOCATION_ID]: page(), other: page({ location: { ...page().location!, name: 'Other' } }) } });
    stubFetch((url, init) => (url.pathname.includes(`/${LOCATION_ID}/`) ? gated(route, slowGate)(url, init) : route(url, init)));
    const el = await fixture<TestLocationName>(html`<test-location-name endpoint=${ENDPOINT} location-id=${LOCATION_ID}></test-location-name>`);
    const loads: string[] = [];
    const errors: unknown[] = [];
    el.addEventListener('merchant-load', (event) => loads.push((event as CustomEvent<Location>).detail.name));
    el.addEventListener('merchant-error', (event) => errors.push((event as CustomEvent).detail));
    el.locationId = 'other';
    await settled(el);
    expect(text(el)).to.equal('Other');
    slowGate.release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await el.updateComplete;
    expect(text(el)).to.equal('Other');
    expect(el.state).to.equal('ready');
    expect(loads).to.deep.equal(['Other']);
    expect(errors).to.deep.equal([]);
  });

  it('a part missing from the page becomes that element’s error, with the part’s error resource', async () => {
    stubFetch(gateway({ pages: { [LOCATION_ID]: { menus: [], errors: { location: errorResource(504, 'UPSTREAM_TIMEOUT', 'The upstream timed out.') } } } }));
    // Listening from the start: the error view is loaded by now (earlier tests), so the answer at hand is shown (and
    // the event fired) in the element's first update, before a fixture's updateComplete.
    const el = fixtureSync<TestLocationName>(html`<test-location-name endpoint=${ENDPOINT} location-id=${LOCATION_ID}></test-location-name>`);
    const event = await oneEvent(el, 'merchant-error');
    expect(event.detail.error).to.equal('UPSTREAM_TIMEOUT');
    await el.updateComplete;
    expect(text(el)).to.contain('cannot be shown right now');
  });

  it('lazy: does not request until the IntersectionObserver (rootMargin 200px) reports it near the viewport', async () => {
    // A fake observer: the real one does not fire in a background tab, where the runner may put this page.
    const Real = window.IntersectionObserver;
    const observers: Array<{ callback: IntersectionObserverCallback; options?: IntersectionObserverInit; disconnected: boolean }> = [];
    class FakeObserver {
      record: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.record = { callback, options, disconnected: false };
        observers.push(this.record);
      }
      observe() {}
      disconnect() {
        this.record.disconnected = true;
      }
    }
    window.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
    try {
      const stub = stubFetch(gateway());
      const el = await fixture<TestLocationName>(html`<test-location-name lazy endpoint=${ENDPOINT} location-id=${LOCATION_ID}></test-location-name>`);
      await el.updateComplete;
      expect(stub.calls.length).to.equal(0);
      expect(el.state).to.equal('loading');
      expect(observers.length).to.equal(1);
      expect(observers[0].options?.rootMargin).to.equal('200px');
      observers[0].callback([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver);
      await el.updateComplete;
      expect(stub.calls.length).to.equal(0);
      const loaded = oneEvent(el, 'merchant-load');
      observers[0].callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
      await loaded;
      expect(stub.calls.length).to.equal(1);
      expect(observers[0].disconnected).to.equal(true);
      // Removed from the page before it was seen: the observer is disconnected.
      const el2 = await fixture<TestLocationName>(html`<test-location-name lazy endpoint=${ENDPOINT} location-id=${LOCATION_ID}></test-location-name>`);
      el2.remove();
      expect(observers[1].disconnected).to.equal(true);
    } finally {
      window.IntersectionObserver = Real;
    }
  });

  it('an aborted wait (location changed) does not cancel the shared request for other elements', async () => {
    const gate = deferred();
    const stub = stubFetch(gated(gateway({ pages: { [LOCATION_ID]: page(), other: page() } }), gate));
    const wrapper = await mount<HTMLDivElement>(html`<div>
      <test-location-name id="a" endpoint=${ENDPOINT} location-id=${LOCATION_ID}></test-location-name>
      <test-location-name id="b" endpoint=${ENDPOINT} location-id=${LOCATION_ID}></test-location-name></div>`);
    const a = wrapper.querySelector<TestLocationName>('#a')!;
    const b = wrapper.querySelector<TestLocationName>('#b')!;
    await a.updateComplete;
    a.locationId = 'other';
    await a.updateComplete;
    const loadedB = oneEvent(b, 'merchant-load');
    gate.release();
    await loadedB;
    await settled(a);
    expect(b.state).to.equal('ready');
    expect(a.state).to.equal('ready');
    expect(stub.calls.filter((u) => u.includes(`/${LOCATION_ID}/page`)).length).to.equal(1);
  });
});
