/**
 * The elements against the real gateway and sandbox, started on loopback by the test runner
 * (test/support/live-servers.mjs). No stubbed fetch here: every byte goes through the gateway's
 * signing, caching and normalization, so a contract drift between gateway and elements fails here.
 */
import { assert, expect, html } from '@open-wc/testing';
import { unsafeStatic, html as staticHtml } from 'lit/static-html.js';
import '../../src/index.ts';
import { axeViolations, mount, resetClient, settled, shadowText } from './fixtures.ts';
import hoursStrings from '../../src/elements/hours/strings.ts';

interface LiveInfo {
  gateway: string;
  sandbox: string;
  examples: { testPizzeria: string; withoutActions?: string; withPhotos?: string; withMenus?: string; withoutTimeZone?: string };
}

type MerchantEl = HTMLElement & { state: string; updateComplete: Promise<unknown> };

const TAGS = ['merchant-location', 'merchant-actions', 'merchant-menu', 'merchant-hours', 'merchant-photos'] as const;

let live: LiveInfo;

async function pageRequests(): Promise<string[]> {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(live.gateway) && name.includes('/page'));
}

describe('elements against the real gateway and sandbox', () => {
  before(async () => {
    live = await (await fetch('/__merchant/live.json')).json();
  });
  beforeEach(() => {
    resetClient();
    performance.clearResourceTimings();
  });

  for (const tag of TAGS) {
    it(`<${tag}> renders the sandbox's test location and passes axe`, async () => {
      const el = await mount<MerchantEl>(
        staticHtml`<${unsafeStatic(tag)} endpoint=${live.gateway} location-id=${live.examples.testPizzeria}></${unsafeStatic(tag)}>`,
      );
      await settled(el);
      expect(el.state, shadowText(el)).to.equal('ready');
      // Photos show images (their text is in alt attributes); the others show text.
      if (tag === 'merchant-photos') expect(el.shadowRoot!.querySelectorAll('img[src^="http"]').length).to.be.greaterThan(0);
      else expect(shadowText(el).length).to.be.greaterThan(10);
      expect(await axeViolations(el)).to.deep.equal([]);
    });
  }

  it('a location whose upstream time zone is empty gets its zone from its coordinates and shows its open status', async () => {
    expect(live.examples.withoutTimeZone, 'the sandbox has such a location').to.be.a('string');
    const el = await mount<MerchantEl>(html`<merchant-hours endpoint=${live.gateway} location-id=${live.examples.withoutTimeZone!}></merchant-hours>`);
    await settled(el);
    expect(el.state, shadowText(el)).to.equal('ready');
    const status = el.shadowRoot!.querySelector('[part=status]');
    assert.exists(status, "an open/closed status, which needs the merchant's zone");
    // Whichever holds at the hour the test runs (an hour before closing it is "Closes soon"): one of the hours' own.
    const statuses = [hoursStrings.openNow, hoursStrings.closedNow, hoursStrings.closesSoon, hoursStrings.open24];
    const said = status!.textContent!.replace(/\s+/g, ' ').trim();
    expect(
      statuses.some((name) => said.startsWith(name)),
      said,
    ).to.equal(true);
  });

  it('five elements for one location make one page request to the gateway', async () => {
    const root = await mount<HTMLElement>(html`<div>
      <merchant-location endpoint=${live.gateway} location-id=${live.examples.testPizzeria}></merchant-location>
      <merchant-actions endpoint=${live.gateway} location-id=${live.examples.testPizzeria}></merchant-actions>
      <merchant-menu endpoint=${live.gateway} location-id=${live.examples.testPizzeria}></merchant-menu>
      <merchant-hours endpoint=${live.gateway} location-id=${live.examples.testPizzeria}></merchant-hours>
      <merchant-photos endpoint=${live.gateway} location-id=${live.examples.testPizzeria}></merchant-photos>
    </div>`);
    const elements = [...root.children] as MerchantEl[];
    await Promise.all(elements.map(settled));
    expect(elements.map((el) => el.state)).to.deep.equal(['ready', 'ready', 'ready', 'ready', 'ready']);
    expect(await pageRequests()).to.have.length(1);
  });

  it('shows the attribution image under every menu, loaded from the sandbox', async () => {
    const el = await mount<MerchantEl>(html`<merchant-menu endpoint=${live.gateway} location-id=${live.examples.testPizzeria}></merchant-menu>`);
    await settled(el);
    // On screen: the print-only copies of the other menus (.paper) are not displayed, so their lazy images wait for print.
    const images = [...el.shadowRoot!.querySelectorAll('img')].filter((img) => img.src.includes('attribution') && !img.closest('.paper'));
    expect(images.length).to.be.greaterThan(0);
    // The images are loading="lazy": bring each near the viewport, as a reader scrolling down would.
    await Promise.all(images.map((img) => (img.scrollIntoView(), img.decode())));
    expect(images.every((img) => img.naturalWidth > 0)).to.equal(true);
  });

  it('an unknown location shows the error state with a message a person can act on', async () => {
    const el = await mount<MerchantEl>(html`<merchant-hours endpoint=${live.gateway} location-id="no-such-place-anywhere"></merchant-hours>`);
    await settled(el);
    expect(el.state).to.equal('error');
    expect(shadowText(el)).to.match(/no-such-place-anywhere|not found|does not exist|location/i);
  });

  it('nearby actions around a sandbox location come back with distances', async () => {
    const el = await mount<MerchantEl>(
      html`<merchant-nearby endpoint=${live.gateway} location-id=${live.examples.testPizzeria} radius="16093"></merchant-nearby>`,
    );
    await settled(el);
    expect(['ready', 'empty']).to.include(el.state);
    if (el.state === 'ready') expect(el.shadowRoot!.querySelectorAll('a[href^="http"]').length).to.be.greaterThan(0);
  });
});
