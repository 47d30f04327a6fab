/**
 * Time moves on an open page: an offer disappears when it expires, with no reload and no request; one timer per
 * element, set to the next change, removed on disconnect.
 */
import { expect, html, oneEvent } from '@open-wc/testing';
import type { Action } from '../../src/contract/index.ts';
import type { MerchantActions } from '../../src/elements/actions/merchant-actions.ts';
import '../../src/elements/actions/define.ts';
import { isExpired, nextExpiry } from '../../src/elements/shared/offer-expiry.ts';
import { ENDPOINT, LOCATION_ID, actions, gateway, mount, page, resetClient, stubFetch } from './fixtures.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const expiringIn = (ms: number): Action => ({
  ...actions()[1],
  attributes: { ...actions()[1].attributes!, expiration: new Date(Date.now() + ms).toISOString() },
});
const titles = (el: Element) => [...el.shadowRoot!.querySelectorAll('[part~=offer-title]')].map((node) => node.textContent);

describe('offers expire on an open page', () => {
  beforeEach(() => resetClient());
  afterEach(() => resetClient());

  it('nextExpiry: the earliest expiration still to come; none past, unreadable or absent', () => {
    const now = Date.parse('2026-11-26T21:00:00Z');
    const at = (expiration: string | undefined) => ({ attributes: expiration === undefined ? null : { ...actions()[1].attributes!, expiration } });
    const list = [at('2026-11-26T20:00:00Z'), at('2026-11-27T09:00:00Z'), at('soon'), at(undefined), at('2026-11-26T22:00:00-01:00')];
    expect(nextExpiry(list, now)).to.equal(Date.parse('2026-11-26T23:00:00Z'));
    expect(nextExpiry([at('2026-11-26T20:00:00Z'), at('soon')], now)).to.equal(undefined);
    expect(list.map((action) => isExpired(action, now))).to.deep.equal([true, false, false, false, false]);
  });

  it('the offer goes when it expires, the rest stay; no request; the element never shows loading', async () => {
    const soon = { ...expiringIn(2000), id: 'a-soon' };
    soon.attributes = { ...soon.attributes!, title: 'Tonight only' };
    const stub = stubFetch(gateway({ pages: { [LOCATION_ID]: page({ actions: [soon, actions()[2]] }) } }));
    const el = await mount<MerchantActions>(html`<merchant-actions endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-actions>`);
    if (el.state === 'loading') await oneEvent(el, 'merchant-load');
    await el.updateComplete;
    expect(titles(el)).to.deep.equal(['Tonight only', '15% off your order']);
    const states: string[] = [];
    new MutationObserver(() => states.push(el.getAttribute('state')!)).observe(el, { attributes: true, attributeFilter: ['state'] });
    await oneEvent(el, 'merchant-load');
    await el.updateComplete;
    expect(titles(el)).to.deep.equal(['15% off your order']);
    expect(states).to.deep.equal([]);
    expect(stub.calls.length).to.equal(1);
  });

  it('the last offer expiring leaves the element empty', async () => {
    stubFetch(gateway({ pages: { [LOCATION_ID]: page({ actions: [expiringIn(1500)] }) } }));
    const el = await mount<MerchantActions>(html`<merchant-actions endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-actions>`);
    if (el.state === 'loading') await oneEvent(el, 'merchant-load');
    expect(el.state).to.equal('ready');
    await oneEvent(el, 'merchant-load');
    await el.updateComplete;
    expect(el.state).to.equal('empty');
  });

  it('a disconnected element keeps no timer; connected again, it catches up', async () => {
    stubFetch(gateway({ pages: { [LOCATION_ID]: page({ actions: [expiringIn(1500), actions()[2]] }) } }));
    const el = await mount<MerchantActions>(html`<merchant-actions endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-actions>`);
    if (el.state === 'loading') await oneEvent(el, 'merchant-load');
    const parent = el.parentElement!;
    let loads = 0;
    el.addEventListener('merchant-load', () => loads++);
    el.remove();
    await wait(2000);
    expect(loads, 'no refresh while disconnected').to.equal(0);
    parent.append(el);
    await oneEvent(el, 'merchant-load');
    await el.updateComplete;
    expect(titles(el)).to.deep.equal(['15% off your order']);
  });
});
