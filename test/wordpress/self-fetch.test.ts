/**
 * The plugin on a WordPress with no server of its own: the credentials as constants in wp-config.php name a sandbox
 * (the upstream APIs), and no Node gateway runs. The plugin signs and fetches the data itself, caches it, serves the
 * widget contract under the site's REST API and prints each page's data into the page.
 *
 * Shown here: every role's page has every element ready with no request for data to anything but the WordPress site;
 * the signing key is in no HTML, REST answer, log line, readable option or cached value; the contract's answers
 * (ETag/304, Cache-Control, error resources); 200 concurrent requests for one cold resource make one upstream call,
 * and only the request that made it is charged to the visitor's miss budget; the change feed refreshes what
 * changed; an upstream stopped after the cache is warm leaves the data on the page; an upstream that hangs with a
 * cold cache costs a page about two seconds, once, and the elements show their error state.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { collectProblems, launch } from '../e2e/helpers.ts';
import { CLIENT_ID, SIGNING_KEY, startSandboxForTests } from '../node/gateway-fixture.ts';
import type { RunningSandbox } from '../../src/sandbox/server.ts';
import { LOCATION, ZIP, credentials, dataBlockPlaces, elementStates, elementTable, fetchBudget } from './site.ts';
import { hangingServer, timed } from './servers.ts';
import { NEWEST_WORDPRESS, ROLES, WordPress, freePort, wordpressVersions, type Role, type Session } from './wordpress.ts';

const TABLE = elementTable();
const TAGS = Object.keys(TABLE);

/** A post holding every block, and every shortcode in a paragraph block. */
function postContent(): string {
  const blocks = TAGS.map((tag) => {
    const name = `merchant-elements/${TABLE[tag]!.name}`;
    if (tag === 'merchant-provider')
      return `<!-- wp:${name} {"location-id":"${LOCATION}"} -->\n<!-- wp:merchant-elements/hours {"variant":"compact"} /-->\n<!-- /wp:${name} -->`;
    return `<!-- wp:${name} /-->`;
  });
  const shortcodes = TAGS.map((tag) => {
    const code =
      tag === 'merchant-provider'
        ? `[${tag} location-id="${LOCATION}"][merchant-hours variant="compact"][/${tag}]`
        : tag === 'merchant-menu'
          ? `[${tag} format="short"]`
          : `[${tag}]`;
    return `<!-- wp:paragraph -->\n<p>${code}</p>\n<!-- /wp:paragraph -->`;
  });
  return [...blocks, ...shortcodes].join('\n\n');
}

for (const version of wordpressVersions())
  describe(`WordPress ${version} fetching its own data: no gateway, credentials in wp-config.php`, { timeout: 900_000 }, () => {
    let sandbox: RunningSandbox;
    let wp: WordPress;
    let admin: Session;
    let browser: Browser;
    let hanging: Awaited<ReturnType<typeof hangingServer>>;
    const pages: string[] = [];

    /** The site's own endpoint for the elements, as the plugin prints it (the site has pretty permalinks). */
    const endpoint = () => `${wp.url}/wp-json/merchant-elements`;

    before(async () => {
      sandbox = await startSandboxForTests();
      hanging = await hangingServer();
      wp = await WordPress.start({ version });
      wp.allowPorts(new URL(sandbox.url).port, new URL(hanging.url).port);
      wp.config(credentials(sandbox.actionsUrl, sandbox.publisherUrl));
      admin = await wp.login('administrator');
      await wp.uploadPlugin(admin, ZIP);
      await admin.rest('/wp/v2/settings', 'POST', { merchant_elements_location_id: LOCATION });
      browser = await launch();
    });

    after(async () => {
      await browser?.close();
      await wp?.stop();
      await hanging?.close();
      await sandbox?.close();
    });

    /** Publishes a post as `role` (wp.publish) and remembers its page. */
    async function publish(role: Role, content: string): Promise<string> {
      const link = await wp.publish(admin, role, content, `${role}'s menu`);
      pages.push(link);
      return link;
    }

    for (const role of ROLES) {
      it(`${role}: every block and shortcode is ready from the page's own data; nothing is requested from anything but the site`, async () => {
        const link = await publish(role, postContent());
        const html = await (await fetch(link)).text();
        assert.match(
          html,
          /<script type="application\/json" data-merchant-url="http:\/\/127\.0\.0\.1:\d+\/wp-json\/merchant-elements\/v1\/locations\/test-pizzeria\/page\?include=location,menus,photos,actions" data-merchant-fetched="[^"]+" data-merchant-fresh="\d+" data-merchant-etag="[^"]+">\{/,
          'the page data is in the page',
        );
        assert.deepEqual(dataBlockPlaces(html), { beforeContent: [], repeated: [] }, "the page's content first, each answer once after it");
        assert.match(
          html,
          /<meta name="merchant-elements" content="endpoint=http:\/\/127\.0\.0\.1:\d+\/wp-json\/merchant-elements; location-id=test-pizzeria"/,
        );
        const page = await browser.newPage();
        const problems = collectProblems(page);
        const elsewhere: string[] = [];
        const data: string[] = [];
        page.on('request', (request) => {
          const url = request.url();
          if (url.includes('/wp-json/merchant-elements/')) data.push(url);
          // The photos, the menus' attribution images and the buttons' icons are the data provider's own pictures,
          // linked from its data; everything else (the script, its modules, the data) comes from the site.
          // blob: and data: URLs are made in the page itself (WordPress 6.5 makes a blob: script): not requests that leave it.
          if (/^(blob|data):/.test(url)) return;
          if (!url.startsWith(wp.url) && !(request.resourceType() === 'image' && url.startsWith(`${sandbox.url}/`)))
            elsewhere.push(`${request.resourceType()} ${url}`);
        });
        await page.goto(link);
        const states = await elementStates(page, []);
        assert.equal(states.length, TAGS.length * 2 + 2, JSON.stringify(states));
        assert.deepEqual(
          states.filter(([, state]) => state !== 'ready'),
          [],
          'every element is ready',
        );
        assert.deepEqual(elsewhere, [], "no request to anything but the site (and the provider's images)");
        assert.deepEqual(data, [], 'no request for data at all: it was in the page');
        assert.deepEqual(problems, []);
        await page.close();
        assert.deepEqual(wp.debugLog(), [], 'no PHP notice from the plugin');
      });
    }

    it("what the page carries is what each element requests: nearby around a point with every filter, nearby only, the short menu (src/WordPress/PageData.php against the elements' own requests)", async () => {
      const other = [...sandbox.dataset.ids()][3]!;
      const codes = [
        '[merchant-nearby latitude="40.7128" longitude="-74.006" radius="3000" limit="5" type="deal" owner-verified business-type="restaurant" cuisine="Pizza, Italian"]',
        '[merchant-nearby nearby-only radius="1500" owner-verified="false"]',
        `[merchant-nearby location-id="${other}" type="coupon" limit="3"]`,
        `[merchant-menu format="short" location-id="${other}"]`,
        '[merchant-actions type="deal" top]',
      ];
      const link = await publish('administrator', codes.map((code) => `<!-- wp:paragraph -->\n<p>${code}</p>\n<!-- /wp:paragraph -->`).join('\n\n'));
      const page = await browser.newPage();
      const data: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/wp-json/merchant-elements/')) data.push(request.url());
      });
      await page.goto(link);
      const states = await elementStates(page, []);
      assert.deepEqual(data, [], 'no element asked for anything the page did not carry');
      assert.equal(states.length, codes.length, JSON.stringify(states));
      assert.deepEqual(
        states.filter(([, state]) => state !== 'ready' && state !== 'empty'),
        [],
        'every element settled with its data',
      );
      await page.close();
    });

    it('the REST routes serve the widget contract: JSON, ETag and 304, Cache-Control, error resources', async () => {
      const url = `${endpoint()}/v1/locations/${LOCATION}/menus?format=short`;
      const first = await fetch(url);
      assert.equal(first.status, 200);
      assert.match(first.headers.get('content-type') ?? '', /^application\/json/);
      // Kept by a shared cache only while the data is fresh, counted from its fetch (src/WordPress/DataAge.php).
      assert.match(first.headers.get('cache-control') ?? '', /^public, max-age=([1-5]?\d|60), s-maxage=([12]?\d{1,2}|300), stale-if-error=86400$/);
      const body = (await first.json()) as { menus: { currency: string; sections: unknown[] }[] };
      assert.ok(body.menus.length > 0 && body.menus[0]!.sections.length > 0);
      const etag = first.headers.get('etag')!;
      assert.match(etag, /^"[\w-]{27}"$/);
      const again = await fetch(url, { headers: { 'if-none-match': etag } });
      assert.equal(again.status, 304);
      assert.equal(again.headers.get('x-cache'), 'hit');

      const unknown = await fetch(`${endpoint()}/v1/locations/no-such-place/page`);
      assert.equal(unknown.status, 404);
      assert.deepEqual(await unknown.json(), { error: 'LOCATION_DOES_NOT_EXIST', message: 'There is no location with id "no-such-place".', status_code: 404 });
      const bad = await fetch(`${endpoint()}/v1/locations/${LOCATION}/menus?format=tiny`);
      assert.equal(bad.status, 400);
      assert.deepEqual(await bad.json(), { error: 'INVALID_PARAMETER', message: 'Parameter "format" must be full or short.', status_code: 400 });
      const typo = await fetch(`${endpoint()}/v1/locations/${LOCATION}/menus?fromat=short`);
      assert.equal(((await typo.json()) as { error: string }).error, 'INVALID_PARAMETER');
      const nowhere = await fetch(`${endpoint()}/v1/nothing-here`);
      assert.equal(nowhere.status, 404);
      assert.equal(((await nowhere.json()) as { error: string }).error, 'NOT_FOUND');
    });

    it('with plain permalinks (no /wp-json/ path) the endpoint goes through index.php, and works', async () => {
      const structure = wp.php_("echo get_option('permalink_structure');");
      wp.php_("update_option('permalink_structure', '');");
      try {
        const link = await publish('editor', '<!-- wp:merchant-elements/hours /-->');
        const html = await (await fetch(link)).text();
        const plain = /<meta name="merchant-elements" content="endpoint=([^;"]+);/.exec(html)?.[1];
        assert.equal(plain, `${wp.url}/index.php/wp-json/merchant-elements`);
        assert.match(html, new RegExp(`data-merchant-url="${plain!.replace(/[.]/g, '\\.')}/v1/locations/test-pizzeria/page\\?`));
        const answer = await fetch(`${plain}/v1/locations/${LOCATION}`);
        assert.equal(answer.status, 200);
        assert.equal(((await answer.json()) as { location: { id: string } }).location.id, LOCATION);
        const page = await browser.newPage();
        await page.goto(link);
        assert.deepEqual(
          (await elementStates(page, [])).map(([, state]) => state),
          ['ready'],
        );
        await page.close();
      } finally {
        wp.php_(`update_option('permalink_structure', ${JSON.stringify(structure)});`);
      }
    });

    it('200 concurrent requests for one cold resource make one upstream call, and all are answered', async () => {
      const id = [...sandbox.dataset.ids()][5]!;
      const path = new RegExp(`^/publisher/locations/${id}/menus/\\?format=short`);
      sandbox.stats.reset();
      const answers = await Promise.all(Array.from({ length: 200 }, () => fetch(`${endpoint()}/v1/locations/${id}/menus?format=short`).then((r) => r.status)));
      assert.deepEqual([...new Set(answers)], [200]);
      assert.equal(sandbox.stats.byPath(path), 1, 'one upstream call');
    });

    it('the miss budget charges only the request that made an upstream call: a burst for one cold resource is all answered; made-up ids run out', async () => {
      wp.config(credentials(sandbox.actionsUrl, sandbox.publisherUrl, "define('MERCHANT_ELEMENTS_MISS_RATE_LIMIT_PER_MINUTE', 3);"));
      // A new minute for this address: what the tests before spent does not count.
      wp.php_('global $wpdb; $wpdb->query("DELETE FROM {$wpdb->options} WHERE option_name LIKE \'%\\\\_transient%merchant\\\\_elements\\\\_m\\\\_%\'");');
      try {
        const id = [...sandbox.dataset.ids()][6]!;
        const burst = await Promise.all(Array.from({ length: 40 }, () => fetch(`${endpoint()}/v1/locations/${id}/photos`).then((r) => r.status)));
        assert.deepEqual([...new Set(burst)], [200], 'one cold resource, 40 visitors from one address: all answered');
        // Two more calls fit the budget of 3; the fourth made-up id is refused with Retry-After.
        const made: { status: number; retryAfter: string | null; body: string }[] = [];
        for (const n of [1, 2, 3]) {
          const response = await fetch(`${endpoint()}/v1/locations/made-up-${n}-${Date.now()}`);
          made.push({ status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.text() });
        }
        assert.deepEqual(
          made.map((r) => r.status),
          [404, 404, 429],
          JSON.stringify(made),
        );
        const refused = made[2]!;
        assert.ok(Number(refused.retryAfter) > 0);
        assert.equal((JSON.parse(refused.body) as { error: string }).error, 'RATE_LIMITED');
        // What is cached still answers: hits cost nothing.
        assert.equal((await fetch(`${endpoint()}/v1/locations/${id}/photos`)).status, 200);
      } finally {
        wp.config(credentials(sandbox.actionsUrl, sandbox.publisherUrl));
      }
    });

    it('behind a proxy the site trusts, each visitor has their own miss budget; a forged X-Forwarded-For from elsewhere changes nothing', async () => {
      const budget = "define('MERCHANT_ELEMENTS_MISS_RATE_LIMIT_PER_MINUTE', 2);";
      const newMinute = () =>
        wp.php_('global $wpdb; $wpdb->query("DELETE FROM {$wpdb->options} WHERE option_name LIKE \'%\\\\_transient%merchant\\\\_elements\\\\_m\\\\_%\'");');
      let n = 0;
      /** Three made-up ids asked by one visitor (as the forwarding header names it): the statuses. */
      const threeMadeUp = async (visitor: string) => {
        const statuses: number[] = [];
        for (let i = 0; i < 3; i++) {
          const response = await fetch(`${endpoint()}/v1/locations/made-up-proxy-${n++}-${Date.now()}`, { headers: { 'x-forwarded-for': visitor } });
          statuses.push(response.status);
        }
        return statuses;
      };
      try {
        // The site's proxy is 127.0.0.1 (the tests' requests come from it): two visitors, two budgets.
        wp.config(credentials(sandbox.actionsUrl, sandbox.publisherUrl, `${budget} define('MERCHANT_ELEMENTS_TRUSTED_PROXIES', '192.0.2.0/24, 127.0.0.1');`));
        newMinute();
        assert.deepEqual(await threeMadeUp('198.51.100.1'), [404, 404, 429], 'the first visitor spends a budget of 2');
        assert.deepEqual(await threeMadeUp('198.51.100.2'), [404, 404, 429], 'the second visitor has a budget of their own');
        assert.deepEqual(await threeMadeUp('203.0.113.5, 198.51.100.1'), [429, 429, 429], 'a forged entry left of what the proxy wrote is not believed');
        // Requests from an address the site does not trust: whatever they forward, one budget.
        wp.config(credentials(sandbox.actionsUrl, sandbox.publisherUrl, `${budget} define('MERCHANT_ELEMENTS_TRUSTED_PROXIES', '192.0.2.0/24');`));
        newMinute();
        assert.deepEqual(await threeMadeUp('198.51.100.3'), [404, 404, 429]);
        assert.deepEqual(await threeMadeUp('198.51.100.4'), [429, 429, 429], 'a forged header from an untrusted address changes nothing');
      } finally {
        wp.config(credentials(sandbox.actionsUrl, sandbox.publisherUrl));
        newMinute();
      }
    });

    it('the change feed (WP-Cron) refreshes a location that changed upstream', async () => {
      const id = [...sandbox.dataset.ids()][7]!;
      const url = `${endpoint()}/v1/locations/${id}`;
      assert.equal((await fetch(url)).status, 200);
      assert.equal((await fetch(url)).headers.get('x-cache'), 'hit');
      // The first poll sets the cursors; the location changes; the next poll finds it.
      // The poll calls the sandbox, which lives in this process: PHP runs beside it, not blocking it.
      await wp.phpAsync('MerchantElements\\WordPress\\Changes::poll_changes();');
      sandbox.controls.touch(id);
      const marked = await wp.phpAsync('echo implode(",", MerchantElements\\WordPress\\Changes::poll_changes());');
      assert.ok(marked.split(',').includes(id), `the poll found ${id}: ${marked}`);
      const refreshed = await fetch(url);
      assert.equal(refreshed.headers.get('x-cache'), 'miss', 'refreshed from the upstream');
      assert.equal(wp.php_("echo wp_next_scheduled('merchant_elements_poll_changes') ? 'yes' : 'no';"), 'yes', 'polling is scheduled');
    });

    it("Test connection checks the form's credentials against the provider and says, in plain words, what is wrong or which place it found", async () => {
      // The place as the contract names it (the sandbox's data decides the name).
      const { location } = (await (await fetch(`${endpoint()}/v1/locations/${LOCATION}`)).json()) as { location: { name: string; address: { line1: string } } };
      // Without the wp-config.php constants the form's values count (a constant would win over them).
      wp.config('');
      try {
        const check = (body: Record<string, string>) =>
          admin.rest<{ ok: boolean; problem?: string; message: string; place?: { name: string; address: string } }>(
            '/merchant-elements/admin/check',
            'POST',
            body,
          );
        const good = { client_id: CLIENT_ID, signing_key: SIGNING_KEY, actions_url: sandbox.actionsUrl, publisher_url: sandbox.publisherUrl };
        const found = await check({ ...good, location_id: LOCATION });
        assert.equal(found.ok, true);
        assert.equal(
          found.message.slice(0, `Connected. Your location is ${location.name}, ${location.address.line1}, `.length),
          `Connected. Your location is ${location.name}, ${location.address.line1}, `,
        );
        assert.equal(found.place?.name, location.name);
        const refused = await check({ ...good, signing_key: 'not-the-key-1234', location_id: LOCATION });
        assert.deepEqual([refused.ok, refused.problem], [false, 'key']);
        assert.match(refused.message, /refused the client id or the signing key/);
        assert.ok(!JSON.stringify(refused).includes('not-the-key-1234'), 'the answer never holds a key');
        const unknown = await check({ ...good, location_id: 'no-such-place' });
        assert.deepEqual([unknown.ok, unknown.problem], [false, 'location']);
        assert.match(unknown.message, /no location with id “no-such-place”/);
        const nowhere = await check({ ...good, actions_url: `http://127.0.0.1:${await freePort()}/actions`, location_id: LOCATION });
        assert.deepEqual([nowhere.ok, nowhere.problem], [false, 'actions']);
        const incomplete = await check({ location_id: LOCATION });
        assert.deepEqual([incomplete.ok, incomplete.problem], [false, 'incomplete']);

        // The same in the settings page, as the person who runs the site does it.
        const context = await browser.newContext();
        await context.addCookies(admin.browserCookies());
        const page = await context.newPage();
        await page.goto(`${wp.url}/wp-admin/options-general.php?page=merchant-elements`);
        assert.ok(await page.locator('#merchant_elements_endpoint').isHidden(), 'the gateway field is hidden while "this site" is chosen');
        await page.fill('#merchant_elements_client_id', CLIENT_ID);
        await page.fill('#merchant_elements_signing_key', SIGNING_KEY);
        await page.fill('#merchant_elements_actions_url', sandbox.actionsUrl);
        await page.fill('#merchant_elements_publisher_url', sandbox.publisherUrl);
        await page.fill('#merchant_elements_location_id', LOCATION);
        await page.click('#merchant-elements-test');
        await page.waitForFunction(() =>
          /^Connected|refused|did not answer|no location/.test(document.getElementById('merchant-elements-test-result')?.textContent ?? ''),
        );
        assert.equal(await page.locator('#merchant-elements-test-result').textContent(), found.message);
        // MERCHANT_SCREENSHOTS=docs/screenshots npm run test:wordpress refreshes the docs' picture of it.
        if (process.env.MERCHANT_SCREENSHOTS && version === NEWEST_WORDPRESS) {
          await page.setViewportSize({ width: 1280, height: 1100 });
          await page.screenshot({ path: path.join(process.env.MERCHANT_SCREENSHOTS, 'wordpress-settings-self.png'), fullPage: true });
        }
        await context.close();
      } finally {
        wp.config(credentials(sandbox.actionsUrl, sandbox.publisherUrl));
      }
    });

    it('a signing key saved in the form is write-only: stored without autoload, never shown again, not a REST setting', async () => {
      wp.config('');
      const key = 'form-saved-K3y-do-not-show-4d2e';
      try {
        const form = await (await admin.fetch('/wp-admin/options-general.php?page=merchant-elements')).text();
        const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(form)?.[1] ?? '';
        const body = new URLSearchParams({
          option_page: 'merchant_elements',
          action: 'update',
          _wpnonce: field('_wpnonce'),
          _wp_http_referer: '/wp-admin/options-general.php?page=merchant-elements',
          merchant_elements_source: 'self',
          merchant_elements_client_id: CLIENT_ID,
          merchant_elements_signing_key: key,
          merchant_elements_actions_url: sandbox.actionsUrl,
          merchant_elements_publisher_url: sandbox.publisherUrl,
          merchant_elements_location_id: LOCATION,
        });
        const saved = await admin.fetch('/wp-admin/options.php', { method: 'POST', body });
        assert.equal(saved.status, 302, 'saved');
        assert.equal(
          wp.php_('global $wpdb; echo $wpdb->get_var("SELECT autoload FROM {$wpdb->options} WHERE option_name = \'merchant_elements_signing_key\'");').trim(),
          'no',
        );
        assert.equal(wp.php_("echo get_option('merchant_elements_signing_key');"), key, 'stored');
        const again = await (await admin.fetch('/wp-admin/options-general.php?page=merchant-elements')).text();
        assert.ok(!again.includes(key), 'not shown in the form');
        assert.match(again, /Saved \(hidden\)\. Enter a new key to replace it\./);
        assert.ok(!JSON.stringify(await admin.rest('/wp/v2/settings')).includes(key), 'not in the REST settings');
        // An empty field keeps it.
        const keep = new URLSearchParams(body);
        keep.set('merchant_elements_signing_key', '');
        keep.set('_wpnonce', /name="_wpnonce" value="([^"]*)"/.exec(again)?.[1] ?? '');
        await admin.fetch('/wp-admin/options.php', { method: 'POST', body: keep });
        assert.equal(wp.php_("echo get_option('merchant_elements_signing_key');"), key, 'kept by an empty field');
        // And the site fetches with it: the page's data is printed.
        const link = await publish('editor', '<!-- wp:merchant-elements/hours /-->');
        assert.match(await (await fetch(link)).text(), /data-merchant-url=/);
      } finally {
        wp.php_("delete_option('merchant_elements_signing_key');");
        wp.config(credentials(sandbox.actionsUrl, sandbox.publisherUrl));
      }
    });

    it('the signing key is in no page, REST answer, log line, option readable over REST, or cached value', async () => {
      const needle = SIGNING_KEY;
      for (const link of pages) assert.ok(!(await (await fetch(link)).text()).includes(needle), link);
      const settings = await admin.rest<Record<string, unknown>>('/wp/v2/settings');
      assert.ok(!JSON.stringify(settings).includes(needle));
      assert.ok(!('merchant_elements_signing_key' in settings), 'the key is not a REST setting');
      for (const path of [`/v1/locations/${LOCATION}/page`, `/v1/locations/${LOCATION}/actions`, '/v1/locations/nowhere', '/v1/nearby?latitude=1']) {
        const response = await fetch(endpoint() + path);
        assert.ok(!(await response.text()).includes(needle), path);
        assert.ok(![...response.headers.values()].join('\n').includes(needle), path);
      }
      const settingsPage = await (await admin.fetch('/wp-admin/options-general.php?page=merchant-elements')).text();
      assert.ok(!settingsPage.includes(needle), 'not in the settings page');
      assert.match(settingsPage, /Set in wp-config\.php \(MERCHANT_ELEMENTS_SIGNING_KEY\)/);
      // Every option and transient (cached values, last good copies, marks) and the logs.
      const stored = wp.php_(
        `global $wpdb; echo (int) $wpdb->get_var($wpdb->prepare("SELECT COUNT(*) FROM {$wpdb->options} WHERE option_value LIKE %s", '%' . $wpdb->esc_like(${JSON.stringify(needle)}) . '%'));`,
      );
      assert.equal(stored.trim(), '0', 'no option or cached value holds the key');
      const cached = wp.php_(
        `global $wpdb; echo (int) $wpdb->get_var("SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE '\\\\_transient\\\\_merchant\\\\_elements\\\\_e\\\\_%'");`,
      );
      assert.ok(Number(cached) > 5, `the cache holds entries (${cached}), and none of them the key`);
      assert.ok(!wp.logText().includes(needle), 'not in the PHP or database logs');
    });

    it('an upstream stopped after the cache is warm: the page still shows the data, from the cache and then from the last good copy', async () => {
      // Short windows, so the warm entries go stale and then past stale-if-error within the test.
      const windows =
        "define('MERCHANT_ELEMENTS_CACHE_TTL', 1); define('MERCHANT_ELEMENTS_CACHE_STALE_WHILE_REVALIDATE', 1); define('MERCHANT_ELEMENTS_CACHE_STALE_IF_ERROR', 2);";
      const link = await publish('editor', '<!-- wp:merchant-elements/menu /-->\n\n<!-- wp:merchant-elements/hours /-->');
      wp.config(credentials(sandbox.actionsUrl, sandbox.publisherUrl, windows));
      assert.match(await (await fetch(link)).text(), /data-merchant-url/, 'warm');
      // Nothing listens at the upstream's address any more.
      const down = `http://127.0.0.1:${await freePort()}`;
      wp.config(credentials(`${down}/actions`, `${down}/publisher`, windows));
      for (const wait of [1500, 4000]) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        const page = await browser.newPage();
        await page.goto(link);
        const states = await elementStates(page, []);
        assert.deepEqual(
          states.map(([, state]) => state),
          ['ready', 'ready'],
          `after ${wait} ms`,
        );
        assert.ok(await page.evaluate(() => (document.querySelector('merchant-menu')!.shadowRoot!.textContent ?? '').includes('$')), 'prices on the page');
        await page.close();
      }
      assert.deepEqual(wp.debugLog(), []);
      wp.config(credentials(sandbox.actionsUrl, sandbox.publisherUrl));
    });

    it('an upstream that hangs, with a cold cache: the page waits about two seconds once, the elements show their error state, no PHP warning', async () => {
      const link = await publish(
        'author',
        '<!-- wp:merchant-elements/menu {"location-id":"cold-place"} /-->\n\n<!-- wp:merchant-elements/hours {"location-id":"cold-place"} /-->\n\n<!-- wp:merchant-elements/photos {"location-id":"cold-place"} /-->\n\n<!-- wp:merchant-elements/location {"location-id":"cold-place"} /-->',
      );
      const [normal] = await timed(() => fetch(`${wp.url}/?p=1`).then((r) => r.text()));
      wp.config(credentials(`${hanging.url}/actions`, `${hanging.url}/publisher`, fetchBudget(2)));
      try {
        const [first] = await timed(() => fetch(link).then((r) => r.text()));
        assert.ok(first - normal < 3000, `the page answered ${first} ms (normal ${normal} ms): at most about two seconds more`);
        const [second] = await timed(() => fetch(link).then((r) => r.text()));
        assert.ok(second - normal < 1000, `the next view does not wait again (${second} ms)`);
        const page = await browser.newPage();
        const started = Date.now();
        await page.goto(link);
        const states = await elementStates(page, []);
        assert.deepEqual(
          states.map(([, state]) => state),
          ['error', 'error', 'error', 'error'],
        );
        assert.ok(Date.now() - started < 10_000);
        await page.close();
        assert.deepEqual(wp.debugLog(), [], 'no PHP warning');
      } finally {
        wp.config(credentials(sandbox.actionsUrl, sandbox.publisherUrl));
      }
    });

    it('with a persistent object cache (as managed hosts have), the data lives there instead of in transients, and still one upstream call per resource', async () => {
      const dropIn = path.join(wp.docroot, 'wp-content/object-cache.php');
      copyFileSync(path.join(import.meta.dirname, 'persistent-object-cache.php'), dropIn);
      try {
        const transients = () =>
          Number(
            wp.php_(
              'global $wpdb; echo (int) $wpdb->get_var("SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE \'\\\\_transient\\\\_merchant\\\\_elements\\\\_e\\\\_%\'");',
            ),
          );
        assert.equal(wp.php_("echo wp_using_ext_object_cache() ? 'yes' : 'no';"), 'yes');
        const before = transients();
        const id = [...sandbox.dataset.ids()][9]!;
        sandbox.stats.reset();
        const answers = await Promise.all(Array.from({ length: 50 }, () => fetch(`${endpoint()}/v1/locations/${id}/menus`).then((r) => r.status)));
        assert.deepEqual([...new Set(answers)], [200]);
        assert.equal(sandbox.stats.byPath(new RegExp(`^/publisher/locations/${id}/menus/`)), 1, 'one upstream call');
        assert.equal((await fetch(`${endpoint()}/v1/locations/${id}/menus`)).headers.get('x-cache'), 'hit', 'the next request reads the object cache');
        assert.equal(transients(), before, 'no new transient row');
        // In the plugin's own group of the object cache (transients would be in the "transient" group).
        const stored = wp.php_(
          `$name = 'merchant_elements_e_' . md5('menus:${id}:full'); echo json_encode(array(is_array(wp_cache_get($name, 'merchant_elements')), wp_cache_get($name, 'transient') !== false));`,
        );
        assert.equal(stored, '[true,false]');
        const link = await publish('author', `<!-- wp:merchant-elements/menu {"location-id":"${id}"} /-->`);
        const page = await browser.newPage();
        await page.goto(link);
        assert.deepEqual(
          (await elementStates(page, [])).map(([, state]) => state),
          ['ready'],
        );
        await page.close();
        assert.deepEqual(wp.debugLog(), []);
      } finally {
        rmSync(dropIn, { force: true });
      }
    });
  });
