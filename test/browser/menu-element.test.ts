import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { Menu, MenuItem } from '../../src/contract/index.ts';
import '../../src/elements/menu/define.ts';
import type { MerchantMenu } from '../../src/elements/menu/merchant-menu.ts';
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
  menus,
  jsonLdScript,
  location,
  page,
  resetClient,
  stubFetch,
  structuredDataSettled,
  type Route,
} from './fixtures.ts';
import { layoutShift } from './element-checks.ts';

async function settled(el: MerchantMenu) {
  if (el.state === 'loading') await Promise.race([oneEvent(el, 'merchant-load'), oneEvent(el, 'merchant-error')]);
  await el.updateComplete;
}

const $ = (el: Element, sel: string) => el.shadowRoot!.querySelector<HTMLElement>(sel);
const has = (el: Element, sel: string) => el.shadowRoot!.querySelector(sel) !== null;
/**
 * What the screen shows: left out here, the menus beside the selected tab rendered for print only (`.paper`, while
 * printing) and the sections and dishes out of the diner's view (`hidden`).
 */
const $$ = (el: Element, sel: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(sel)].filter((node) => !node.closest('.paper, [hidden]'));
const text = (node: Node | null) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
/** An item's name and description (no parts of their own: the item is the part). */
const ITEM_NAME = '[part=item] > div > b';
const ITEM_DESCRIPTION = '[part=item] > div > .note';

/** Answers `/menus?format=short` too (the shared gateway route answers page, actions, nearby). */
function withShortMenus(short: Menu[], base: Route = gateway()): Route {
  return (url, init) => (url.pathname.endsWith('/menus') ? json({ menus: short }) : base(url, init));
}

async function menuEl(attrs = '', route: Route = gateway()): Promise<MerchantMenu> {
  stubFetch(route);
  const container = await fixture<HTMLDivElement>(`<div><merchant-menu endpoint="${ENDPOINT}" location-id="${LOCATION_ID}" ${attrs}></merchant-menu></div>`);
  const el = container.querySelector('merchant-menu')!;
  await settled(el);
  return el;
}

async function axeClean(el: Element) {
  const violations = await axeViolations(el);
  expect(violations, JSON.stringify(violations, null, 1)).to.deep.equal([]);
}

describe('<merchant-menu>', () => {
  beforeEach(() => resetClient());
  afterEach(() => resetClient());

  it('goes loading → ready, reflects state, fires merchant-load with the menus, and is axe-clean in both', async () => {
    const gate = deferred();
    stubFetch(gated(gateway(), gate));
    const el = await fixture<MerchantMenu>(html`<merchant-menu endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-menu>`);
    expect(el.getAttribute('state')).to.equal('loading');
    expect($(el, '[part=base]')!.getAttribute('aria-busy')).to.equal('true');
    await axeClean(el);
    const loaded = oneEvent(el, 'merchant-load');
    gate.release();
    const event = await loaded;
    expect((event.detail as Menu[]).map((m) => m.id)).to.deep.equal(['menu-dinner', 'menu-drinks']);
    await el.updateComplete;
    expect(el.getAttribute('state')).to.equal('ready');
    await axeClean(el);
  });

  it('renders sections, items, choices, ranges, market price, units, calories, additions, footnote', async () => {
    const el = await menuEl('locale="en-US"');
    const sections = $$(el, '[part=section]');
    expect(sections.map((s) => text(s.querySelector('h3')))).to.deep.equal(['Pizza', 'Mains']);
    const items = $$(el, '[part=item]');
    expect($$(el, ITEM_NAME).map(text)).to.deep.equal(['Margherita', 'Marinara', 'Catch of the day', 'Clams']);
    const margherita = items[0];
    // As read (innerText): the calories are on a line of their own under the price.
    const choices = [...margherita.querySelectorAll<HTMLElement>('.prices > li')].map((li) => li.innerText.replace(/\s+/g, ' ').trim());
    expect(choices[0]).to.equal('Small $12.00 700 Cal');
    expect(text(margherita.querySelector('.prices > li > .note'))).to.equal('700 Cal');
    expect(choices[1]).to.match(/^Large \$18\.50 1,100\s?[–-]\s?1,200 Cal$/);
    // Add-ons are one line of text: "Add-ons: name price · name price".
    expect(text(margherita.querySelector('.additions'))).to.match(/^Add-ons: Extra mozzarella \$2\.00 · Prosciutto \$3\.00\s?[–-]\s?\$4\.00$/);
    expect(text(items[2].querySelector('[part=price]'))).to.equal('Market price');
    expect(text(items[3].querySelector('[part=price]'))).to.match(/^\$14\.00\s?[–-]\s?\$22\.00 per lb$/);
    // The footnote is the note right before the attribution; the menu's description follows its name.
    expect(text($(el, '.note:has(+ [part=attribution])'))).to.contain('undercooked');
    expect(text($(el, '.visually-hidden:has(h2) + .note'))).to.equal('Served from 5 pm.');
  });

  it('keeps line breaks in descriptions (white-space: pre-line)', async () => {
    const el = await menuEl();
    const desc = $(el, ITEM_DESCRIPTION)!;
    expect(desc.textContent).to.contain('\n');
    expect(getComputedStyle(desc).whiteSpace).to.equal('pre-line');
  });

  it('shows dietary flags as labelled text badges, localized', async () => {
    const el = await menuEl('locale="es"');
    const badges = $$(el, '[part=item]')[1].querySelectorAll('[part=badge]');
    expect([...badges].map((b) => text(b))).to.deep.equal(['Sin lácteos', 'Vegano']);
    expect(text($$(el, '[part=item]')[2].querySelector('[part=price]'))).to.equal('Precio de mercado');
  });

  it('shows item photos over http(s) only, lazily, with width and height', async () => {
    const el = await menuEl();
    const img = $(el, '[part=item] img') as HTMLImageElement;
    expect(img.getAttribute('src')).to.equal('https://images.example/items/margherita.jpg');
    expect(img.getAttribute('loading')).to.equal('lazy');
    expect(img.getAttribute('width')).to.equal('72');
    expect(img.getAttribute('height')).to.equal('72');
    expect($$(el, '[part=item] img')).to.have.length(1);
  });

  it('filters by the owner\'s dietary preset (every flag required), and says so when nothing matches, without "selected"', async () => {
    const el = await menuEl('dietary="vegan, dairy-free"');
    expect($$(el, ITEM_NAME).map(text)).to.deep.equal(['Marinara']);
    el.dietary = 'gluten-free';
    await el.updateComplete;
    expect($$(el, ITEM_NAME).map(text)).to.deep.equal(['Catch of the day']);
    el.dietary = 'kosher';
    await el.updateComplete;
    expect($$(el, '[part=item]')).to.have.length(0);
    expect(text($(el, '[part=panel]'))).to.contain('No dish in this menu matches');
    expect(text($(el, '[part=base]'))).not.to.match(/selected/i);
    expect(has(el, '[part=attribution] img')).to.equal(true);
    el.dietary = null;
    await el.updateComplete;
    expect($$(el, '[part=item]')).to.have.length(4);
  });

  describe('tabs', () => {
    it('follows the WAI-ARIA tabs pattern with a roving tabindex', async () => {
      const el = await menuEl();
      const tablist = $(el, '[role=tablist]')!;
      expect(tablist.getAttribute('aria-label')).to.equal('Menus');
      const tabs = $$(el, '[role=tab]');
      expect(tabs.map(text)).to.deep.equal(['Dinner', 'Drinks']);
      expect(tabs.map((t) => t.getAttribute('aria-selected'))).to.deep.equal(['true', 'false']);
      expect(tabs.map((t) => t.tabIndex)).to.deep.equal([0, -1]);
      // One panel, showing the selected menu: every tab controls it, the selected tab labels it.
      const panels = $$(el, '[role=tabpanel]');
      expect(panels).to.have.length(1);
      expect(panels[0].getAttribute('aria-labelledby')).to.equal(tabs[0].id);
      expect(tabs.map((t) => t.getAttribute('aria-controls'))).to.deep.equal([panels[0].id, panels[0].id]);
      expect(text(panels[0])).to.contain('Margherita');
      expect(text(panels[0])).to.not.contain('Chianti Classico');
    });

    it('moves with ArrowRight/ArrowLeft (wrapping), Home and End, focusing the selected tab', async () => {
      const el = await menuEl();
      const tabs = () => $$(el, '[role=tab]');
      tabs()[0].focus();
      const press = async (key: string) => {
        const target = el.shadowRoot!.activeElement ?? $(el, '[role=tab][aria-selected=true]')!;
        target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true }));
        await el.updateComplete;
        await el.updateComplete;
        // Focus follows the selection: the host is the document's active element, the tab the shadow root's.
        expect(document.activeElement === el, `document focus on the host after ${key}`).to.equal(true);
        const focused = el.shadowRoot!.activeElement;
        expect(focused?.getAttribute('aria-selected'), `focused tab selected after ${key}`).to.equal('true');
        expect(focused?.getAttribute('tabindex'), `roving tabindex after ${key}`).to.equal('0');
      };
      await press('ArrowRight');
      expect(el.shadowRoot!.activeElement === tabs()[1], 'focus on tab 1').to.equal(true);
      expect(tabs()[1].getAttribute('aria-selected')).to.equal('true');
      expect(tabs().map((t) => t.tabIndex)).to.deep.equal([-1, 0]);
      expect(text($(el, '[role=tabpanel]'))).to.contain('Chianti Classico');
      expect($(el, '[role=tabpanel]')!.getAttribute('aria-labelledby')).to.equal(tabs()[1].id);
      await press('ArrowRight');
      expect(el.shadowRoot!.activeElement === tabs()[0], 'focus on tab 0').to.equal(true);
      await press('ArrowLeft');
      expect(el.shadowRoot!.activeElement === tabs()[1], 'focus on tab 1').to.equal(true);
      await press('Home');
      expect(el.shadowRoot!.activeElement === tabs()[0], 'focus on tab 0').to.equal(true);
      await press('End');
      expect(el.shadowRoot!.activeElement === tabs()[1], 'focus on tab 1').to.equal(true);
      await axeClean(el);
    });

    it('selects by click, and focuses the selected tab', async () => {
      const el = await menuEl();
      $$(el, '[role=tab]')[1].click();
      await el.updateComplete;
      await el.updateComplete;
      expect($$(el, '[role=tab]').map((t) => t.getAttribute('aria-selected'))).to.deep.equal(['false', 'true']);
      expect(el.shadowRoot!.activeElement === $$(el, '[role=tab]')[1], 'focus on tab 1').to.equal(true);
      expect(text($(el, '[role=tabpanel]'))).to.contain('Chianti Classico');
    });

    it('puts the attribution image and its link under every menu', async () => {
      const el = await menuEl();
      for (const i of [0, 1]) {
        $$(el, '[role=tab]')[i].click();
        await el.updateComplete;
        const panel = $(el, '[role=tabpanel]')!;
        expect(panel.getAttribute('aria-labelledby')).to.equal(`tab-${i}`);
        const link = panel.querySelector('[part=attribution] a')!;
        expect(link.getAttribute('href')).to.equal('https://menus.example/');
        expect(link.querySelector('img')!.getAttribute('src')).to.equal('https://images.example/attribution/powered-by.png');
        expect(link.querySelector('img')!.getAttribute('alt')).to.not.equal('');
      }
    });

    it("shows the menu name once: on its tab, the panel's heading only for screen readers and the outline", async () => {
      const el = await menuEl();
      const name = $(el, '[role=tabpanel] h2')!;
      expect(text(name)).to.equal('Dinner');
      // Visually hidden (a 1 px clipped box), still in the accessibility tree.
      expect(name.getBoundingClientRect().width).to.be.at.most(1);
      expect(getComputedStyle(name.parentElement!).clipPath).to.not.equal('none');
      const visible = $$(el, '[role=tab], [role=tabpanel] *').filter((node) => node.getBoundingClientRect().width > 1 && text(node) === 'Dinner');
      expect(visible.map((node) => node.localName)).to.deep.equal(['button']);
    });
  });

  describe('print copies', () => {
    it("render the menus beside the selected tab only while printing (beforeprint to afterprint): a tabbed menu's DOM is not doubled", async () => {
      const el = await menuEl();
      const root = el.shadowRoot!;
      const onScreen = root.querySelectorAll('*').length;
      expect(root.querySelectorAll('.paper')).to.have.length(0);
      dispatchEvent(new Event('beforeprint'));
      expect(el.isUpdatePending, 'the update is asked for at once (it runs in the microtasks after the event)').to.equal(true);
      await el.updateComplete;
      // Paper has no tabs: the other menu (Drinks) is there, under its name, with its dishes.
      expect([...root.querySelectorAll('.paper h2')].map(text)).to.deep.equal(['Drinks']);
      expect(root.querySelectorAll('.paper [part=item]').length).to.be.greaterThan(0);
      expect(root.querySelectorAll('*').length).to.be.greaterThan(onScreen);
      dispatchEvent(new Event('afterprint'));
      await el.updateComplete;
      expect(root.querySelectorAll('.paper')).to.have.length(0);
      expect(root.querySelectorAll('*').length).to.equal(onScreen);
    });
  });

  describe('section bar', () => {
    /** One menu of `count` sections (copies of the fixture's first one, renamed). */
    const longMenu = (count: number) => {
      const [dinner] = menus();
      return [{ ...dinner, sections: Array.from({ length: count }, (_, i) => ({ ...dinner.sections[0], id: `s${i}`, name: `Section ${i + 1}` })) }];
    };
    const withMenus = (list: Menu[]) => gateway({ pages: { [LOCATION_ID]: page({ menus: list }) } });

    it('is shown from 4 sections: a labelled navigation landmark with a link per section', async () => {
      const el = await menuEl('', withMenus(longMenu(4)));
      const nav = $(el, 'nav[part=section-bar]')!;
      expect(nav.getAttribute('aria-label')).to.equal("Sections of Dinner at Luigi's Pizzeria");
      const links = [...nav.querySelectorAll('a')];
      expect(links.map(text)).to.deep.equal(['Section 1', 'Section 2', 'Section 3', 'Section 4']);
      // Every link names a section of this shadow root.
      for (const link of links) expect(text(el.shadowRoot!.getElementById(link.hash.slice(1))!.querySelector('h3'))).to.equal(text(link));
      await axeClean(el);
    });

    it('is not shown for a shorter menu, nor with no-section-bar', async () => {
      expect(has(await menuEl('', withMenus(longMenu(3))), 'nav')).to.equal(false);
      resetClient();
      expect(has(await menuEl('no-section-bar', withMenus(longMenu(6))), 'nav')).to.equal(false);
    });

    it('reads as links, not as a second row of tabs', async () => {
      const el = await menuEl('', withMenus(longMenu(4)));
      const link = $(el, 'nav a')!;
      expect(link.classList.contains('button')).to.equal(false);
      expect(getComputedStyle(link).borderTopStyle).to.equal('none');
    });

    it('jumps to a section: scrolls its heading into view and moves the focus to it', async () => {
      const el = await menuEl('', withMenus(longMenu(8)));
      const last = [...$(el, 'nav')!.querySelectorAll('a')].at(-1)!;
      last.click();
      const heading = el.shadowRoot!.activeElement as HTMLElement;
      expect(text(heading)).to.equal('Section 8');
      expect(heading.localName).to.equal('h3');
      await new Promise((resolve) => setTimeout(resolve, 600));
      const top = heading.getBoundingClientRect().top;
      expect(top >= 0 && top < innerHeight, `heading at ${top} in a ${innerHeight} px viewport`).to.equal(true);
    });

    it("is named by its menu: several menus on one page have landmarks of their own (axe's landmark-unique)", async () => {
      const [lunch] = longMenu(4);
      const drinks = { ...lunch, id: 'drinks', name: 'Drinks' };
      stubFetch(gateway({ pages: { [LOCATION_ID]: page({ menus: [lunch] }), other: page({ menus: [drinks] }) } }));
      const container = await fixture<HTMLDivElement>(
        `<div><merchant-menu endpoint="${ENDPOINT}" location-id="${LOCATION_ID}"></merchant-menu><merchant-menu endpoint="${ENDPOINT}" location-id="other"></merchant-menu></div>`,
      );
      const els = [...container.querySelectorAll('merchant-menu')];
      for (const el of els) await settled(el);
      expect(els.map((el) => $(el, 'nav[part=section-bar]')!.getAttribute('aria-label'))).to.deep.equal([
        "Sections of Dinner at Luigi's Pizzeria",
        "Sections of Drinks at Luigi's Pizzeria",
      ]);
      const violations = await axeViolations(container);
      expect(violations, JSON.stringify(violations, null, 1)).to.deep.equal([]);
    });

    it("two locations' menus of the same name: each bar is named by its location too (landmark-unique), in each language", async () => {
      const lunch = longMenu(4).map((menu) => ({ ...menu, name: 'Lunch' }));
      stubFetch(
        gateway({
          pages: {
            [LOCATION_ID]: page({ menus: lunch, location: location({ name: 'Nonna Rosa, Bleecker St' }) }),
            other: page({ menus: lunch, location: location({ id: 'other', name: 'Nonna Rosa, Court St' }) }),
          },
        }),
      );
      const expected: Record<string, string[]> = {
        en: ['Sections of Lunch at Nonna Rosa, Bleecker St', 'Sections of Lunch at Nonna Rosa, Court St'],
        de: ['Abschnitte von Lunch bei Nonna Rosa, Bleecker St', 'Abschnitte von Lunch bei Nonna Rosa, Court St'],
        es: ['Secciones de Lunch en Nonna Rosa, Bleecker St', 'Secciones de Lunch en Nonna Rosa, Court St'],
        fr: ['Sections de Lunch chez Nonna Rosa, Bleecker St', 'Sections de Lunch chez Nonna Rosa, Court St'],
      };
      for (const [locale, names] of Object.entries(expected)) {
        const container = await fixture<HTMLDivElement>(
          `<div lang="${locale}"><merchant-menu endpoint="${ENDPOINT}" location-id="${LOCATION_ID}"></merchant-menu><merchant-menu endpoint="${ENDPOINT}" location-id="other"></merchant-menu></div>`,
        );
        const els = [...container.querySelectorAll('merchant-menu')];
        for (const el of els) await settled(el);
        expect(
          els.map((el) => $(el, 'nav[part=section-bar]')!.getAttribute('aria-label')),
          locale,
        ).to.deep.equal(names);
        if (locale === 'en') {
          const violations = await axeViolations(container);
          expect(violations, JSON.stringify(violations, null, 1)).to.deep.equal([]);
        }
      }
    });

    it('is translated', async () => {
      const el = await menuEl('locale="fr"', withMenus(longMenu(4)));
      expect($(el, 'nav')!.getAttribute('aria-label')).to.equal("Sections de Dinner chez Luigi's Pizzeria");
    });

    it("without the location in the data (a short menu's answer), by the menu's name alone", async () => {
      const [dinner] = longMenu(4);
      const el = await menuEl('format="short"', withShortMenus([dinner]));
      expect($(el, 'nav')!.getAttribute('aria-label')).to.equal('Sections of Dinner');
    });
  });

  it("writes the add-ons label with its language's punctuation (French: a no-break space before the colon)", async () => {
    const el = await menuEl('locale="fr"');
    // As written (not whitespace-normalized): the space before the colon is the no-break one, so the colon never starts a line.
    expect($$(el, '[part=item]')[0]!.querySelector('.additions')!.textContent!.trim()).to.match(/^Suppléments\u00a0: Extra mozzarella /);
  });

  it('shows a single menu without tabs, its name an h2 and its sections h3', async () => {
    const one = menus().slice(0, 1);
    const el = await menuEl('', gateway({ pages: { [LOCATION_ID]: page({ menus: one }) } }));
    expect(has(el, '[role=tablist]')).to.equal(false);
    expect(has(el, '[role=tabpanel]')).to.equal(false);
    expect($$(el, 'h2').map(text)).to.deep.equal(['Dinner']);
    expect($$(el, '[part=section] > h3')).to.have.length(2);
    expect(has(el, '[part=attribution] img')).to.equal(true);
    await axeClean(el);
  });

  it('heading-level fits the page outline: the menu name at that level, sections one below', async () => {
    const one = menus().slice(0, 1);
    const el = await menuEl('heading-level="3"', gateway({ pages: { [LOCATION_ID]: page({ menus: one }) } }));
    expect($$(el, 'h3').map(text)).to.deep.equal(['Dinner']);
    expect($$(el, '[part=section] > h4')).to.have.length(2);
    expect($$(el, 'h2')).to.have.length(0);
  });

  it('heading-level 6 or a non-number falls back to 2, so sections (one below) stay within h6', async () => {
    const one = menus().slice(0, 1);
    for (const level of ['6', 'x']) {
      resetClient();
      const el = await menuEl(`heading-level="${level}"`, gateway({ pages: { [LOCATION_ID]: page({ menus: one }) } }));
      expect($$(el, 'h2').map(text), level).to.deep.equal(['Dinner']);
      expect($$(el, '[part=section] > h3'), level).to.have.length(2);
    }
  });

  it('format="short" asks the gateway for the short menu', async () => {
    const short = menus().slice(1);
    stubFetch(withShortMenus(short));
    const el = await fixture<MerchantMenu>(html`<merchant-menu endpoint=${ENDPOINT} location-id=${LOCATION_ID} format="short"></merchant-menu>`);
    await settled(el);
    expect(el.getAttribute('format')).to.equal('short');
    expect($$(el, ITEM_NAME).map(text)).to.deep.equal(['Chianti Classico']);
  });

  it('shows the empty state (the empty slot, no default message) and is axe-clean', async () => {
    const el = await menuEl('', gateway({ pages: { [LOCATION_ID]: page({ menus: [] }) } }));
    expect(el.state).to.equal('empty');
    expect(has(el, 'slot[name=empty]')).to.equal(true);
    expect(text(el.shadowRoot)).to.equal('');
    await axeClean(el);
    expect(el.querySelectorAll('script').length).to.equal(0);
  });

  it('shows an actionable error for an unknown location, fires merchant-error, and is axe-clean', async () => {
    stubFetch(gateway());
    const el = await fixture<MerchantMenu>(html`<merchant-menu endpoint=${ENDPOINT} location-id="nope"></merchant-menu>`);
    const failed = el.state === 'error' ? null : oneEvent(el, 'merchant-error');
    const event = await failed;
    expect(event?.detail.error).to.equal('LOCATION_DOES_NOT_EXIST');
    await el.updateComplete;
    expect(el.state).to.equal('error');
    expect(text($(el, '[part=error]'))).to.contain('nope');
    await axeClean(el);
  });

  it('shows the error of the menus part when only it failed', async () => {
    const broken = page({ menus: undefined, errors: { menus: errorResource(502, 'UPSTREAM_ERROR', 'Menus failed.') } });
    const el = await menuEl('', gateway({ pages: { [LOCATION_ID]: broken } }));
    expect(el.state).to.equal('error');
  });

  describe('structured data', () => {
    it('adds schema.org Menu JSON-LD to the light DOM, escaped', async () => {
      const el = await menuEl();
      const script = await jsonLdScript(el);
      expect(script.parentNode === el).to.equal(true);
      const data = JSON.parse(script.textContent!);
      expect(data['@graph'].map((m: { name: string }) => m.name)).to.deep.equal(['Dinner', 'Drinks']);
      expect(data['@graph'][0].hasMenuSection[0].hasMenuItem[0].offers[0]).to.deep.include({ price: 12, priceCurrency: 'USD' });
      expect(has(el, 'slot:not([name])')).to.equal(false);
    });

    it('adds none with no-structured-data, and removes it when the attribute is set later', async () => {
      const el = await menuEl('no-structured-data');
      await structuredDataSettled();
      expect(el.querySelectorAll('script').length).to.equal(0);
      el.noStructuredData = false;
      await el.updateComplete;
      await jsonLdScript(el);
      expect(el.querySelectorAll('script')).to.have.length(1);
      el.setAttribute('no-structured-data', '');
      await el.updateComplete;
      expect(el.querySelectorAll('script').length).to.equal(0);
    });

    it('removes it on disconnect and restores it on reconnect', async () => {
      const el = await menuEl();
      await jsonLdScript(el);
      const parent = el.parentElement!;
      el.remove();
      expect(el.querySelectorAll('script').length).to.equal(0);
      parent.append(el);
      await el.updateComplete;
      expect(el.querySelectorAll('script')).to.have.length(1);
    });
  });

  it('renders hostile data inert (text as text, unsafe URLs dropped, JSON-LD escaped)', async () => {
    const el = await menuEl('', gateway({ pages: { [LOCATION_ID]: hostilePage() } }));
    expect(el.state).to.equal('ready');
    expectInert(el.shadowRoot!);
    expect(text($(el, ITEM_NAME))).to.contain('<script>');
    expect($$(el, '[part=badge]')).to.have.length(0);
    // The attribution is still there, as text, when its image URL is unsafe.
    expect(text($(el, '[part=attribution]'))).to.not.equal('');
    expect(has(el, '[part=attribution] img')).to.equal(false);
    expect(has(el, '[part=attribution] a')).to.equal(false);
    await jsonLdScript(el);
    const scripts = [...el.querySelectorAll('script')];
    expect(scripts).to.have.length(1);
    expect(scripts[0].type).to.equal('application/ld+json');
    expect(scripts[0].textContent).to.not.contain('<');
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
    await axeClean(el);
  });

  it('has no layout shift from loading to ready at its documented size (min-height reserved)', async () => {
    // First learn the ready height, then reserve it as a site would with --merchant-menu-min-height.
    const probe = await menuEl();
    const height = probe.getBoundingClientRect().height;
    probe.parentElement!.remove();
    resetClient();

    const shift = (minHeight: string) =>
      layoutShift(
        gateway(),
        html`<div>
          <merchant-menu endpoint=${ENDPOINT} location-id=${LOCATION_ID} style=${`--merchant-menu-min-height: ${minHeight}`}></merchant-menu>
          <p id="after">Content after the menu</p>
        </div>`,
        'merchant-menu',
      );
    expect(await shift('0px'), 'control: without reserved space the content after moves').to.be.greaterThan(0);
    expect(await shift(`${height}px`)).to.equal(0);
  });

  it('renders a 1,000-item menu, and re-filters it', async () => {
    const items: MenuItem[] = Array.from({ length: 1000 }, (_, i) => ({
      id: `i${i}`,
      name: `Dish ${i}`,
      description: i % 3 ? null : `Line one\nLine two ${i}`,
      order: i,
      photos: [],
      choices: [{ name: null, unit: null, order: 0, price: { min: 5 + (i % 20), max: 5 + (i % 20) }, calories: null }],
      additions: [],
      dietary: i % 2 ? ['vegan'] : [],
    }));
    const big: Menu = {
      ...menus()[0],
      id: 'big',
      sections: Array.from({ length: 20 }, (_, s) => ({
        id: `s${s}`,
        name: `Section ${s}`,
        description: null,
        order: s,
        items: items.slice(s * 50, s * 50 + 50),
      })),
    };
    const el = await menuEl('', gateway({ pages: { [LOCATION_ID]: page({ menus: [big] }) } }));
    expect($$(el, '[part=item]')).to.have.length(1000);
    const rows = [...el.shadowRoot!.querySelectorAll('[part=item]')];
    el.dietary = 'vegan';
    await el.updateComplete;
    expect($$(el, '[part=item]')).to.have.length(500);
    expect([...el.shadowRoot!.querySelectorAll('[part=item]')], 'the same rows, those out of the view hidden').to.deep.equal(rows);
    // Every row stays (the filter hides rows, it does not re-render them): each row shown is its own dish, in full.
    const names = $$(el, ITEM_NAME).map(text);
    expect(names.slice(0, 3)).to.deep.equal(['Dish 1', 'Dish 3', 'Dish 5']);
    expect($$(el, ITEM_DESCRIPTION).map(text)[0]).to.equal('Line one Line two 3');
    expect($$(el, '[part=item]')[0].querySelector(':scope > div > .note')).to.equal(null);
    el.dietary = null;
    await el.updateComplete;
    expect($$(el, ITEM_NAME).slice(0, 2).map(text)).to.deep.equal(['Dish 0', 'Dish 1']);
  });
});
