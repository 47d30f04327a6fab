/**
 * Issue 29: no long task of the elements' own. Several elements whose data arrives in one answer (a provider's page
 * request) each render it in a task of their own, so the browser can paint and answer input between them; the
 * structure is checked (what one element's task leaves undone), not a time.
 */
import { expect, fixtureSync, html } from '@open-wc/testing';
import '../../src/index.ts';
import { ENDPOINT, LOCATION_ID, deferred, gated, gateway, menus, mount, page, resetClient, settled, stubFetch } from './fixtures.ts';

type Element = HTMLElement & { state: string; updateComplete: Promise<unknown> };

describe('long tasks (issue 29)', () => {
  beforeEach(() => resetClient());
  afterEach(() => resetClient());

  it('elements whose data arrives together show it in different tasks', async () => {
    const gate = deferred();
    stubFetch(gated(gateway(), gate));
    const provider = await mount<HTMLElement>(html`<merchant-provider endpoint=${ENDPOINT} location-id=${LOCATION_ID}>
      <merchant-location></merchant-location>
      <merchant-actions></merchant-actions>
    </merchant-provider>`);
    const elements = [...provider.querySelectorAll<Element>('merchant-location, merchant-actions')];
    expect(elements.map((el) => el.state)).to.deep.equal(['loading', 'loading']);
    // When the first element has shown its data: every microtask queued by then (the other element's load and render,
    // were they in the same task) is run out, then the other element's state is read, still in the first one's task.
    const othersStateThen = new Promise<string>((resolve) => {
      const first = async (event: Event) => {
        for (const el of elements) el.removeEventListener('merchant-load', first);
        const shown = event.currentTarget as Element;
        await shown.updateComplete;
        for (let i = 0; i < 200; i++) await null;
        resolve(elements.find((el) => el !== shown)!.state);
      };
      for (const el of elements) el.addEventListener('merchant-load', first);
    });
    gate.release();
    expect(await othersStateThen).to.equal('loading');
    await Promise.all(elements.map((el) => settled(el)));
    expect(elements.map((el) => el.state)).to.deep.equal(['ready', 'ready']);
  });

  it('an element shows its data in the task that fires merchant-load (a listener finds it rendered after updateComplete)', async () => {
    stubFetch(gateway());
    const provider = await mount<HTMLElement>(html`<merchant-provider endpoint=${ENDPOINT} location-id=${LOCATION_ID}>
      <merchant-location></merchant-location>
    </merchant-provider>`);
    const el = provider.querySelector<Element>('merchant-location')!;
    if (el.state === 'loading') await new Promise((resolve) => el.addEventListener('merchant-load', resolve, { once: true }));
    expect(el.state).to.equal('ready');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part="base"]')!.getAttribute('aria-busy')).to.equal('false');
  });

  it('a long menu shows its first screen in the task that delivers it and the rest in a later one; updateComplete waits for the whole', async () => {
    const [dinner] = menus();
    const section = dinner!.sections[0]!;
    const long = {
      ...dinner!,
      sections: Array.from({ length: 6 }, (_, s) => ({
        ...section,
        name: `Section ${s + 1}`,
        items: Array.from({ length: 5 }, (_, i) => ({ ...section.items[0]!, name: `Dish ${s + 1}.${i + 1}` })),
      })),
    };
    stubFetch(gateway({ pages: { [LOCATION_ID]: page({ menus: [long] }) } }));
    const el = await mount<Element>(html`<merchant-menu endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-menu>`);
    const sections = () => el.shadowRoot!.querySelectorAll('section[part="section"]').length;
    // In the task that shows the menu: every microtask run out (its render), then the sections rendered so far.
    const inItsTask = new Promise<number>((resolve) =>
      el.addEventListener(
        'merchant-load',
        async () => {
          for (let i = 0; i < 200; i++) await null;
          resolve(sections());
        },
        { once: true },
      ),
    );
    const first = await inItsTask;
    expect(first, 'the first screen (12 dishes: three sections of five)').to.equal(3);
    await el.updateComplete;
    expect(sections()).to.equal(6);
    expect(el.shadowRoot!.querySelectorAll('li.item').length).to.equal(30);
  });

  it('a menu whose rest after the first screen is shorter than it shows whole in the task that delivers it', async () => {
    const [dinner] = menus();
    const section = dinner!.sections[0]!;
    // 22 dishes, as the sandbox's lunch menu: the first screen is four sections (13 dishes), the rest 9.
    const counts = [3, 3, 4, 3, 3, 6];
    const shortRest = {
      ...dinner!,
      sections: counts.map((count, s) => ({
        ...section,
        name: `Section ${s + 1}`,
        items: Array.from({ length: count }, (_, i) => ({ ...section.items[0]!, name: `Dish ${s + 1}.${i + 1}` })),
      })),
    };
    stubFetch(gateway({ pages: { [LOCATION_ID]: page({ menus: [shortRest] }) } }));
    const el = fixtureSync<Element>(html`<merchant-menu endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-menu>`);
    const dishesInItsTask = new Promise<number>((resolve) =>
      el.addEventListener(
        'merchant-load',
        async () => {
          for (let i = 0; i < 200; i++) await null;
          resolve(el.shadowRoot!.querySelectorAll('li.item').length);
        },
        { once: true },
      ),
    );
    expect(await dishesInItsTask, 'every dish in the task that shows the menu').to.equal(22);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelectorAll('section[part="section"]').length).to.equal(6);
  });
});
