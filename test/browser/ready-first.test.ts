/**
 * Issue 29: a client-rendered element whose data is already at hand (the request cache holds its answer: a provider's
 * request, another element's, a page's prefetch) renders its ready view in its first update, with no loading view
 * rendered, laid out or painted before it; one whose data is still on the network renders its loading view before
 * the next frame, its space reserved, as before (src/elements/shared/ready-first.ts).
 */
import { expect } from '@open-wc/testing';
import '../../src/index.ts';
import { loadPage } from '../../src/client/api.ts';
import { loadNavigation, loadTools } from '../../src/elements/menu/menu-modules.ts';
import { ENDPOINT, LOCATION_ID, deferred, gated, gateway, resetClient, settled, stubFetch } from './fixtures.ts';
import type { MerchantElement } from '../../src/elements/shared/merchant-element.ts';
import type { MerchantProvider } from '../../src/elements/provider/merchant-provider.ts';

type Element = MerchantElement<unknown>;

/**
 * A new element (not yet on the page), and what each of its updates left rendered, from its first: its state, and
 * `skeleton` when the loading view was in its shadow root.
 */
function element(tag: string, attributes: Record<string, string> = { endpoint: ENDPOINT, 'location-id': LOCATION_ID }): { el: Element; updates: string[] } {
  const el = document.createElement(tag) as Element;
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  const updates: string[] = [];
  el.addController({
    hostUpdated: () => updates.push(`${el.state}${el.shadowRoot?.querySelector('[part~="skeleton"]') ? ' skeleton' : ''}`),
  });
  return { el, updates };
}

/** The first frame from now has been laid out and painted (its animation callbacks ran, then a task after them). */
const frameGoneBy = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/** The element's height in the first frame that lays it out from now (a ResizeObserver's first report). */
const firstLaidOutHeight = (el: HTMLElement) =>
  new Promise<number>((resolve) => {
    const observer = new ResizeObserver(([entry]) => {
      observer.disconnect();
      resolve(entry!.contentRect.height);
    });
    observer.observe(el);
  });

/**
 * Makes the next frame come as early as any frame could: at the first task boundary from now (a `user-blocking` task,
 * which Chromium's scheduler runs ahead of every other task queued meanwhile: the body of a response, a posted
 * message, a timer, a `scheduler.yield()` continuation). So an element whose load has its outcome only after a task
 * (anything its load path waits for that is not already settled) renders its loading view first, whatever the
 * machine's load; one whose outcome comes within the task that started it renders its ready view. Returns the undo.
 */
function frameAtFirstTaskBoundary(): () => void {
  const requestAnimationFrame = window.requestAnimationFrame;
  const scheduler = (globalThis as unknown as { scheduler: { postTask: (callback: () => void, options: { priority: string }) => Promise<void> } }).scheduler;
  const boundary = scheduler.postTask(() => {}, { priority: 'user-blocking' });
  window.requestAnimationFrame = (callback) => {
    void boundary.then(() => callback(performance.now()));
    return 0;
  };
  return () => (window.requestAnimationFrame = requestAnimationFrame);
}

/** A new element of `tag` put on the page with the next frame at the first task boundary, settled: it and its updates. */
async function startedWithTheNextFrameAtTheFirstTaskBoundary(tag: string): Promise<{ el: Element; updates: string[] }> {
  const started = element(tag);
  started.el.dataset.readyFirstTest = '';
  const restore = frameAtFirstTaskBoundary();
  try {
    document.body.append(started.el);
    await settled(started.el);
  } finally {
    restore();
  }
  return started;
}

describe('a client-rendered element’s first update (issue 29)', () => {
  beforeEach(() => resetClient());
  afterEach(() => {
    resetClient();
    document.querySelectorAll('[data-ready-first-test]').forEach((el) => el.remove());
  });

  it('renders its ready view first when the request cache already holds its answer: one update, no loading view', async () => {
    stubFetch(gateway());
    await loadPage(ENDPOINT, LOCATION_ID);
    const { el, updates } = await startedWithTheNextFrameAtTheFirstTaskBoundary('merchant-location');
    expect(el.state).to.equal('ready');
    expect(updates).to.deep.equal(['ready']);
  });

  it('renders its ready view first inside a provider whose page request has settled, each element in a task of its own', async () => {
    stubFetch(gateway());
    const provider = document.createElement('merchant-provider') as MerchantProvider;
    provider.setAttribute('endpoint', ENDPOINT);
    provider.setAttribute('location-id', LOCATION_ID);
    provider.dataset.readyFirstTest = '';
    document.body.append(provider);
    // Its request starts in its first update, a microtask from here: pageComplete waits for that request, so the
    // elements below start with the page in the request cache, settled.
    expect((await provider.pageComplete)?.location, 'the provider’s page request has settled').to.not.equal(undefined);
    const location = element('merchant-location', {});
    const hours = element('merchant-hours', {});
    // Added together, as a page's elements are defined together: the one whose ready view comes first has its own task.
    const othersUpdatesThen = new Promise<string[]>((resolve) =>
      location.el.addEventListener(
        'merchant-load',
        async () => {
          await location.el.updateComplete;
          for (let i = 0; i < 200; i++) await null;
          resolve([...hours.updates]);
        },
        { once: true },
      ),
    );
    // The next frame at the first task boundary: both outcomes come within the task that starts them (their answer is
    // in the request cache), so a frame, however early, cannot come before them.
    const restore = frameAtFirstTaskBoundary();
    try {
      provider.append(location.el, hours.el);
      expect(await othersUpdatesThen, 'the hours not yet rendered in the location’s task').to.deep.equal([]);
      await Promise.all([settled(location.el), settled(hours.el)]);
    } finally {
      restore();
    }
    expect(location.updates).to.deep.equal(['ready']);
    expect(hours.updates).to.deep.equal(['ready']);
  });

  it('a full menu whose navigation and diner tools have settled (the loader started them) renders its ready view first, with its tabs', async () => {
    stubFetch(gateway());
    await loadPage(ENDPOINT, LOCATION_ID);
    // What the script tag's loader does as it finds a full menu (loader-hints.ts `firstModules`), here settled: a
    // menu asking again must take them as they are, not through an import() (which settles a task later).
    await Promise.all([loadNavigation(), loadTools()]);
    const { el, updates } = await startedWithTheNextFrameAtTheFirstTaskBoundary('merchant-menu');
    expect(el.state).to.equal('ready');
    expect(updates[0], `its first update (updates: ${updates.join(', ')})`).to.equal('ready');
    expect(updates.filter((update) => update.includes('skeleton'))).to.deep.equal([]);
    expect(el.shadowRoot!.querySelector('[role="tablist"]'), 'the navigation module drew its tabs').to.not.equal(null);
  });

  it('renders its loading view before the next frame while its data is on the network: laid out at its reserved height, then ready', async () => {
    const gate = deferred();
    stubFetch(gated(gateway(), gate));
    const { el, updates } = element('merchant-location');
    el.dataset.readyFirstTest = '';
    document.body.append(el);
    const height = firstLaidOutHeight(el);
    await frameGoneBy();
    expect(updates, 'the loading view rendered by the first frame').to.deep.equal(['loading skeleton']);
    expect(await height, 'its first layout holds the reserved space (12rem)').to.equal(12 * parseFloat(getComputedStyle(document.documentElement).fontSize));
    gate.release();
    await settled(el);
    expect(updates).to.deep.equal(['loading skeleton', 'ready']);
  });

  it('renders its loading view first when it may not load yet (lazy, far down the page)', async () => {
    stubFetch(gateway());
    await loadPage(ENDPOINT, LOCATION_ID);
    const spacer = document.createElement('div');
    spacer.style.height = '300vh';
    spacer.dataset.readyFirstTest = '';
    const { el, updates } = element('merchant-location', { endpoint: ENDPOINT, 'location-id': LOCATION_ID, lazy: '' });
    el.dataset.readyFirstTest = '';
    document.body.append(spacer, el);
    await el.updateComplete;
    expect(updates).to.deep.equal(['loading skeleton']);
    el.scrollIntoView();
    await settled(el);
    expect(updates.at(-1)).to.equal('ready');
  });
});
