/**
 * The page-level request cache and the answers a page carries (data blocks, `prime()`): their age decides whether
 * they are revalidated, once per URL per page, in the background, and what an element shows meanwhile and after.
 */
import { expect, html, oneEvent } from '@open-wc/testing';
import { html as litHtml } from 'lit';
import { MAX_FRESH_SECONDS, getJson, isFresh, onlyCarried, onUpdate, prefetch, prime } from '../../src/client/request.ts';
import { pageUrl } from '../../src/client/api.ts';
import { MerchantElement, type ResolvedConfig } from '../../src/elements/shared/merchant-element.ts';
import type { Location } from '../../src/contract/index.ts';
import { ENDPOINT, LOCATION_ID, json, mount, page, resetClient, stubFetch } from './fixtures.ts';

const NOW = Date.parse('2026-11-26T21:10:00Z');
const URL_A = `${ENDPOINT}/v1/locations/${LOCATION_ID}/menus?format=short`;

/** An element that counts its renders, to see that a revalidation that changes nothing re-renders nothing. */
class AgeProbe extends MerchantElement<Location> {
  renders = 0;
  protected override load(config: ResolvedConfig, signal: AbortSignal) {
    return this.loadPagePart(config, 'location', signal);
  }
  protected override renderReady(location: Location) {
    this.renders++;
    return litHtml`<p part="name">${location.name}</p>`;
  }
}
if (!customElements.get('age-probe')) customElements.define('age-probe', AgeProbe);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe('a carried answer’s age (isFresh)', () => {
  it('is fresh only when well formed and inside its window', () => {
    expect(isFresh({ fetched: '2026-11-26T21:00:00Z', fresh: '900' }, NOW)).to.equal(true);
    expect(isFresh({ fetched: '2026-11-26T21:00:00.250Z', fresh: '900' }, NOW)).to.equal(true);
    expect(isFresh({ fetched: '2026-11-26T21:00:00Z', fresh: '600' }, NOW), 'exactly at the end of its window').to.equal(false);
    expect(isFresh({ fetched: '2026-11-26T21:00:00Z', fresh: '300' }, NOW), 'past its window').to.equal(false);
  });

  it('is stale when missing or malformed, never fresh', () => {
    const malformed: Array<[string | null | undefined, string | null | undefined]> = [
      [undefined, undefined],
      [null, '300'],
      ['2026-11-26T21:00:00Z', undefined],
      ['2026-11-26T21:00:00Z', ''],
      ['yesterday', '300'],
      ['2026-11-26 21:00:00', '300'],
      ['2026-11-26T21:00:00+01:00', '3600'],
      ['2026-11-26T21:00Z', '300'],
      ['2026-13-45T25:61:61Z', '300'],
      ['2026-11-26T21:00:00Z', '300s'],
      ['2026-11-26T21:00:00Z', '-300'],
      ['2026-11-26T21:00:00Z', '1e6'],
      ['2026-11-26T21:00:00Z', '900.5'],
      ['2026-11-26T21:00:00Z', 'Infinity'],
      ['2026-11-26T21:00:00Z', ' 900'],
    ];
    for (const [fetched, fresh] of malformed) expect(isFresh({ fetched, fresh }, NOW), `${fetched} / ${fresh}`).to.equal(false);
  });

  it('is stale when from the future, or absurdly old, whatever window it claims', () => {
    expect(isFresh({ fetched: iso(NOW + 1000), fresh: '300' }, NOW), 'a second ahead').to.equal(false);
    expect(isFresh({ fetched: '2099-01-01T00:00:00Z', fresh: '999999999' }, NOW)).to.equal(false);
    expect(isFresh({ fetched: '1970-01-01T00:00:00Z', fresh: '999999999' }, NOW), 'a window of 31 years').to.equal(false);
    expect(isFresh({ fetched: '2000-01-01T00:00:00Z', fresh: '300' }, NOW)).to.equal(false);
    expect(isFresh({ fetched: iso(NOW - 1000), fresh: String(MAX_FRESH_SECONDS + 1) }, NOW), 'a window longer than any gateway gives').to.equal(false);
    expect(isFresh({ fetched: iso(NOW - 1000), fresh: String(MAX_FRESH_SECONDS) }, NOW)).to.equal(true);
  });
});

describe('the request cache with carried answers', () => {
  beforeEach(() => resetClient());
  afterEach(() => resetClient());

  it('a fresh carried answer is used without any request', async () => {
    const stub = stubFetch(() => json({ menus: ['new'] }));
    prime(URL_A, { menus: ['carried'] }, { fetched: iso(Date.now() - 10_000), fresh: '300', etag: '"a"' });
    expect(await getJson(URL_A)).to.deep.equal({ menus: ['carried'] });
    await wait(20);
    expect(stub.calls).to.deep.equal([]);
  });

  it('a stale one is answered at once and revalidated once, with If-None-Match; a 304 changes nothing', async () => {
    const asked: Array<string | null> = [];
    const stub = stubFetch((_url, init) => {
      asked.push(new Headers(init?.headers).get('if-none-match'));
      return new Response(null, { status: 304 });
    });
    const updates: string[] = [];
    const stop = onUpdate((url) => updates.push(url));
    prime(URL_A, { menus: ['carried'] }, { fetched: '2026-10-01T00:00:00Z', fresh: '300', etag: '"abc"' });
    expect(await getJson(URL_A)).to.deep.equal({ menus: ['carried'] });
    expect(await getJson(URL_A)).to.deep.equal({ menus: ['carried'] });
    await wait(20);
    expect(await getJson(URL_A)).to.deep.equal({ menus: ['carried'] });
    await wait(20);
    expect(stub.calls).to.deep.equal([URL_A]);
    expect(asked).to.deep.equal(['"abc"']);
    expect(updates).to.deep.equal([]);
    stop();
  });

  it('a stale one without an ETag is revalidated by a plain GET; a different answer replaces it and is announced', async () => {
    const asked: Array<string | null> = [];
    stubFetch((_url, init) => {
      asked.push(new Headers(init?.headers).get('if-none-match'));
      return json({ menus: ['new'] });
    });
    const updated = new Promise<string>((resolve) => onUpdate(resolve));
    prime(URL_A, { menus: ['carried'] }, { fetched: 'not a date', fresh: '300' });
    expect(await getJson(URL_A)).to.deep.equal({ menus: ['carried'] });
    expect(await updated).to.equal(URL_A);
    expect(asked).to.deep.equal([null]);
    expect(await getJson(URL_A)).to.deep.equal({ menus: ['new'] });
  });

  it('is not revalidated until an element uses it: a block no one asks for is never fetched', async () => {
    const stub = stubFetch(() => json({ menus: ['new'] }));
    prime(`${ENDPOINT}/v1/locations/elsewhere/menus?format=short`, { menus: ['carried'] });
    await wait(20);
    expect(stub.calls).to.deep.equal([]);
  });

  for (const [name, answer] of [
    ['an error status', () => json({ error: 'UPSTREAM_UNAVAILABLE', message: 'Down.', status_code: 503 }, 503)],
    ['no answer at all', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['an answer that is not JSON', () => new Response('<html>', { status: 200 })],
    ['an error resource with a 200', () => json({ error: 'X', message: 'Y', status_code: 200 })],
  ] as const) {
    it(`a failed revalidation (${name}) keeps what is shown`, async () => {
      const stub = stubFetch(answer as () => Response);
      const updates: string[] = [];
      const stop = onUpdate((url) => updates.push(url));
      prime(URL_A, { menus: ['carried'] }, { fetched: '2026-10-01T00:00:00Z', fresh: '300', etag: '"abc"' });
      expect(await getJson(URL_A)).to.deep.equal({ menus: ['carried'] });
      await wait(30);
      expect(await getJson(URL_A)).to.deep.equal({ menus: ['carried'] });
      expect(stub.calls.length).to.equal(1);
      expect(updates).to.deep.equal([]);
      stop();
    });
  }
});

describe('whether every answer on the page is one it carried (onlyCarried: the takeover keeps the server’s JSON-LD only then)', () => {
  beforeEach(() => resetClient());
  afterEach(() => resetClient());

  it('yes while the carried answer is shown and being revalidated; no once a different answer replaced it', async () => {
    stubFetch(() => json({ menus: ['new'] }));
    const updated = new Promise<string>((resolve) => onUpdate(resolve));
    prime(URL_A, { menus: ['carried'] }, { fetched: '2026-10-01T00:00:00Z', fresh: '300' });
    expect(onlyCarried(), 'carried').to.equal(true);
    expect(await getJson(URL_A)).to.deep.equal({ menus: ['carried'] });
    expect(onlyCarried(), 'shown, its revalidation under way').to.equal(true);
    await updated;
    expect(onlyCarried(), 'replaced by the revalidation').to.equal(false);
  });

  it('no once an answer was fetched: a URL no block holds (or whose block was damaged)', async () => {
    stubFetch(() => json({ hours: [] }));
    prime(URL_A, { menus: ['carried'] }, { fetched: iso(Date.now() - 10_000), fresh: '300' });
    await getJson(URL_A);
    expect(onlyCarried()).to.equal(true);
    await getJson(`${ENDPOINT}/v1/locations/elsewhere/hours`);
    expect(onlyCarried()).to.equal(false);
  });
});

describe('a request started ahead of the element (prefetch: the script-tag bundle’s loader)', () => {
  beforeEach(() => resetClient());
  afterEach(() => resetClient());

  it('is the request the element reads: one request on the wire', async () => {
    const stub = stubFetch(() => json({ menus: ['fetched'] }));
    prefetch(URL_A);
    prefetch(URL_A);
    expect(await getJson(URL_A)).to.deep.equal({ menus: ['fetched'] });
    expect(await getJson(URL_A)).to.deep.equal({ menus: ['fetched'] });
    expect(stub.calls).to.deep.equal([URL_A]);
  });

  it('a failure that arrived before the element asked is what it reads (not asked twice), then forgotten, so a retry asks again', async () => {
    const stub = stubFetch(() => json({ error: 'NOT_FOUND', message: 'No such location.', status_code: 404 }, 404));
    prefetch(URL_A);
    await wait(20);
    const failure = await getJson(URL_A).catch((error: unknown) => error);
    expect((failure as { error?: string }).error).to.equal('NOT_FOUND');
    expect(stub.calls).to.deep.equal([URL_A]);
    await getJson(URL_A).catch(() => undefined);
    expect(stub.calls).to.deep.equal([URL_A, URL_A]);
  });

  it('leaves an answer the page carried alone', async () => {
    const stub = stubFetch(() => json({ menus: ['new'] }));
    prime(URL_A, { menus: ['carried'] }, { fetched: iso(Date.now() - 10_000), fresh: '300' });
    prefetch(URL_A);
    expect(await getJson(URL_A)).to.deep.equal({ menus: ['carried'] });
    expect(stub.calls).to.deep.equal([]);
  });
});

describe('an element on a carried answer', () => {
  beforeEach(() => resetClient());
  afterEach(() => resetClient());

  const stalePage = () => prime(pageUrl(ENDPOINT, LOCATION_ID), page(), { fetched: '2026-10-01T00:00:00Z', fresh: '300', etag: '"old"' });

  it('shows the carried data, then the revalidated one, without ever going back to loading', async () => {
    const renamed = page({ location: { ...page().location!, name: 'Luigi’s Trattoria' } });
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const stub = stubFetch(async () => {
      await answered;
      return json(renamed);
    });
    stalePage();
    const el = await mount<AgeProbe>(html`<age-probe endpoint=${ENDPOINT} location-id=${LOCATION_ID}></age-probe>`);
    if (el.state === 'loading') await oneEvent(el, 'merchant-load');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part=name]')!.textContent).to.equal("Luigi's Pizzeria");
    const states: string[] = [];
    const observer = new MutationObserver(() => states.push(el.getAttribute('state')!));
    observer.observe(el, { attributes: true, attributeFilter: ['state'] });
    const loaded = oneEvent(el, 'merchant-load');
    answer();
    await loaded;
    await el.updateComplete;
    observer.disconnect();
    expect(el.shadowRoot!.querySelector('[part=name]')!.textContent).to.equal('Luigi’s Trattoria');
    expect(states, 'no loading state on the way').to.deep.equal([]);
    expect(el.state).to.equal('ready');
    expect(stub.calls.length).to.equal(1);
  });

  it('with nothing changed (304), nothing re-renders', async () => {
    const stub = stubFetch(() => new Response(null, { status: 304 }));
    stalePage();
    const el = await mount<AgeProbe>(html`<age-probe endpoint=${ENDPOINT} location-id=${LOCATION_ID}></age-probe>`);
    if (el.state === 'loading') await oneEvent(el, 'merchant-load');
    await el.updateComplete;
    const renders = el.renders;
    const mutations: MutationRecord[] = [];
    const observer = new MutationObserver((records) => mutations.push(...records));
    observer.observe(el.shadowRoot!, { subtree: true, childList: true, characterData: true, attributes: true });
    observer.observe(el, { attributes: true });
    await wait(50);
    observer.disconnect();
    expect(stub.calls.length).to.equal(1);
    expect(el.renders).to.equal(renders);
    expect(mutations).to.deep.equal([]);
  });

  it('two elements on one stale URL: one revalidation, both get the new value', async () => {
    const renamed = page({ location: { ...page().location!, name: 'Luigi’s Trattoria' } });
    const stub = stubFetch(() => json(renamed));
    stalePage();
    const wrapper = await mount<HTMLElement>(
      html`<div>
        <age-probe endpoint=${ENDPOINT} location-id=${LOCATION_ID}></age-probe><age-probe endpoint=${ENDPOINT} location-id=${LOCATION_ID}></age-probe>
      </div>`,
    );
    const probes = [...wrapper.querySelectorAll<AgeProbe>('age-probe')];
    await wait(50);
    for (const probe of probes) {
      await probe.updateComplete;
      expect(probe.shadowRoot!.querySelector('[part=name]')!.textContent).to.equal('Luigi’s Trattoria');
    }
    expect(stub.calls.length).to.equal(1);
  });
});
