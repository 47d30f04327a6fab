/**
 * The takeover of a server-rendered element (src/elements/shared/takeover.ts with MerchantElement's first update),
 * on one element whose declarative shadow root the browser attached as its markup was parsed, before it was upgraded:
 * its first update waits for its first load, so its first render is its ready view (no loading view rendered behind
 * the server's markup); a `lazy` one far down the page is left as the server rendered it until the visitor comes near
 * it; an element that renders before its first load settles (inside a provider defined later) renders behind the
 * server's markup, hidden, until its load settles. test/e2e/ssr.test.ts holds whole pages.
 */
import { expect, oneEvent } from '@open-wc/testing';
import '../../src/elements/shared/takeover.ts';
import '../../src/elements/hours/define.ts';
import type { MerchantHours } from '../../src/elements/hours/merchant-hours.ts';
import { ENDPOINT, LOCATION_ID, gateway, resetClient, stubFetch } from './fixtures.ts';

const SERVER_MARKUP = '<template shadowrootmode="open"><p id="server">What the server rendered</p></template>';

/** Parses `html` as a page would (declarative shadow roots attached), then watches each element's shadow root gain elements. */
function parse(html: string) {
  const holder = document.createElement('div');
  holder.setHTMLUnsafe(html);
  const element = holder.querySelector<MerchantHours>('merchant-hours')!;
  const added: string[] = [];
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        for (const each of [node, ...node.querySelectorAll('*')]) added.push(each.getAttribute('part') ?? each.localName);
      }
    }
  }).observe(element.shadowRoot!, { childList: true, subtree: true });
  return { holder, element, added };
}

describe('the takeover of a server-rendered element', () => {
  beforeEach(() => resetClient());
  afterEach(() => resetClient());

  it('waits for its first load before its first update: its first render is its ready view, and the server markup goes with it', async () => {
    stubFetch(gateway());
    const { holder, element, added } = parse(`<merchant-hours endpoint="${ENDPOINT}" location-id="${LOCATION_ID}">${SERVER_MARKUP}</merchant-hours>`);
    expect(element.shadowRoot!.querySelector('#server')).not.to.equal(null);
    const loaded = oneEvent(element, 'merchant-load');
    document.body.append(holder);
    // Upgraded with its shadow root: not rendered yet, the server's markup on screen while its data loads.
    expect(element.hasUpdated).to.equal(false);
    expect(element.shadowRoot!.querySelector('#server')).not.to.equal(null);
    await loaded;
    await element.updateComplete;
    expect(element.getAttribute('state')).to.equal('ready');
    expect(element.shadowRoot!.querySelector('#server')).to.equal(null);
    expect(added).to.include('base');
    expect(added, 'no loading view').not.to.include('skeleton');
    expect(added, 'no hiding mark').not.to.include('i');
    expect(element.shadowRoot!.querySelectorAll('[part~="base"]').length).to.equal(1);
    holder.remove();
  });

  it('a `lazy` one far down the page keeps the server markup untouched, with no request and no render, until the visitor comes near it; then its first render is its ready view', async () => {
    const fetched = stubFetch(gateway());
    const { holder, element, added } = parse(
      `<div style="height: 300vh"></div><merchant-hours endpoint="${ENDPOINT}" location-id="${LOCATION_ID}" lazy>${SERVER_MARKUP}</merchant-hours>`,
    );
    document.body.append(holder);
    // Frames for its IntersectionObserver to have said "far" and for any update it had scheduled to have run.
    for (let i = 0; i < 3; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    const root = element.shadowRoot!;
    expect(element.hasUpdated, 'not rendered').to.equal(false);
    expect(added, 'nothing added to the server markup').to.deep.equal([]);
    expect(root.querySelector('#server')).not.to.equal(null);
    expect(fetched.calls, 'no request').to.deep.equal([]);
    const loaded = oneEvent(element, 'merchant-load');
    element.scrollIntoView();
    await loaded;
    await element.updateComplete;
    expect(element.getAttribute('state')).to.equal('ready');
    expect(root.querySelector('#server')).to.equal(null);
    expect(added).to.include('base');
    expect(added, 'no loading view').not.to.include('skeleton');
    expect(added, 'no hiding mark').not.to.include('i');
    expect(root.querySelectorAll('[part~="base"]').length).to.equal(1);
    holder.remove();
  });

  it("markup that Lit's hydration cannot bind (another template than the browser's) falls back to the takeover: the element's own view, once, styled by the server's stylesheet", async () => {
    stubFetch(gateway());
    // Lit's markers, with a digest no template of the browser's has: hydration throws on the first part.
    const markup =
      '<template shadowrootmode="open"><style>p { color: rgb(1, 2, 3); }</style><!--lit-part AAAAAAAAAAA=--><p id="server">What the server rendered</p><!--/lit-part--></template>';
    const { holder, element, added } = parse(`<merchant-hours endpoint="${ENDPOINT}" location-id="${LOCATION_ID}">${markup}</merchant-hours>`);
    const loaded = oneEvent(element, 'merchant-load');
    document.body.append(holder);
    await loaded;
    await element.updateComplete;
    const root = element.shadowRoot!;
    expect(element.getAttribute('state')).to.equal('ready');
    expect(root.querySelector('#server'), "the server's markup gone").to.equal(null);
    expect(root.querySelectorAll('[part~="base"]').length).to.equal(1);
    expect(added).to.include('base');
    expect(added, 'no loading view').not.to.include('skeleton');
    // The server's stylesheet stays: the element's own render is styled by it (no stylesheet adopted).
    expect(root.querySelectorAll('style').length).to.equal(1);
    expect(getComputedStyle(root.querySelector('p')!).color).to.equal('rgb(1, 2, 3)');
    holder.remove();
  });

  it("an element whose own render fails too keeps the server's markup on screen and fires its error event", async () => {
    stubFetch(gateway());
    const { MerchantHours } = await import('../../src/elements/hours/merchant-hours.ts');
    class FailingHours extends MerchantHours {
      protected override renderReady(): unknown {
        throw new Error('a render that fails');
      }
    }
    const holder = document.createElement('div');
    holder.setHTMLUnsafe(`<test-failing-hours endpoint="${ENDPOINT}" location-id="${LOCATION_ID}">${SERVER_MARKUP}</test-failing-hours>`);
    document.body.append(holder);
    const element = holder.querySelector('test-failing-hours')!;
    const failed = oneEvent(element, 'merchant-error');
    if (!customElements.get('test-failing-hours')) customElements.define('test-failing-hours', FailingHours);
    const { detail } = await failed;
    expect(detail.error).to.equal('RENDER_FAILED');
    expect(element.shadowRoot!.querySelector('#server'), "the server's markup still there").not.to.equal(null);
    holder.remove();
  });

  // Last: it defines <merchant-provider> for the rest of the page.
  it('an element that renders before its first load settles (inside a provider defined later) renders hidden behind the server markup until then', async () => {
    stubFetch(gateway());
    const holder = document.createElement('div');
    holder.setHTMLUnsafe(
      `<merchant-provider endpoint="${ENDPOINT}" location-id="${LOCATION_ID}"><merchant-hours>${SERVER_MARKUP}</merchant-hours></merchant-provider>`,
    );
    const element = holder.querySelector<MerchantHours>('merchant-hours')!;
    document.body.append(holder);
    await element.updateComplete;
    const root = element.shadowRoot!;
    // Its loading view rendered, after the mark, hidden; the server's markup still shown.
    const base = root.querySelector<HTMLElement>('[part~="base"]')!;
    expect(element.getAttribute('state')).to.equal('loading');
    expect(root.querySelector('[data-merchant-takeover]')).not.to.equal(null);
    expect(getComputedStyle(base).display).to.equal('none');
    expect(getComputedStyle(root.querySelector('#server')!).display).not.to.equal('none');
    const loaded = oneEvent(element, 'merchant-load');
    await import('../../src/elements/provider/define.ts');
    await loaded;
    await element.updateComplete;
    expect(element.getAttribute('state')).to.equal('ready');
    expect(root.querySelector('#server')).to.equal(null);
    expect(root.querySelector('[data-merchant-takeover]')).to.equal(null);
    expect(getComputedStyle(root.querySelector('[part~="base"]')!).display).not.to.equal('none');
    holder.remove();
  });
});
