import { assert, expect, html } from '@open-wc/testing';
import '../../src/elements/menu/define.ts';
import type { MerchantMenu } from '../../src/elements/menu/merchant-menu.ts';
import { ENDPOINT, LOCATION_ID, gateway, mount, page, resetClient, settled, stubFetch } from './fixtures.ts';
import { longMenus } from './menu-fixtures.ts';

/** The item layout follows the menu's own width, so a narrow column stays readable. */
describe('<merchant-menu> layout by width', () => {
  beforeEach(() => {
    resetClient();
    stubFetch(gateway({ pages: { [LOCATION_ID]: page({ menus: longMenus() }) } }));
  });
  afterEach(() => resetClient());

  async function itemBoxes(containerWidth: number): Promise<{ name: DOMRect; prices: DOMRect; menu: DOMRect }> {
    const wrapper = await mount<HTMLDivElement>(html`<div class=${`w${containerWidth}`}>
      <style>.w${containerWidth} { width: ${containerWidth}px; }</style>
      <merchant-menu endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-menu>
    </div>`);
    const menu = wrapper.querySelector('merchant-menu') as MerchantMenu;
    await settled(menu);
    await toolsShown(menu);
    // An item without a photo: with one, the photo takes the second column and prices sit under the name.
    const item = [...menu.shadowRoot!.querySelectorAll('.item')].find((li) => !li.querySelector('img') && li.querySelector('.prices'))!;
    return {
      name: item.querySelector(':scope > div')!.getBoundingClientRect(),
      prices: item.querySelector('.prices')!.getBoundingClientRect(),
      menu: menu.getBoundingClientRect(),
    };
  }

  /**
   * Waits for the diner's tools (an on-demand module: the fixture's menus carry dietary flags) to be on screen. Before
   * they arrive the menu is narrower than it will be; measured then, a row of controls too wide for a phone went unseen
   * (in a full test pass the module was cached and arrived first, so the same test failed there and passed alone).
   */
  async function toolsShown(menu: MerchantMenu): Promise<void> {
    for (let frame = 0; frame < 300 && !menu.shadowRoot!.querySelector('[part="search"]'); frame++) {
      await new Promise(requestAnimationFrame);
    }
    assert.exists(menu.shadowRoot!.querySelector('[part="search"]'), "the diner's tools are on screen");
    await menu.updateComplete;
  }

  for (const width of [280, 320, 375]) {
    it(`at ${width}px nothing in the menu is wider than the menu (no sideways scroll on a phone)`, async () => {
      const wrapper = await mount<HTMLDivElement>(html`<div style=${`width: ${width}px`}>
        <merchant-menu endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-menu>
      </div>`);
      const menu = wrapper.querySelector('merchant-menu') as MerchantMenu;
      await settled(menu);
      await toolsShown(menu);
      const edge = menu.getBoundingClientRect().right;
      // What scrolls in a box of its own (the section bar's links) may run past the edge; the box itself may not.
      const inScroller = (element: Element) => {
        for (let box = element.parentElement; box; box = box.parentElement) if (getComputedStyle(box).overflowX !== 'visible') return true;
        return false;
      };
      const wider = [...menu.shadowRoot!.querySelectorAll('*')]
        .filter((element) => !element.closest('.paper') && !inScroller(element) && element.getBoundingClientRect().right > edge + 0.5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className} (${Math.round(element.getBoundingClientRect().right - edge)} px)`);
      expect(wider, 'past the end edge').to.deep.equal([]);
    });
  }

  it("in a narrow column (a phone) the prices stay on the name's line, at the end edge", async () => {
    const narrow = await itemBoxes(320);
    expect(narrow.menu.width).to.be.at.most(320);
    expect(narrow.prices.top).to.be.lessThan(narrow.name.top + 24);
    expect(narrow.prices.left).to.be.at.least(narrow.name.right);
    expect(narrow.prices.right).to.be.at.most(narrow.menu.right + 0.5);
    expect(narrow.prices.right).to.be.at.least(narrow.menu.right - 0.5);
  });

  it('puts prices beside the name in a wide column', async () => {
    const wide = await itemBoxes(900);
    expect(wide.prices.left).to.be.at.least(wide.name.right);
    expect(wide.prices.top).to.be.lessThan(wide.name.bottom);
    expect(wide.prices.right).to.be.at.most(wide.menu.right + 0.5);
  });

  /** The boxes of an item with a photo and one without, in a menu `containerWidth` wide. */
  async function bothItems(containerWidth: number) {
    const wrapper = await mount<HTMLDivElement>(html`<div style=${`width: ${containerWidth}px`}>
      <merchant-menu endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-menu>
    </div>`);
    const menu = wrapper.querySelector('merchant-menu') as MerchantMenu;
    await settled(menu);
    await toolsShown(menu);
    const items = [...menu.shadowRoot!.querySelectorAll('.item')].filter((li) => li.querySelector('.prices') && !li.closest('.paper'));
    const boxes = (li: Element) => ({
      photo: li.querySelector(':scope > img')?.getBoundingClientRect(),
      text: li.querySelector(':scope > .text')!.getBoundingClientRect(),
      prices: li.querySelector('.prices')!.getBoundingClientRect(),
    });
    const withPhoto = items.find((li) => li.querySelector(':scope > img'));
    const without = items.find((li) => !li.querySelector(':scope > img'));
    assert.exists(withPhoto, 'the fixture menu has an item with a photo');
    assert.exists(without);
    const measure = () => ({ withPhoto: boxes(withPhoto!), without: boxes(without!), menu: menu.getBoundingClientRect() });
    // Measure once the layout holds still for a frame (a photo decoding, or the on-demand tools arriving, lays the
    // menu out again on a busy machine); at most 60 frames.
    let last = JSON.stringify(measure());
    for (let frame = 0; frame < 60; frame++) {
      await new Promise(requestAnimationFrame);
      const now = JSON.stringify(measure());
      if (now === last) break;
      last = now;
    }
    return { ...measure(), withPhotoRow: withPhoto! };
  }

  for (const width of [320, 400, 640, 900]) {
    it(`at ${width}px: names start at one edge and prices line up at the other, whether or not an item has a photo; the text keeps a readable width`, async () => {
      const { withPhoto, without, menu } = await bothItems(width);
      const photo = withPhoto.photo!;
      // Names: one start edge (the menu's), photo or not.
      expect(Math.abs(withPhoto.text.left - menu.left)).to.be.below(1);
      expect(Math.abs(without.text.left - menu.left)).to.be.below(1);
      expect(photo.left).to.be.at.least(withPhoto.text.right);
      if (width < 512) {
        // A narrow container (32rem): the photo goes under the prices, so it takes no width from the text.
        expect(photo.top).to.be.at.least(withPhoto.prices.bottom);
        expect(withPhoto.text.width).to.be.at.least(menu.width * 0.6);
      } else {
        // Wider: the photo sits between the text and the prices.
        expect(withPhoto.prices.left).to.be.at.least(photo.right);
      }
      // Prices: one column at the end edge, on the name's line at every width.
      expect(Math.abs(withPhoto.prices.right - without.prices.right)).to.be.below(1);
      expect(Math.abs(withPhoto.prices.right - menu.right)).to.be.below(1);
      expect(withPhoto.prices.top).to.be.below(withPhoto.text.top + 24);
      expect(without.prices.top).to.be.below(without.text.top + 24);
    });
  }
  /**
   * A browser paints a server-rendered page as it parses it, so on a slow connection a frame can show a dish's row with
   * only its first parts. What such a frame shows must not move when the rest arrives (a layout shift): each part's
   * place may depend only on what comes before it in the markup. (The photo came first and stood in the text's column,
   * then in the prices', before the rest of its row arrived.)
   */
  for (const width of [400, 900]) {
    it(`at ${width}px: a dish's row cut anywhere in its markup shows each part where the whole row has it`, async () => {
      const { withPhoto, withPhotoRow: row } = await bothItems(width);
      assert.isAbove(withPhoto.photo!.width, 0);
      const placesIn = (li: Element) => {
        const origin = li.getBoundingClientRect();
        return [...li.children].map((part) => {
          const box = part.getBoundingClientRect();
          return `${part.localName}.${part.className} ${Math.round(box.left - origin.left)},${Math.round(box.top - origin.top)}`;
        });
      };
      const whole = placesIn(row);
      assert.isAtLeast(whole.length, 3, whole.join(' | '));
      for (let parsed = 1; parsed < row.children.length; parsed++) {
        const partial = row.cloneNode(true) as Element;
        while (partial.children.length > parsed) partial.lastElementChild!.remove();
        row.after(partial);
        try {
          assert.deepEqual(placesIn(partial), whole.slice(0, parsed), `the row's first ${parsed} part(s)`);
        } finally {
          partial.remove();
        }
      }
    });
  }
});
