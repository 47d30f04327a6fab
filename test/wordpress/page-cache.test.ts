/**
 * Issue 26, end to end on WordPress with a real page cache in front of it (nginx proxy_cache, pages kept 30 days,
 * the REST API never cached: test/wordpress/page-cache.ts), the site fetching its own data from the sandbox:
 *
 * - the cache holds the page (HIT) with the data it was rendered with, whatever changes upstream: the hole;
 * - the page's data blocks say when their data was fetched and how long it is fresh; once stale, the bundle
 *   revalidates in the background with one request to the site (If-None-Match with the block's ETag, to the REST
 *   route, through the same nginx): while nothing changed it is answered 304 and nothing re-renders; once the
 *   upstream changed a price, the visitor of the cached page sees the new price after load;
 * - a deal that expired after the page was cached is not shown to the visitor of the cached page.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launch } from '../e2e/helpers.ts';
import { startSandboxForTests } from '../node/gateway-fixture.ts';
import type { RunningSandbox } from '../../src/sandbox/server.ts';
import { startPageCache, type PageCache } from './page-cache.ts';
import { LOCATION, ZIP, credentials, dataBlocks } from './site.ts';
import { WordPress, wordpressVersions, type Session } from './wordpress.ts';

/** Seconds the plugin's data counts as fresh here (300 by default): the blocks go stale within the test. */
const FRESH = 3;
const NEW_PRICE = 123.5;

const version = wordpressVersions().at(-1)!;

interface Offer {
  attributes?: { title?: string; expiration?: string | null } | null;
}

/** The merchant-menu's and merchant-actions' shown text, once both are ready. */
async function shownText(page: Page): Promise<{ menu: string; actions: string }> {
  await page.waitForFunction(
    () => ['merchant-menu', 'merchant-actions'].every((tag) => document.querySelector(tag)?.getAttribute('state') === 'ready'),
    undefined,
    {
      timeout: 30_000,
    },
  );
  return page.evaluate(() => ({
    menu: document.querySelector('merchant-menu')!.shadowRoot!.textContent ?? '',
    actions: document.querySelector('merchant-actions')!.shadowRoot!.textContent ?? '',
  }));
}

describe(`WordPress ${version} behind nginx's page cache: the cached page's data revalidates; expired deals go`, { timeout: 600_000 }, () => {
  let sandbox: RunningSandbox;
  let cache: PageCache;
  let wp: WordPress;
  let admin: Session;
  let browser: Browser;
  let link: string;
  let dealExpires: Date;
  let deal = '';

  before(async () => {
    sandbox = await startSandboxForTests();
    cache = await startPageCache();
    wp = await WordPress.start({ version, port: cache.backendPort, front: cache.port });
    wp.allowPorts(new URL(sandbox.url).port);
    wp.config(credentials(sandbox.actionsUrl, sandbox.publisherUrl, `define('MERCHANT_ELEMENTS_CACHE_TTL', ${FRESH});`));
    admin = await wp.login('administrator');
    await wp.uploadPlugin(admin, ZIP);
    await admin.rest('/wp/v2/settings', 'POST', { merchant_elements_location_id: LOCATION });
    browser = await launch();
    // The location’s first offer expires after the page is cached and the visits before the last (a minute: the
    // elements hide an offer the moment it expires, which the "nothing re-renders" visit must not see).
    dealExpires = new Date(Date.now() + 60_000);
    sandbox.controls.change(LOCATION, { offerExpiry: { expiration: dealExpires.toISOString() } });
    link = await wp.publish(admin, 'editor', '<!-- wp:merchant-elements/menu /-->\n\n<!-- wp:merchant-elements/actions /-->', 'Our menu');
  });

  after(async () => {
    await browser?.close();
    await wp?.stop();
    await cache?.stop();
    await sandbox?.close();
  });

  /** The requests nginx passed on since `from` (it logs a request once it has answered it). */
  async function passedOn(from: number, count: number) {
    for (let wait = 0; cache.requests().length < from + count && wait < 50; wait++) await new Promise((resolve) => setTimeout(resolve, 100));
    return cache.requests().slice(from);
  }

  it('nginx keeps the page and passes the REST API through', async () => {
    // The data warmed first, with the REST route's time (a cold page's render has two seconds for all its parts).
    assert.equal((await fetch(`${wp.url}/wp-json/merchant-elements/v1/locations/${LOCATION}/page?include=location,menus,photos,actions`)).status, 200);
    const first = await fetch(link);
    assert.equal(first.headers.get('x-page-cache'), 'MISS');
    const html = await first.text();
    const second = await fetch(link);
    assert.equal(second.headers.get('x-page-cache'), 'HIT');
    assert.equal(await second.text(), html, 'the same page, from the cache');
    const [block] = dataBlocks(html);
    assert.ok(block?.url.startsWith(`${wp.url}/wp-json/merchant-elements/v1/locations/${LOCATION}/page?`), block?.url);
    const page = block.json as { errors?: unknown; actions: Offer[] };
    assert.equal(page.errors, undefined, 'every part of the page is in it');
    deal = page.actions.find((action) => Date.parse(action.attributes?.expiration ?? '') === dealExpires.getTime())?.attributes?.title ?? '';
    assert.ok(deal, 'the page carries the offer that expires soon');
    for (let i = 0; i < 2; i++) assert.equal((await fetch(block.url)).headers.get('x-page-cache'), 'BYPASS', 'the REST API is never cached');
  });

  it('a visitor of the cached page, its data stale and unchanged: one revalidation request to the site, answered 304, and nothing re-renders', async () => {
    const [block] = dataBlocks(await (await fetch(link)).text());
    assert.ok(block?.fetched && block.etag && Number(block.fresh) <= FRESH, JSON.stringify(block));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(block.fetched!) + (Number(block.fresh) + 1) * 1000 - Date.now())));

    const page = await browser.newPage();
    // The revalidation's answer is held a moment, so the page is watched for changes before it arrives.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.includes('/wp-json/'),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    const revalidations: { url: string; ifNoneMatch?: string; status?: number }[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/wp-json/')) revalidations.push({ url: request.url(), ifNoneMatch: request.headers()['if-none-match'] });
    });
    const from = cache.requests().length;
    const response = await page.goto(link);
    assert.equal(response?.headers()['x-page-cache'], 'HIT', 'the page came from the cache');
    const shown = await shownText(page);
    await page.evaluate(() => {
      const log: string[] = ((window as unknown as { mutations: string[] }).mutations = []);
      for (const tag of ['merchant-menu', 'merchant-actions'])
        new MutationObserver((records) => log.push(...records.map((r) => `${tag} ${r.type}`))).observe(document.querySelector(tag)!.shadowRoot!, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        });
    });
    const answered = page.waitForResponse((r) => r.url() === block.url);
    release();
    assert.equal((await answered).status(), 304, 'nothing changed: 304');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.deepEqual(revalidations, [{ url: block.url, ifNoneMatch: block.etag }], 'one conditional request, with the ETag the block named');
    const passed = await passedOn(from, 2);
    assert.deepEqual(passed[0], { method: 'GET', uri: new URL(link).pathname, cache: 'HIT' }, 'nginx served the page from its cache');
    assert.deepEqual(
      passed.filter((request) => request.uri.includes('/wp-json/')),
      [{ method: 'GET', uri: new URL(block.url).pathname + new URL(block.url).search, cache: 'BYPASS' }],
      'and passed the one revalidation to WordPress',
    );
    assert.deepEqual(await page.evaluate(() => (window as unknown as { mutations: string[] }).mutations), [], 'nothing re-rendered');
    assert.deepEqual(await shownText(page), shown);
    await page.close();
  });

  it('the upstream changes a price: the visitor of the cached page sees the new price after load, with one revalidation request', async () => {
    sandbox.controls.change(LOCATION, { price: { amount: NEW_PRICE } });
    await wp.phpAsync('\\MerchantElements\\WordPress\\Changes::poll_changes();');
    const cached = await fetch(link);
    assert.equal(cached.headers.get('x-page-cache'), 'HIT');
    const html = await cached.text();
    assert.ok(!html.includes(String(NEW_PRICE)), 'the cached page still has the old price: nginx has no purge API');
    const blockUrl = dataBlocks(html)[0]!.url;

    const page = await browser.newPage();
    const data: { url: string; status: number }[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/wp-json/')) data.push({ url: r.url(), status: r.status() });
    });
    await page.goto(link);
    await page.waitForFunction((price) => (document.querySelector('merchant-menu')?.shadowRoot?.textContent ?? '').includes(price), NEW_PRICE.toFixed(2), {
      timeout: 30_000,
    });
    assert.deepEqual(data, [{ url: blockUrl, status: 200 }], 'one revalidation request, answered with the changed data');
    assert.equal(await page.locator('merchant-menu').getAttribute('state'), 'ready');
    assert.deepEqual(wp.debugLog(), []);
    await page.close();
  });

  it('a deal that expired after the page was cached is gone for the visitor of the cached page', async () => {
    const cached = await fetch(link);
    assert.equal(cached.headers.get('x-page-cache'), 'HIT');
    assert.ok((await cached.text()).includes(deal), 'the cached page carries the deal');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, dealExpires.getTime() - Date.now() + 1000)));
    const page = await browser.newPage();
    const response = await page.goto(link);
    assert.equal(response?.headers()['x-page-cache'], 'HIT');
    const { actions } = await shownText(page);
    assert.ok(actions.trim().length > 0, 'the other actions are shown');
    assert.ok(!actions.includes(deal), 'the expired deal is not');
    await page.close();
  });
});
