import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { Photo } from '../../src/contract/index.ts';
import '../../src/elements/photos/define.ts';
import { THUMBNAIL_SIZES, type MerchantPhotos } from '../../src/elements/photos/merchant-photos.ts';
import {
  ENDPOINT,
  LOCATION_ID,
  deferred,
  errorResource,
  expectInert,
  gated,
  gateway,
  hostilePage,
  page,
  photos,
  resetClient,
  stubFetch,
  type Route,
} from './fixtures.ts';
import { expectAxeClean, layoutShift, settled, text } from './element-checks.ts';

const $ = (el: Element, sel: string) => el.shadowRoot!.querySelector<HTMLElement>(sel);
const has = (el: Element, sel: string) => el.shadowRoot!.querySelector(sel) !== null;
const $$ = (el: Element, sel: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(sel)];
const withPhotos = (list: Photo[]): Route => gateway({ pages: { [LOCATION_ID]: page({ photos: list }) } });

async function photosEl(attrs = '', route: Route = gateway()): Promise<MerchantPhotos> {
  stubFetch(route);
  const wrap = await fixture<HTMLDivElement>(`<div><merchant-photos endpoint="${ENDPOINT}" location-id="${LOCATION_ID}" ${attrs}></merchant-photos></div>`);
  const el = wrap.querySelector('merchant-photos')!;
  await settled(el);
  return el;
}

const dialog = (el: MerchantPhotos) => el.shadowRoot!.querySelector('dialog')!;
/** Clicks a thumbnail and waits for the lightbox (its module loads the first time). */
async function openFrom(el: MerchantPhotos, index: number) {
  $$(el, '[part=thumbnail]')[index].click();
  await waitUntil(() => dialog(el)?.open, 'the lightbox opens');
  await el.updateComplete;
}
/** A key pressed on the focused element inside the element (synthetic: no browser focus needed). */
async function press(el: MerchantPhotos, key: string) {
  const target = (el.shadowRoot!.activeElement as HTMLElement | null) ?? dialog(el);
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true }));
  await el.updateComplete;
}
/** Which thumbnail has focus (its index), or -1. */
const activeIndex = (el: MerchantPhotos) => $$(el, '[part=thumbnail]').indexOf(el.shadowRoot!.activeElement as HTMLElement);

describe('<merchant-photos>', () => {
  beforeEach(() => resetClient());
  afterEach(() => resetClient());

  it('goes loading → ready with merchant-load, axe-clean in both', async () => {
    const gate = deferred();
    stubFetch(gated(gateway(), gate));
    const el = await fixture<MerchantPhotos>(html`<merchant-photos endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-photos>`);
    expect(el.getAttribute('state')).to.equal('loading');
    await expectAxeClean(el);
    const loaded = oneEvent(el, 'merchant-load');
    gate.release();
    expect(((await loaded).detail as Photo[]).length).to.equal(5);
    await el.updateComplete;
    expect(el.getAttribute('state')).to.equal('ready');
    await expectAxeClean(el);
  });

  it('shows the main image first, with srcset from variants, sizes, lazy loading and reserved aspect ratio', async () => {
    const el = await photosEl();
    const imgs = $$(el, '[part=image]') as HTMLImageElement[];
    expect(imgs).to.have.length(5);
    expect(imgs[0].getAttribute('src')).to.equal('https://images.example/photos/p-exterior-1600.jpg');
    expect(imgs[0].getAttribute('srcset')).to.equal(
      'https://images.example/photos/p-exterior-320.jpg 320w, https://images.example/photos/p-exterior-640.jpg 640w, ' +
        'https://images.example/photos/p-exterior-1024.jpg 1024w, https://images.example/photos/p-exterior-1600.jpg 1600w',
    );
    expect(imgs[0].getAttribute('sizes')).to.equal(THUMBNAIL_SIZES);
    for (const img of imgs) {
      expect(img.getAttribute('loading')).to.equal('lazy');
      expect(img.getAttribute('width')).to.equal('1600');
      expect(img.getAttribute('height')).to.equal('1200');
      expect(img.getAttribute('style')).to.equal(null);
    }
    expect($$(el, '[part=thumbnail]')[0].getAttribute('aria-label')).to.equal('Photo 1 of 5: exterior photo');
  });

  it('reserves a 4:3 box when the photo has no size', async () => {
    const el = await photosEl('', withPhotos([{ ...photos()[0], width: null, height: null, variants: [] }]));
    const img = $(el, '[part=image]')!;
    expect([img.getAttribute('width'), img.getAttribute('height')]).to.deep.equal(['4', '3']);
    expect(img.hasAttribute('srcset')).to.equal(false);
  });

  it('filters by type, and shows every type again when the filter is removed', async () => {
    const el = await photosEl('type="interior, Logo"');
    expect($$(el, '[part=image]').map((i) => i.getAttribute('src'))).to.deep.equal([
      'https://images.example/photos/p-interior-1600.jpg',
      'https://images.example/photos/p-logo-1600.jpg',
    ]);
    el.type = null;
    await el.updateComplete;
    await el.updateComplete;
    expect($$(el, '[part=image]')).to.have.length(5);
  });

  it('shows the empty state when the filter leaves nothing, and for no photos (axe-clean)', async () => {
    const none = await photosEl('', withPhotos([]));
    expect(none.state).to.equal('empty');
    expect(text($(none, '[part=empty]'))).to.contain('No photos');
    await expectAxeClean(none);
    resetClient();
    const filtered = await photosEl('type="item" locale="de"', withPhotos(photos().filter((p) => p.type !== 'item')));
    expect(filtered.state).to.equal('empty');
    expect(text($(filtered, '[part=empty]'))).to.equal('Noch keine Fotos verfügbar.');
  });

  it('shows the photos part error (axe-clean)', async () => {
    const el = await photosEl(
      '',
      gateway({ pages: { [LOCATION_ID]: page({ photos: undefined, errors: { photos: errorResource(504, 'UPSTREAM_TIMEOUT', 'Timed out.') } }) } }),
    );
    expect(el.state).to.equal('error');
    expect(has(el, '[part=retry]')).to.equal(true);
    await expectAxeClean(el);
  });

  describe('lightbox', () => {
    it('opens a modal dialog from a thumbnail, labelled, axe-clean', async () => {
      const el = await photosEl();
      await openFrom(el, 2);
      expect(dialog(el).open).to.equal(true);
      expect(dialog(el).matches(':modal')).to.equal(true);
      expect(dialog(el).getAttribute('aria-label')).to.equal('Photo 3 of 5: item photo');
      expect($(el, '[part=lightbox-image]')!.getAttribute('src')).to.equal('https://images.example/photos/p-item-1600.jpg');
      expect(text($(el, '[part=counter]'))).to.equal('Photo 3 of 5');
      for (const name of ['close', 'previous', 'next']) {
        expect($(el, `[part~=${name}]`)!.getAttribute('aria-label')).to.not.equal('');
      }
      await expectAxeClean(el);
    });

    it('moves with ArrowRight/ArrowLeft (wrapping) and the buttons', async () => {
      const el = await photosEl();
      await openFrom(el, 0);
      expect(dialog(el).open).to.equal(true);
      await press(el, 'ArrowRight');
      expect(text($(el, '[part=counter]'))).to.equal('Photo 2 of 5');
      await press(el, 'ArrowLeft');
      await press(el, 'ArrowLeft');
      expect(text($(el, '[part=counter]'))).to.equal('Photo 5 of 5');
      $(el, '[part~=next]')!.click();
      await el.updateComplete;
      expect(text($(el, '[part=counter]'))).to.equal('Photo 1 of 5');
      $(el, '[part~=previous]')!.click();
      await el.updateComplete;
      expect(text($(el, '[part=counter]'))).to.equal('Photo 5 of 5');
    });

    it('closes on Escape and returns focus to the thumbnail that opened it', async () => {
      const el = await photosEl();
      await openFrom(el, 3);
      expect(dialog(el).open).to.equal(true);
      await press(el, 'ArrowRight');
      const closed = oneEvent(dialog(el), 'close');
      await press(el, 'Escape');
      await closed;
      await el.updateComplete;
      expect(dialog(el).open).to.equal(false);
      expect(activeIndex(el)).to.equal(3);
    });

    it('closes with the close button, returning focus', async () => {
      const el = await photosEl();
      await openFrom(el, 1);
      const closed = oneEvent(dialog(el), 'close');
      $(el, '[part~=close]')!.click();
      await closed;
      await el.updateComplete;
      expect(dialog(el).open).to.equal(false);
      expect(activeIndex(el)).to.equal(1);
    });

    it('has no previous/next for a single photo', async () => {
      const el = await photosEl('', withPhotos(photos().slice(0, 1)));
      await openFrom(el, 0);
      expect(has(el, '[part~=next]')).to.equal(false);
      expect(has(el, '[part~=previous]')).to.equal(false);
      expect(text($(el, '[part=counter]'))).to.equal('Photo 1 of 1');
    });
  });

  it('renders hostile data inert (unsafe photos dropped, titles as text)', async () => {
    const hostile = hostilePage();
    const safeButHostileTitles = photos().map((p) => ({ ...p, title: hostile.photos![0].title }));
    const el = await photosEl('', withPhotos([...hostile.photos!, ...safeButHostileTitles]));
    expect(el.state).to.equal('ready');
    expectInert(el.shadowRoot!);
    expect($$(el, '[part=image]')).to.have.length(5); // the poisoned URLs were dropped
    await openFrom(el, 0);
    expect(text($(el, '[part=caption]'))).to.contain('<script>');
    expectInert(el.shadowRoot!);
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
    await expectAxeClean(el);
    resetClient();
    const allBad = await photosEl('', gateway({ pages: { [LOCATION_ID]: hostile } }));
    expect(allBad.state).to.equal('empty');
  });

  it('has no layout shift from loading to ready at its documented size', async () => {
    const template = (minHeight: string) => html`<div style="width: 600px">
      <merchant-photos endpoint=${ENDPOINT} location-id=${LOCATION_ID} style=${`--merchant-photos-min-height: ${minHeight}`}></merchant-photos>
      <p>After the photos</p></div>`;
    const width600 = await (async () => {
      resetClient();
      stubFetch(gateway());
      const w = await fixture<HTMLDivElement>(
        html`<div style="width: 600px"><merchant-photos endpoint=${ENDPOINT} location-id=${LOCATION_ID}></merchant-photos></div>`,
      );
      const e = w.querySelector('merchant-photos')!;
      await settled(e);
      const h = e.getBoundingClientRect().height;
      w.remove();
      return h;
    })();
    expect(width600).to.be.greaterThan(0);
    expect(await layoutShift(gateway(), template('0px'), 'merchant-photos'), 'control').to.be.greaterThan(0);
    expect(await layoutShift(gateway(), template(`${width600}px`), 'merchant-photos')).to.equal(0);
  });
});
