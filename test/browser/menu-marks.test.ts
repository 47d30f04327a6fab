/**
 * The search's marks (menu-tools.ts): with the CSS Custom Highlight API, ranges over the dishes' text nodes in one
 * highlight the page's menus share (`merchant-menu-match`), no element added to a row; each menu adds and removes only
 * its own ranges, and takes them away when it leaves the page. Without the API (forced here by hiding `CSS.highlights`),
 * `<mark>` elements, as before. The count is announced either way, and the menu is axe clean with a search on.
 */
import { assert, expect, html } from '@open-wc/testing';
import '../../src/elements/menu/define.ts';
import type { MerchantMenu } from '../../src/elements/menu/merchant-menu.ts';
import { ENDPOINT, LOCATION_ID, axeViolations, gateway, mount, page, resetClient, settled, stubFetch } from './fixtures.ts';
import { longMenus } from './menu-fixtures.ts';

/** The highlight's name in the page's registry (menu-tools.ts MATCH_HIGHLIGHT), written out so the test runs on main too. */
const MATCH_HIGHLIGHT = 'merchant-menu-match';

/** Two menus (two locations) on one page, settled with their tools on screen. */
async function twoMenus(): Promise<MerchantMenu[]> {
  const wrapper = await mount<HTMLDivElement>(html`<div>
    <merchant-menu id="a" endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-menu>
    <merchant-menu id="b" endpoint=${ENDPOINT} location-id="other"></merchant-menu>
  </div>`);
  const els = [...wrapper.querySelectorAll<MerchantMenu>('merchant-menu')];
  for (const el of els) {
    await settled(el);
    for (let frame = 0; frame < 300 && !el.shadowRoot!.querySelector('[part="search"]'); frame++) await new Promise(requestAnimationFrame);
    assert.exists(el.shadowRoot!.querySelector('[part="search"]'), "the diner's tools are on screen");
  }
  return els;
}

async function search(el: MerchantMenu, query: string): Promise<void> {
  const box = el.shadowRoot!.querySelector<HTMLInputElement>('[part="search"]')!;
  box.value = query;
  box.dispatchEvent(new Event('input'));
  await el.updateComplete;
}

/** The shared highlight's ranges inside `el`'s shadow root, as text. */
function rangesIn(el: MerchantMenu): string[] {
  const highlight = CSS.highlights.get(MATCH_HIGHLIGHT);
  return [...((highlight ?? []) as Iterable<AbstractRange>)].filter((range) => range.startContainer.getRootNode() === el.shadowRoot).map(rangeText);
}

function rangeText(range: AbstractRange): string {
  return (range.startContainer as Text).data.slice(range.startOffset, range.endOffset);
}

/** The names and descriptions of the rows shown that hold `word` (case ignored), each as many times as it does. */
function expectedMatches(el: MerchantMenu, word: string): number {
  const rows = [...el.shadowRoot!.querySelectorAll('[part~="item"]:not([hidden])')];
  const texts = rows.flatMap((row) =>
    [...row.querySelectorAll(':scope > .text > b, :scope > .text > b + .note:not(.additions)')].map((part) => part.textContent!),
  );
  return texts.reduce((sum, text) => sum + (text.toLowerCase().split(word).length - 1), 0);
}

describe('<merchant-menu> search marks', () => {
  beforeEach(() => {
    resetClient();
    const pageData = page({ menus: longMenus() });
    stubFetch(gateway({ pages: { [LOCATION_ID]: pageData, other: pageData } }));
  });
  afterEach(() => resetClient());

  it('are highlights: ranges over the rows shown, no <mark> element; the count announced; axe clean', async () => {
    const [el] = await twoMenus();
    await search(el!, 'mar');
    const root = el!.shadowRoot!;
    expect(root.querySelectorAll('mark'), 'no <mark> element').to.have.length(0);
    const marks = rangesIn(el!);
    expect(marks.length).to.be.greaterThan(0);
    expect(
      marks.every((text) => text.toLowerCase() === 'mar'),
      marks.join(),
    ).to.equal(true);
    expect(marks.length).to.equal(expectedMatches(el!, 'mar'));
    // Painted by the element's ::highlight rule, with the page's custom property.
    el!.style.setProperty('--merchant-menu-match-background', 'rgb(1, 2, 3)');
    const name = root.querySelector('[part~="item"]:not([hidden]) .text > b')!;
    expect(getComputedStyle(name, `::highlight(${MATCH_HIGHLIGHT})`).backgroundColor).to.equal('rgb(1, 2, 3)');
    el!.style.removeProperty('--merchant-menu-match-background');
    const shown = root.querySelectorAll('[part~="item"]:not([hidden])').length;
    expect(root.querySelector('[role="status"]')!.textContent!.trim()).to.equal(`${shown} of ${root.querySelectorAll('[part~="item"]').length} dishes`);
    const violations = await axeViolations(el!);
    expect(violations, JSON.stringify(violations, null, 1)).to.deep.equal([]);
  });

  it('two menus share the one highlight: each changes and removes only its own ranges, and the entry goes with the last', async () => {
    const [a, b] = (await twoMenus()) as [MerchantMenu, MerchantMenu];
    await search(a, 'mar');
    await search(b, 'cla');
    const ofA = rangesIn(a);
    const ofB = rangesIn(b);
    expect(ofA.length && ofB.length, `${ofA.length} and ${ofB.length} ranges`).to.not.equal(0);
    expect(CSS.highlights.get(MATCH_HIGHLIGHT)!.size).to.equal(ofA.length + ofB.length);
    // One menu's next letter leaves the other's ranges as they were.
    await search(a, 'marg');
    expect(rangesIn(b)).to.deep.equal(ofB);
    expect(rangesIn(a).every((text) => text.toLowerCase() === 'marg')).to.equal(true);
    // Cleared in one: its ranges go, the other's stay.
    await search(a, '');
    expect(rangesIn(a)).to.deep.equal([]);
    expect(rangesIn(b)).to.deep.equal(ofB);
    // Searched again, then taken off the page: its ranges go with it.
    await search(a, 'mar');
    expect(rangesIn(a)).to.have.length(ofA.length);
    a.remove();
    expect(rangesIn(a)).to.deep.equal([]);
    expect(rangesIn(b)).to.deep.equal(ofB);
    b.remove();
    expect(CSS.highlights.has(MATCH_HIGHLIGHT), 'no entry left in the registry').to.equal(false);
  });

  it('without the highlight API: <mark> elements in the rows shown, the count announced, axe clean', async () => {
    const real = Object.getOwnPropertyDescriptor(CSS, 'highlights')!;
    Object.defineProperty(CSS, 'highlights', { value: undefined, configurable: true });
    try {
      const [el] = await twoMenus();
      await search(el!, 'mar');
      const root = el!.shadowRoot!;
      const marks = [...root.querySelectorAll('mark')];
      expect(marks.length).to.equal(expectedMatches(el!, 'mar'));
      expect(marks.every((mark) => mark.textContent!.toLowerCase() === 'mar' && !mark.closest('[hidden]'))).to.equal(true);
      const shown = root.querySelectorAll('[part~="item"]:not([hidden])').length;
      expect(root.querySelector('[role="status"]')!.textContent!.trim()).to.equal(`${shown} of ${root.querySelectorAll('[part~="item"]').length} dishes`);
      const violations = await axeViolations(el!);
      expect(violations, JSON.stringify(violations, null, 1)).to.deep.equal([]);
      await search(el!, '');
      expect(root.querySelectorAll('mark')).to.have.length(0);
    } finally {
      Object.defineProperty(CSS, 'highlights', real);
    }
  });
});
