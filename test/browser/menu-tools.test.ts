/**
 * The menu's diner tools as logic (menu-tools.ts): the fold for search, the marked runs, the flags of both kinds, the
 * fragment's state; and the controller's lifecycle (its observer and listener removed on disconnect).
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { Menu, MenuItem } from '../../src/contract/index.ts';
import { filterMenu, flagsIn, fold, matchRuns, parseFlags, passesFlags, queryWords, readFragment, writeFragment } from '../../src/elements/menu/menu-tools.ts';
import { DIETARY_FLAGS } from '../../src/contract/lists.ts';

const item = (id: string, name: string, dietary: string[], description: string | null = null) =>
  ({ id, name, description, dietary, photos: [], choices: [], additions: [], order: 0 }) as unknown as MenuItem;
const menu = {
  name: 'Lunch',
  sections: [
    { id: 's1', name: 'Starters', items: [item('a', 'Crème brûlée', ['vegetarian', 'egg', 'dairy']), item('b', 'Pâté', [])] },
    { id: 's2', name: 'Mains', items: [item('c', 'Tofu bowl', ['vegan', 'soy', 'gluten-free'], 'Rice, tofu, ÉDAMAME'), item('d', 'Steak', ['gluten-free'])] },
  ],
} as unknown as Menu;
const ids = (flags: string[], query = '') =>
  filterMenu(menu, new Set(flags) as never, queryWords(query, 'en'), 'en').map((s) => [s.id, ...s.items.map((i) => i.id)]);

describe('menu tools: search', () => {
  it('folds case and accents in the page language (NFD without marks, then locale lower case)', () => {
    expect(fold('Crème Brûlée', 'en')).to.equal('creme brulee');
    expect(fold('ÉDAMAME', 'fr')).to.equal('edamame');
    // Turkish: a capital I is a dotless ı in Turkish, an i elsewhere.
    expect(fold('ISTANBUL', 'tr')).to.equal('ıstanbul');
    expect(fold('ISTANBUL', 'en')).to.equal('istanbul');
  });

  it('finds dishes by every word, in names and descriptions, accents and case ignored', () => {
    expect(ids([], 'creme')).to.deep.equal([['s1', 'a']]);
    expect(ids([], 'PATE')).to.deep.equal([['s1', 'b']]);
    expect(ids([], 'edamame rice')).to.deep.equal([['s2', 'c']]);
    expect(ids([], 'edamame steak')).to.deep.equal([]);
    expect(ids([], '   ')).to.deep.equal([
      ['s1', 'a', 'b'],
      ['s2', 'c', 'd'],
    ]);
  });

  it('marks what matched in the text as written (runs of text, never HTML)', () => {
    expect(matchRuns('Crème brûlée', ['creme'], 'en')).to.deep.equal([{ match: 'Crème' }, ' brûlée']);
    expect(matchRuns('Crème brûlée', ['rul', 'cre'], 'en')).to.deep.equal([{ match: 'Crè' }, 'me b', { match: 'rûl' }, 'ée']);
    expect(matchRuns('<b>x</b>', ['b'], 'en')).to.deep.equal(['<', { match: 'b' }, '>x</', { match: 'b' }, '>']);
    expect(matchRuns('Steak', [], 'en')).to.deep.equal(['Steak']);
  });
});

describe('menu tools: dietary filters', () => {
  it('a diet or "free of" flag keeps only the marked dishes; vegetarian keeps vegan ones too', () => {
    expect(ids(['gluten-free'])).to.deep.equal([['s2', 'c', 'd']]);
    expect(ids(['vegetarian'])).to.deep.equal([
      ['s1', 'a'],
      ['s2', 'c'],
    ]);
    expect(ids(['vegan'])).to.deep.equal([['s2', 'c']]);
  });

  it('a "contains" flag hides only the dishes marked with it: an unmarked dish stays (it is not said to be free of it)', () => {
    expect(ids(['egg'])).to.deep.equal([
      ['s1', 'b'],
      ['s2', 'c', 'd'],
    ]);
    expect(passesFlags(item('x', 'x', []), ['peanut'])).to.equal(true);
    expect(passesFlags(item('x', 'x', ['peanut']), ['peanut'])).to.equal(false);
  });

  it('combines chips with each other and with the search', () => {
    expect(ids(['gluten-free', 'soy'])).to.deep.equal([['s2', 'd']]);
    expect(ids(['gluten-free'], 'tofu')).to.deep.equal([['s2', 'c']]);
    expect(ids(['kosher'])).to.deep.equal([]);
  });

  it('offers the flags the menus carry, in the contract order, and parses the owner preset', () => {
    expect(flagsIn([menu], DIETARY_FLAGS)).to.deep.equal(['dairy', 'egg', 'gluten-free', 'soy', 'vegan', 'vegetarian']);
    expect(parseFlags('Vegan, gluten-free nonsense constructor', DIETARY_FLAGS)).to.deep.equal(['vegan', 'gluten-free']);
    expect(parseFlags(null, DIETARY_FLAGS)).to.deep.equal([]);
  });
});

describe('menu tools: the state in the URL fragment', () => {
  it('reads and writes its own keys, keeping the page anchor and other menus', () => {
    expect(readFragment('#hours', 'menu')).to.equal(null);
    expect(readFragment('#hours&menu.diet=vegan,peanut&menu.q=cr%C3%A8me', 'menu')).to.deep.equal({ query: 'crème', flags: ['vegan', 'peanut'] });
    expect(readFragment('#menu.diet=', 'menu')).to.deep.equal({ query: '', flags: [] });
    expect(readFragment('#menu2.q=x', 'menu')).to.equal(null);
    expect(writeFragment('#hours', 'menu', { flags: ['vegan'], query: 'a b' })).to.equal('#hours&menu.diet=vegan&menu.q=a%20b');
    expect(writeFragment('#hours&menu.q=x&menu2.q=y', 'menu', null)).to.equal('#hours&menu2.q=y');
    expect(writeFragment('#menu.q=x', 'menu', null)).to.equal('');
    expect(writeFragment('', 'lunch', { flags: [], query: '' })).to.equal('#lunch.diet=');
  });
});

describe('menu tools: lifecycle', () => {
  /** What the tools read of a menu: a shadow root with a section bar and one section, and the host's members they use. */
  async function toolsHost() {
    const host = (await fixture(html`<div></div>`)) as HTMLElement & Record<string, unknown>;
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = '<nav part="section-bar"><ul><li><a href="#s">S</a></li></ul></nav><section part="section" id="s"><h3>S</h3></section>';
    return Object.assign(host, {
      dietary: null,
      resolvedLocale: 'en',
      renderRoot: root,
      addController: () => {},
      requestUpdate: () => {},
      updateComplete: Promise.resolve(true),
    });
  }

  it('stops observing the sections and the hash when the menu leaves the page', async () => {
    const { MenuTools } = await import('../../src/elements/menu/menu-tools.ts');
    const calls: string[] = [];
    const host = await toolsHost();
    const RealObserver = window.IntersectionObserver;
    window.IntersectionObserver = class extends RealObserver {
      override disconnect() {
        calls.push('disconnect');
        super.disconnect();
      }
    };
    const removed: string[] = [];
    const realRemove = window.removeEventListener;
    window.removeEventListener = ((type: string, listener: EventListener) => (
      removed.push(type),
      realRemove.call(window, type, listener)
    )) as typeof window.removeEventListener;
    try {
      const tools = new MenuTools(host as never);
      tools.hostConnected();
      tools.hostUpdated();
      // The sections are observed once the bar is laid out (measuring it then forces no layout): a frame or two.
      for (let frame = 0; frame < 3; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
      expect(calls).to.not.include('disconnect');
      tools.hostDisconnected();
      expect(calls).to.include('disconnect');
      expect(removed).to.include('hashchange');
    } finally {
      window.IntersectionObserver = RealObserver;
      window.removeEventListener = realRemove;
    }
  });

  it('measures the section bar once the browser has laid it out, and cancels that when the menu leaves the page first', async () => {
    const { MenuTools } = await import('../../src/elements/menu/menu-tools.ts');
    const host = await toolsHost();
    // The resize observers the tools make, held here: the bar is never reported laid out during this test. (Measured in
    // an idle callback instead, the bar's size could be read with the page's layout undone, which forces it in script.)
    const waiting = new Set<object>();
    const RealObserver = window.ResizeObserver;
    window.ResizeObserver = class {
      observe() {
        waiting.add(this);
      }
      unobserve() {}
      disconnect() {
        waiting.delete(this);
      }
    } as unknown as typeof ResizeObserver;
    try {
      const tools = new MenuTools(host as never);
      tools.hostConnected();
      tools.hostUpdated();
      expect(waiting.size, 'the bar is measured once the browser has laid it out').to.equal(1);
      tools.hostDisconnected();
      expect(waiting.size, 'nothing left waiting once the menu is gone').to.equal(0);
    } finally {
      window.ResizeObserver = RealObserver;
    }
  });
});
