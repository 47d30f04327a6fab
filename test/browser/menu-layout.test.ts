import { expect, html } from '@open-wc/testing';
import '../../src/elements/menu/define.ts';
import type { MerchantMenu } from '../../src/elements/menu/merchant-menu.ts';
import { ENDPOINT, LOCATION_ID, gateway, mount, resetClient, settled, stubFetch } from './fixtures.ts';

/** The item layout follows the menu's own width (a container query), so a narrow column stays readable. */
describe('<merchant-menu> layout by width', () => {
  beforeEach(() => {
    resetClient();
    stubFetch(gateway());
  });
  afterEach(() => resetClient());

  async function itemBoxes(containerWidth: number): Promise<{ name: DOMRect; prices: DOMRect; menu: DOMRect }> {
    const wrapper = await mount<HTMLDivElement>(html`<div class=${`w${containerWidth}`}>
      <style>.w${containerWidth} { width: ${containerWidth}px; }</style>
      <merchant-menu endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-menu>
    </div>`);
    const menu = wrapper.querySelector('merchant-menu') as MerchantMenu;
    await settled(menu);
    // An item without a photo: with one, the photo takes the second column and prices sit under the name.
    const item = [...menu.shadowRoot!.querySelectorAll('.item')].find((li) => !li.querySelector('img') && li.querySelector('.prices'))!;
    return {
      name: item.querySelector(':scope > div')!.getBoundingClientRect(),
      prices: item.querySelector('.prices')!.getBoundingClientRect(),
      menu: menu.getBoundingClientRect(),
    };
  }

  it('stacks prices under the name in a narrow column, so the name keeps the full width', async () => {
    const narrow = await itemBoxes(320);
    expect(narrow.menu.width).to.be.at.most(320);
    expect(narrow.name.width).to.be.greaterThan(narrow.menu.width * 0.9);
    expect(narrow.prices.top).to.be.at.least(narrow.name.bottom);
    expect(narrow.prices.right).to.be.at.most(narrow.menu.right + 0.5);
  });

  it('puts prices beside the name in a wide column', async () => {
    const wide = await itemBoxes(900);
    expect(wide.prices.left).to.be.at.least(wide.name.right);
    expect(wide.prices.top).to.be.lessThan(wide.name.bottom);
    expect(wide.prices.right).to.be.at.most(wide.menu.right + 0.5);
  });
});
