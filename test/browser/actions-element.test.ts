import { expect, fixture, fixtureSync, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/elements/actions/define.ts';
import '../../src/elements/provider/define.ts';
import type { MerchantActions } from '../../src/elements/actions/merchant-actions.ts';
import { loadWidgetScript } from '../../src/elements/actions/merchant-actions.ts';
import type { Action } from '../../src/contract/index.ts';
import {
  ENDPOINT,
  LOCATION_ID,
  actions,
  axeViolations,
  deferred,
  expectInert,
  gated,
  gateway,
  hostilePage,
  page,
  mount,
  resetClient,
  settled,
  shadowText,
  stubFetch,
  errorResource,
  json,
} from './fixtures.ts';

const links = (el: MerchantActions) => [...el.shadowRoot!.querySelectorAll<HTMLAnchorElement>('a[part~=button]')];
/** A link's visible label: its own text, without the visually hidden "(opens in a new tab)". */
const label = (a: HTMLAnchorElement) =>
  [...a.childNodes]
    .filter((node) => node.nodeType === Node.TEXT_NODE)
    .map((node) => node.textContent)
    .join('');
const labels = (el: MerchantActions) => links(el).map(label);

async function actionsEl(attrs = '', fixtures = gateway()) {
  stubFetch(fixtures);
  const wrapper = await mount<HTMLDivElement>(
    html`<div .innerHTML=${`<merchant-actions endpoint="${ENDPOINT}" location-id="${LOCATION_ID}" ${attrs}></merchant-actions>`}></div>`,
  );
  const el = wrapper.querySelector('merchant-actions')!;
  await settled(el);
  return el;
}

/** Action links open real sites: stop every navigation in this test page, after the element's own handlers ran. */
const stopNavigation = (e: Event) => e.preventDefault();

describe('<merchant-actions>', () => {
  before(() => window.addEventListener('click', stopNavigation));
  after(() => window.removeEventListener('click', stopNavigation));
  beforeEach(() => resetClient());
  afterEach(() => resetClient());

  it('renders one link per action, labelled by the suggested CTA or the type’s default', async () => {
    const el = await actionsEl();
    expect(el.state).to.equal('ready');
    expect(labels(el)).to.deep.equal(['Order pizza online', 'Get the deal', 'Get the coupon', 'Reserve a table', 'Buy a gift card']);
    for (const a of links(el)) {
      expect(a.target).to.equal('_blank');
      expect(a.rel).to.equal('noopener sponsored');
      expect(a.href).to.match(/^https:\/\/actions\.example\//);
    }
  });

  it('shows the CTA asset as a decorative icon', async () => {
    const el = await actionsEl();
    const img = links(el)[0].querySelector('img')!;
    expect(img.getAttribute('src')).to.equal('https://images.example/icons/order.svg');
    expect(img.getAttribute('alt')).to.equal('');
  });

  it('localizes default labels (es, fr, de) by the locale attribute', async () => {
    const expected = { es: 'Reservar mesa', fr: 'Réserver une table', de: 'Tisch reservieren' };
    for (const [locale, label] of Object.entries(expected)) {
      resetClient();
      const el = await actionsEl(`locale="${locale}" type="foodreservation"`);
      expect(shadowText(el)).to.contain(label);
    }
  });

  it('deals and coupons show title, discount (currency or percentage) and expiry', async () => {
    const el = await actionsEl();
    const offers = [...el.shadowRoot!.querySelectorAll('[part~=offer]')];
    expect(offers.length).to.equal(2);
    expect(offers[0].querySelector('[part=offer-title]')!.textContent).to.equal('$5 off a large pizza');
    expect(offers[0].querySelector('[part=offer-discount]')!.textContent).to.equal('$5.00 off');
    expect(offers[0].querySelector('[part=offer-expiry]')!.textContent).to.match(/^Expires (Dec 31|Jan 1), 20(30|31)$/);
    expect(offers[1].querySelector('[part=offer-discount]')!.textContent).to.equal('15% off');
    // Other actions are plain items: no offer card.
    expect(el.shadowRoot!.querySelectorAll('[part=item]').length).to.equal(3);
    const de = await actionsEl('locale="de-DE" type="deal"');
    expect(de.shadowRoot!.querySelector('[part=offer-discount]')!.textContent).to.match(/^5,00\s\$ Rabatt$/);
  });

  it('filters by type name or numeric id; an unknown type is ignored', async () => {
    expect(links(await actionsEl('type="deal"')).length).to.equal(1);
    expect(labels(await actionsEl('type="2"'))).to.deep.equal(['Get the deal']);
    expect(labels(await actionsEl('type="FOODRESERVATION"'))).to.deep.equal(['Reserve a table']);
    expect(links(await actionsEl('type="nonsense"')).length).to.equal(5);
  });

  it('top: one primary button (filled with the primary colour)', async () => {
    const plain = await actionsEl('type="foodordering"');
    expect(getComputedStyle(links(plain)[0]).backgroundColor).to.equal('rgba(0, 0, 0, 0)');
    const el = await actionsEl('top');
    expect(links(el).length).to.equal(1);
    expect(getComputedStyle(links(el)[0]).backgroundColor).to.equal('rgb(26, 86, 219)');
  });

  it('empty: no actions shows nothing by default, or the empty slot', async () => {
    const fixtures = gateway({ pages: { [LOCATION_ID]: page({ actions: [] }) } });
    const el = await actionsEl('', fixtures);
    expect(el.state).to.equal('empty');
    expect(shadowText(el)).to.equal('');
    stubFetch(fixtures);
    resetClient();
    stubFetch(fixtures);
    const slotted = await fixture<MerchantActions>(
      html`<merchant-actions endpoint=${ENDPOINT} location-id=${LOCATION_ID}><p slot="empty">Call us to order</p></merchant-actions>`,
    );
    await settled(slotted);
    expect(slotted.shadowRoot!.querySelector<HTMLSlotElement>('slot[name=empty]')!.assignedElements()[0].textContent).to.equal('Call us to order');
  });

  it('expired deals are not shown', async () => {
    const expired: Action = { ...actions()[1], attributes: { ...actions()[1].attributes!, expiration: '2001-01-01T00:00:00Z' } };
    const el = await actionsEl('', gateway({ pages: { [LOCATION_ID]: page({ actions: [expired] }) } }));
    expect(el.state).to.equal('empty');
  });

  it('a deal whose expiration cannot be read is shown, without an expiry line', async () => {
    const unreadable: Action = { ...actions()[1], attributes: { ...actions()[1].attributes!, expiration: 'soon' } };
    const el = await actionsEl('', gateway({ pages: { [LOCATION_ID]: page({ actions: [unreadable] }) } }));
    expect(el.state).to.equal('ready');
    expect(el.shadowRoot!.querySelector('[part~=offer-title]')).to.not.equal(null);
    expect(el.shadowRoot!.querySelector('[part~=offer-expiry]')).to.equal(null);
    expect(el.shadowRoot!.textContent).to.not.contain('Invalid Date');
  });

  it('nearby-fallback: asks for nearby actions when the location has none, and labels them', async () => {
    const nearbyAction: Action = { ...actions()[0], id: 'n1', locationId: 'other', cta: 'Order next door' };
    const route = gateway({
      pages: { [LOCATION_ID]: page({ actions: [] }) },
      actions: { [LOCATION_ID]: { actions: [nearbyAction], source: 'nearby' } },
    });
    const without = await actionsEl('', route);
    expect(without.state).to.equal('empty');
    resetClient();
    const stub = stubFetch(route);
    const el = await fixture<MerchantActions>(html`<merchant-actions nearby-fallback endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-actions>`);
    await settled(el);
    expect(el.state).to.equal('ready');
    expect(stub.calls).to.include(`${ENDPOINT}/v1/locations/${LOCATION_ID}/actions?nearby=true`);
    expect(shadowText(el)).to.contain('Nearby');
    expect(shadowText(el)).to.contain('Order next door');
  });

  it('nearby-fallback is not used when the location has actions', async () => {
    const stub = stubFetch(gateway());
    const el = await fixture<MerchantActions>(html`<merchant-actions nearby-fallback endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-actions>`);
    await settled(el);
    expect(stub.calls.length).to.equal(1);
    expect(shadowText(el)).to.not.contain('Nearby');
  });

  it('fires a cancellable merchant-action-click with the action; preventDefault cancels navigation', async () => {
    const el = await actionsEl();
    const link = links(el)[0];
    let defaultPrevented: boolean | undefined;
    // Observe the native click after the element's handler, without navigating.
    const spy = (e: Event) => {
      defaultPrevented = e.defaultPrevented;
      e.preventDefault();
    };
    el.addEventListener('merchant-action-click', (e) => e.preventDefault(), { once: true });
    el.shadowRoot!.addEventListener('click', spy);
    const fired = oneEvent(el, 'merchant-action-click');
    link.click();
    const event = await fired;
    expect(event.detail.action.id).to.equal('a-order');
    expect(event.cancelable).to.equal(true);
    expect(event.composed).to.equal(true);
    expect(defaultPrevented).to.equal(true);

    // Not cancelled: the native click's default is left alone (the spy then stops the real navigation).
    defaultPrevented = undefined;
    link.click();
    expect(defaultPrevented).to.equal(false);
    el.shadowRoot!.removeEventListener('click', spy);
  });

  it('keyboard: the links are reachable with Tab and activated with Enter', async () => {
    const el = await actionsEl('type="deal"');
    const before = document.createElement('button');
    before.textContent = 'before';
    el.before(before);
    before.focus();
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement).to.equal(links(el)[0]);
    el.addEventListener('merchant-action-click', (e) => e.preventDefault(), { once: true });
    const fired = oneEvent(el, 'merchant-action-click');
    await sendKeys({ press: 'Enter' });
    expect((await fired).detail.action.type).to.equal('deal');
    before.remove();
  });

  /** Turns widget scripts on for the page the way a site owner does; returns the undo. */
  function pageSwitch(kind: 'meta' | 'script'): () => void {
    const tag = kind === 'meta' ? document.createElement('meta') : document.createElement('script');
    if (tag instanceof HTMLMetaElement) {
      tag.name = 'merchant-elements';
      tag.content = 'allow-widget-scripts=true';
    } else {
      tag.type = 'text/plain';
      tag.src = 'data:text/plain,';
      tag.setAttribute('data-allow-widget-scripts', '');
    }
    document.head.append(tag);
    return () => tag.remove();
  }

  const WIDGET_SRC = 'https://widgets.example/giftcard.js';
  const widgetCount = () => [...document.head.querySelectorAll('script')].filter((s) => s.src === WIDGET_SRC).length;
  const removeWidgets = () => document.head.querySelectorAll('script').forEach((s) => s.src === WIDGET_SRC && s.remove());

  it('widget scripts: not loaded by default, and an allow-widget-scripts attribute on the element loads none', async () => {
    await actionsEl();
    expect(widgetCount()).to.equal(0);
    const el = await actionsEl('allow-widget-scripts');
    expect(el.state).to.equal('ready');
    expect(widgetCount()).to.equal(0);
  });

  it('widget scripts: loaded once per src when the page opts in with the meta tag or the script tag; http(s) only', async () => {
    for (const kind of ['meta', 'script'] as const) {
      resetClient();
      const undo = pageSwitch(kind);
      try {
        await actionsEl();
        expect(widgetCount(), kind).to.equal(1);
        await actionsEl();
        expect(widgetCount(), kind).to.equal(1);
      } finally {
        undo();
        removeWidgets();
      }
    }
    const scripts = document.scripts.length;
    loadWidgetScript('javascript:alert(1)');
    loadWidgetScript('data:text/javascript,alert(1)');
    expect(document.scripts.length).to.equal(scripts);
  });

  it('hostile data renders inert: text as text, non-http(s) links and icons dropped', async () => {
    const undo = pageSwitch('meta');
    const el = await actionsEl('', gateway({ pages: { [LOCATION_ID]: hostilePage() } })).finally(undo);
    expectInert(el.shadowRoot!);
    expect([...document.head.querySelectorAll('script')].some((s) => /^(javascript|data|vbscript):/i.test(s.getAttribute('src') ?? ''))).to.equal(false);
    // Every action's URL was hostile: nothing to click, so the element is empty rather than rendering dead links.
    expect(el.state).to.equal('empty');

    // With safe URLs but hostile text, the text shows literally.
    const textOnly = page();
    textOnly.actions = hostilePage().actions!.map((a, i) => ({ ...a, url: actions()[i].url }));
    resetClient();
    const el2 = await actionsEl('', gateway({ pages: { [LOCATION_ID]: textOnly } }));
    expectInert(el2.shadowRoot!);
    expect(shadowText(el2)).to.contain('<script>window.__pwned = 1</script>');
    expect(el2.shadowRoot!.querySelectorAll('img[part=button-icon]').length).to.equal(0);
  });

  it('error state: shows the message and fires merchant-error; the error slot replaces it', async () => {
    const route = () => json(errorResource(502, 'UPSTREAM_ERROR', 'The upstream failed.'), 502);
    stubFetch(route);
    // Listening from the start: an answer at hand is shown (and its event fired) in the element's first update.
    const el = fixtureSync<MerchantActions>(html`<merchant-actions endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-actions>`);
    const event = await oneEvent(el, 'merchant-error');
    expect(event.detail).to.include({ error: 'UPSTREAM_ERROR', status_code: 502 });
    await el.updateComplete;
    expect(el.getAttribute('state')).to.equal('error');
    expect(shadowText(el)).to.contain('cannot be shown right now');
  });

  it('a failed actions part (others fine) is this element’s error', async () => {
    const el = await actionsEl(
      '',
      gateway({ pages: { [LOCATION_ID]: { ...page(), actions: undefined, errors: { actions: errorResource(504, 'UPSTREAM_TIMEOUT', 'Timed out.') } } } }),
    );
    expect(el.state).to.equal('error');
  });

  it('config mistakes: no endpoint, no location id, unknown location', async () => {
    stubFetch(gateway());
    const noEndpoint = await fixture<MerchantActions>(html`<merchant-actions location-id=${LOCATION_ID}></merchant-actions>`);
    await settled(noEndpoint);
    expect(shadowText(noEndpoint)).to.contain('“endpoint” setting');
    const noId = await fixture<MerchantActions>(html`<merchant-actions endpoint=${ENDPOINT}></merchant-actions>`);
    await settled(noId);
    expect(shadowText(noId)).to.contain('“location-id” setting');
    const unknown = await fixture<MerchantActions>(html`<merchant-actions endpoint=${ENDPOINT} location-id="missing"></merchant-actions>`);
    await settled(unknown);
    expect(shadowText(unknown)).to.contain('No location with the ID “missing”');
  });

  describe('accessibility (axe-core) in every state', () => {
    for (const theme of ['light', 'dark']) {
      it(`loading, ready, top, empty, error have no violations (${theme})`, async () => {
        const gate = deferred();
        stubFetch(gated(gateway(), gate));
        const loading = await fixture<MerchantActions>(
          html`<merchant-actions theme=${theme} endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-actions>`,
        );
        expect(loading.state).to.equal('loading');
        expect(await axeViolations(loading)).to.deep.equal([]);
        gate.release();
        await settled(loading);
        expect(loading.state).to.equal('ready');
        expect(await axeViolations(loading)).to.deep.equal([]);
        resetClient();
        expect(await axeViolations(await actionsEl(`theme=${theme} top`))).to.deep.equal([]);
        resetClient();
        const empty = await actionsEl(`theme=${theme}`, gateway({ pages: { [LOCATION_ID]: page({ actions: [] }) } }));
        expect(empty.state).to.equal('empty');
        expect(await axeViolations(empty)).to.deep.equal([]);
        resetClient();
        const error = await actionsEl(`theme=${theme}`, () => Promise.reject(new TypeError('down')));
        expect(error.state).to.equal('error');
        expect(await axeViolations(error)).to.deep.equal([]);
      });
    }
  });

  it('no layout shift from loading to ready at the documented size (one row of buttons)', async () => {
    const gate = deferred();
    stubFetch(gated(gateway(), gate));
    const wrapper = await mount<HTMLDivElement>(html`<div style="width: 360px">
      <merchant-actions top endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-actions><p id="after">after</p></div>`);
    const el = wrapper.querySelector('merchant-actions')!;
    const after = wrapper.querySelector('#after')!;
    await el.updateComplete;
    const hostBefore = el.getBoundingClientRect();
    const afterBefore = after.getBoundingClientRect();
    gate.release();
    await settled(el);
    expect(el.state).to.equal('ready');
    expect(el.getBoundingClientRect().height).to.equal(hostBefore.height);
    expect(after.getBoundingClientRect().top).to.equal(afterBefore.top);
  });
});
