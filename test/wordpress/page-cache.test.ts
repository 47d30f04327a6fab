/**
 * Issue 26, end to end on WordPress with a real page cache in front of it (nginx proxy_cache, pages kept 30 days,
 * the REST API never cached: test/wordpress/page-cache.ts), the site fetching its own data from the sandbox:
 *
 * - the cache holds the page (HIT) with the data it was rendered with, whatever changes upstream: the hole;
 * - the page's data blocks say when their data was fetched and how long it is fresh; once stale, the revalidation
 *   the bundle makes (If-None-Match with the block's ETag, to the site's REST route, through the same nginx) reaches
 *   WordPress and is answered 304 while nothing changed, and with the new price once the upstream changed it;
 * - a deal that expired after the page was cached is not shown to the visitor of the cached page.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launch } from '../e2e/helpers.ts';
import { startSandboxForTests } from '../node/gateway-fixture.ts';
import type { RunningSandbox } from '../../src/sandbox/server.ts';
import { startPageCache, type PageCache } from './page-cache.ts';
import { LOCATION, ZIP, credentials, dataBlocks } from './site.ts';
import { addDeal, changePrice, restoreUpstream } from './upstream-changes.ts';
import { WordPress, wordpressVersions, type Session } from './wordpress.ts';

/** Seconds the plugin's data counts as fresh here (300 by default): the blocks go stale within the test. */
const FRESH = 3;
const DEAL = 'Tonight only: the test deal';

const version = wordpressVersions().at(-1)!;

describe(`WordPress ${version} behind nginx's page cache: the cached page's data revalidates; expired deals go`, { timeout: 600_000 }, () => {
  let sandbox: RunningSandbox;
  let cache: PageCache;
  let wp: WordPress;
  let admin: Session;
  let browser: Browser;
  let link: string;
  let dealExpires: Date;

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
    dealExpires = new Date(Date.now() + 20_000);
    addDeal(sandbox, LOCATION, DEAL, dealExpires);
    link = await wp.publish(admin, 'editor', '<!-- wp:merchant-elements/menu /-->\n\n<!-- wp:merchant-elements/actions /-->', 'Our menu');
  });

  after(async () => {
    restoreUpstream(sandbox);
    await browser?.close();
    await wp?.stop();
    await cache?.stop();
    await sandbox?.close();
  });

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
    assert.equal((block.json as { errors?: unknown }).errors, undefined, 'every part of the page is in it');
    assert.ok(html.includes(DEAL), 'the page carries the deal (in its data block)');
    for (let i = 0; i < 2; i++) assert.equal((await fetch(block.url)).headers.get('x-page-cache'), 'BYPASS', 'the REST API is never cached');
  });

  it("the cached page's data, once stale, revalidates at WordPress through the cache: 304 while nothing changed, the new price after a change", async () => {
    const [block] = dataBlocks(await (await fetch(link)).text());
    assert.ok(block?.fetched && block.etag && Number(block.fresh) <= FRESH, JSON.stringify(block));
    await new Promise((resolve) => setTimeout(resolve, (FRESH + 1) * 1000));
    assert.ok(Date.parse(block.fetched) + Number(block.fresh) * 1000 < Date.now(), 'the block is stale now');

    const before = cache.requests().length;
    const unchanged = await fetch(block.url, { headers: { 'if-none-match': block.etag } });
    assert.equal(unchanged.status, 304, 'nothing changed upstream');
    // nginx logs a request once it has answered it.
    for (let wait = 0; cache.requests().length === before && wait < 50; wait++) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(
      cache.requests().slice(before),
      [{ method: 'GET', uri: new URL(block.url).pathname + new URL(block.url).search, cache: 'BYPASS' }],
      'one request, passed to WordPress',
    );

    // The upstream changes a price; the change feed finds it.
    changePrice(sandbox, LOCATION, 123.5);
    await wp.phpAsync('merchant_elements_poll_changes();');
    const cached = await fetch(link);
    assert.equal(cached.headers.get('x-page-cache'), 'HIT');
    assert.ok(!(await cached.text()).includes('123.5'), 'the cached page still has the old price: nginx has no purge API');
    const changed = await fetch(block.url, { headers: { 'if-none-match': block.etag } });
    assert.equal(changed.status, 200, 'the data changed');
    assert.notEqual(changed.headers.get('etag'), block.etag);
    assert.ok((await changed.text()).includes('123.5'), 'the new price');
    assert.ok(wp.debugLog().length === 0, wp.debugLog().join('\n'));
  });

  it('a deal that expired after the page was cached is gone for the visitor of the cached page', async () => {
    const cached = await fetch(link);
    assert.equal(cached.headers.get('x-page-cache'), 'HIT');
    assert.ok((await cached.text()).includes(DEAL), 'the cached page carries the deal');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, dealExpires.getTime() - Date.now() + 1000)));
    const page = await browser.newPage();
    const response = await page.goto(link);
    assert.equal(response?.headers()['x-page-cache'], 'HIT');
    await page.waitForFunction(() => document.querySelector('merchant-actions')?.getAttribute('state') === 'ready', undefined, { timeout: 30_000 });
    const shown = await page.evaluate(() => document.querySelector('merchant-actions')!.shadowRoot!.textContent ?? '');
    assert.ok(shown.trim().length > 0, 'the other actions are shown');
    assert.ok(!shown.includes(DEAL), 'the expired deal is not');
    await page.close();
  });
});
