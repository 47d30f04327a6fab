/**
 * A provider defined after the elements inside it (a CMS that loads the bundle in pieces, or the provider's
 * module arriving late): the elements wait, then ask for the provider's context again once it is defined.
 * Its own file, so `merchant-provider` is not yet defined when the test starts.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { html as litHtml } from 'lit';
import { MerchantElement, type ResolvedConfig } from '../../src/elements/shared/merchant-element.ts';
import type { Location } from '../../src/contract/index.ts';
import { ENDPOINT, LOCATION_ID, gateway, resetClient, stubFetch } from './fixtures.ts';

class LateChild extends MerchantElement<Location> {
  protected override load(config: ResolvedConfig, signal: AbortSignal) {
    return this.loadPagePart(config, 'location', signal);
  }
  protected override renderReady(location: Location) {
    return litHtml`<p>${location.name}</p>`;
  }
}
if (!customElements.get('late-child')) customElements.define('late-child', LateChild);

describe('a <merchant-provider> defined after its children', () => {
  afterEach(() => resetClient());

  it('children wait without an error, then load with the provider’s endpoint and location', async () => {
    const stub = stubFetch(gateway());
    const wrapper = await fixture<HTMLElement>(
      html`<merchant-provider endpoint=${ENDPOINT} location-id=${LOCATION_ID}><late-child></late-child></merchant-provider>`,
    );
    const child = wrapper.querySelector<LateChild>('late-child')!;
    await child.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(customElements.get('merchant-provider')).to.equal(undefined);
    expect(child.state).to.equal('loading');
    expect(stub.calls.length).to.equal(0);

    const loaded = oneEvent(child, 'merchant-load');
    await import('../../src/elements/provider/define.ts');
    await loaded;
    await child.updateComplete;
    expect(child.state).to.equal('ready');
    expect(child.shadowRoot!.textContent).to.contain("Luigi's Pizzeria");
    expect(stub.calls.length).to.equal(1);
  });
});
