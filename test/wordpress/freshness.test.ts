/**
 * Issue 26 on WordPress ("self" mode: the site fetches its own data from the sandbox): data that knows its age, the
 * page caches purged when a location's data changes, and what the owner sees (Site Health, "Data as of").
 *
 * Shown here, on each WordPress version:
 * - every data block says when its data was fetched upstream, how long it is fresh, and the ETag the REST route
 *   gives the same answer; the route answers If-None-Match with 304 and lets a shared cache keep an answer only
 *   while its data is fresh; an entry cached before ages were kept counts as stale;
 * - with each supported caching plugin's documented purge function or hook standing in (a must-use plugin that
 *   defines them and records the calls), a change found by the change feed purges exactly the posts that show the
 *   location, through every one of them and core's clean_post_cache; nothing when the data did not change; a
 *   location shown on the blog's home page purges the whole cache;
 * - Site Health's answers for a working connection, a refused key, an unreachable upstream and a stopped WP-Cron;
 *   the settings page's "Data as of".
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, existsSync } from 'node:fs';
import path from 'node:path';
import { startSandboxForTests } from '../node/gateway-fixture.ts';
import type { RunningSandbox } from '../../src/sandbox/server.ts';
import { LOCATION, ZIP, credentials, dataBlocks } from './site.ts';
import { WordPress, freePort, wordpressVersions, type Session } from './wordpress.ts';

/**
 * Stand-ins for the caching plugins' documented purge functions and hooks (names as each plugin's source defines
 * them: docs/wordpress.md, "Page caches"), recording each call as a line of JSON in `file`.
 */
function cacheStandIns(file: string): string {
  return `
function merchant_test_purged($cache, $what) { file_put_contents(${JSON.stringify(file)}, wp_json_encode(array($cache, $what)) . "\\n", FILE_APPEND | LOCK_EX); }
function rocket_clean_post($id) { merchant_test_purged('wp-rocket', (int) $id); }
function rocket_clean_domain() { merchant_test_purged('wp-rocket', 'all'); }
function w3tc_flush_post($id) { merchant_test_purged('w3-total-cache', (int) $id); }
function w3tc_flush_all() { merchant_test_purged('w3-total-cache', 'all'); }
add_action('litespeed_purge_post', function ($id) { merchant_test_purged('litespeed-cache', (int) $id); });
add_action('litespeed_purge_all', function () { merchant_test_purged('litespeed-cache', 'all'); });
function wpsc_delete_post_cache($id) { merchant_test_purged('wp-super-cache', (int) $id); }
function wp_cache_clear_cache() { merchant_test_purged('wp-super-cache', 'all'); }
function wpfc_clear_post_cache_by_id($id) { merchant_test_purged('wp-fastest-cache', (int) $id); }
function wpfc_clear_all_cache() { merchant_test_purged('wp-fastest-cache', 'all'); }
class Merchant_Test_Cloudflare_Hooks {
  public function purgeCacheByRelevantURLs($ids) { foreach ((array) $ids as $id) merchant_test_purged('cloudflare', (int) $id); }
  public function purgeCacheEverything() { merchant_test_purged('cloudflare', 'all'); }
}
$GLOBALS['cloudflareHooks'] = new Merchant_Test_Cloudflare_Hooks();
add_action('clean_post_cache', function ($id) { merchant_test_purged('core', (int) $id); });
`;
}

const CACHES = ['wp-rocket', 'w3-total-cache', 'litespeed-cache', 'wp-super-cache', 'wp-fastest-cache', 'cloudflare', 'core'];

for (const version of wordpressVersions())
  describe(`WordPress ${version}: data that knows its age, page caches purged on a change, Site Health`, { timeout: 600_000 }, () => {
    let sandbox: RunningSandbox;
    let wp: WordPress;
    let admin: Session;
    const good = () => credentials(sandbox.actionsUrl, sandbox.publisherUrl);

    before(async () => {
      sandbox = await startSandboxForTests();
      wp = await WordPress.start({ version });
      wp.allowPorts(new URL(sandbox.url).port);
      wp.config(good());
      admin = await wp.login('administrator');
      await wp.uploadPlugin(admin, ZIP);
      await admin.rest('/wp/v2/settings', 'POST', { merchant_elements_location_id: LOCATION });
    });

    after(async () => {
      await wp?.stop();
      await sandbox?.close();
    });

    it('a data block says when its data was fetched, how long it is fresh, and the ETag the REST route gives the same answer (304 on If-None-Match)', async () => {
      const link = await wp.publish(admin, 'editor', '<!-- wp:merchant-elements/menu /-->', 'Menu with its age');
      const started = Date.now();
      // Warmed with the REST route's time (a cold page's render has a two-second budget for all its parts).
      assert.equal((await fetch(`${wp.url}/wp-json/merchant-elements/v1/locations/${LOCATION}/page?include=location,menus,photos,actions`)).status, 200);
      const [block] = dataBlocks(await (await fetch(link)).text());
      assert.ok(block, 'a data block');
      assert.match(block.fetched ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      const fetchedAt = Date.parse(block.fetched!);
      assert.ok(fetchedAt <= Date.now() && fetchedAt > started - 60_000, `fetched just now: ${block.fetched}`);
      assert.ok(
        Number(block.fresh) > 0 && Number(block.fresh) <= 300,
        `fresh for the cache's window: ${block.fresh} ${JSON.stringify((block.json as { errors?: unknown }).errors)}`,
      );
      assert.match(block.etag ?? '', /^"[\w-]{27}"$/);

      const answer = await fetch(block.url);
      assert.equal(answer.status, 200);
      assert.equal(answer.headers.get('etag'), block.etag, "the block's ETag is the route's");
      assert.deepEqual(await answer.json(), block.json, 'the same answer');
      const cacheControl = /^public, max-age=(\d+), s-maxage=(\d+), stale-if-error=86400$/.exec(answer.headers.get('cache-control') ?? '');
      assert.ok(cacheControl, `Cache-Control: ${answer.headers.get('cache-control')}`);
      assert.ok(Number(cacheControl[2]) <= Number(block.fresh), 'a shared cache keeps it no longer than its data is fresh');
      assert.ok(Number(cacheControl[1]) <= 60);
      const revalidated = await fetch(block.url, { headers: { 'if-none-match': block.etag! } });
      assert.equal(revalidated.status, 304);
      assert.equal(await revalidated.text(), '');
      assert.equal(revalidated.headers.get('etag'), block.etag);

      // An entry cached before the plugin kept the upstream fetch time counts as stale.
      wp.php_(`
        global $wpdb;
        foreach ($wpdb->get_col("SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE '\\\\_transient\\\\_merchant\\\\_elements\\\\_e\\\\_%'") as $name) {
          $entry = get_option($name); unset($entry['upstream_at']); update_option($name, $entry);
        }`);
      const [old] = dataBlocks(await (await fetch(link)).text());
      assert.equal(old!.fresh, '0', 'an old entry is stale');
      assert.equal(old!.etag, block.etag, 'same data, same ETag');
      assert.deepEqual(wp.debugLog(), []);
    });

    it('a change found by the change feed purges exactly the posts that show the location, through every active page cache; nothing when nothing changed', async () => {
      const ids = [...sandbox.dataset.ids()];
      const [changing, other, home] = [ids[20]!, ids[21]!, ids[22]!];
      const log = path.join(wp.root, 'purges.jsonl');
      wp.muPlugin('merchant-test-page-caches', cacheStandIns(log));
      const purges = (): [string, number | 'all'][] => {
        if (!existsSync(log)) return [];
        const lines = readFileSync(log, 'utf8').trim().split('\n').filter(Boolean);
        rmSync(log);
        return lines.map((line) => JSON.parse(line) as [string, number | 'all']);
      };
      const postId = (link: string) => Number(wp.php_(`echo url_to_postid(${JSON.stringify(link)});`));
      try {
        // Two posts show the changing location (a block; a shortcode), one another location, one none.
        const showing = [
          await wp.publish(admin, 'author', `<!-- wp:merchant-elements/menu {"location-id":"${changing}"} /-->`, 'Changing, block'),
          await wp.publish(
            admin,
            'editor',
            `<!-- wp:paragraph -->\n<p>[merchant-hours location-id="${changing}"]</p>\n<!-- /wp:paragraph -->`,
            'Changing, shortcode',
          ),
        ];
        const notShowing = [
          await wp.publish(admin, 'author', `<!-- wp:merchant-elements/menu {"location-id":"${other}"} /-->`, 'Another place'),
          await wp.publish(admin, 'author', '<!-- wp:paragraph -->\n<p>No element.</p>\n<!-- /wp:paragraph -->', 'Nothing'),
        ];
        // Visitors see them (each render records which location it shows).
        for (const link of [...showing, ...notShowing]) assert.equal((await fetch(link)).status, 200);
        assert.ok(postId(showing[0]!) > 0, showing[0]);
        await wp.phpAsync('\\MerchantElements\\WordPress\\Changes::poll_changes();'); // the cursors
        purges();

        sandbox.controls.change(changing, { price: { amount: 123.5 } });
        const marked = await wp.phpAsync('echo implode(",", \\MerchantElements\\WordPress\\Changes::poll_changes());');
        assert.ok(marked.split(',').includes(changing), `the feed reported ${changing}: ${marked}`);
        const expected = CACHES.flatMap((cache) => showing.map((link) => [cache, postId(link)] as [string, number]));
        assert.deepEqual(purges().sort(), expected.sort(), 'every page cache purged the two posts showing it, and nothing else');

        // The feed reports it again (its overlap), but the data is the same: nothing is purged.
        const again = await wp.phpAsync('echo implode(",", \\MerchantElements\\WordPress\\Changes::poll_changes());');
        assert.ok(again.split(',').includes(changing), `reported again: ${again}`);
        assert.deepEqual(purges(), [], 'no purge when the data did not change');

        // A location shown on the blog's home page (no post a cache can name): the whole cache, with the reason.
        // (PHP beside this process, not blocking it: the render fetches the data from the sandbox, which lives here.)
        await wp.phpAsync(`wp(); echo do_shortcode('[merchant-hours location-id="${home}"]');`);
        assert.equal(wp.php_(`echo get_option('merchant_elements_site_wide')[${JSON.stringify(home)}];`), 'home', 'recorded as shown on the home page');
        await wp.phpAsync('\\MerchantElements\\WordPress\\Changes::poll_changes();');
        purges();
        sandbox.controls.change(home, { price: { amount: 77 } });
        await wp.phpAsync('\\MerchantElements\\WordPress\\Changes::poll_changes();');
        assert.deepEqual(
          purges()
            .filter(([cache]) => cache !== 'core')
            .sort(),
          CACHES.filter((cache) => cache !== 'core')
            .map((cache) => [cache, 'all'])
            .sort(),
        );
        const status = JSON.parse(wp.php_("echo wp_json_encode(get_option('merchant_elements_data_status')['purge']);")) as { whole: string; location: string };
        assert.equal(status.location, home);
        assert.match(status.whole, /not a single post \(home\)/);
        assert.deepEqual(wp.debugLog(), []);
      } finally {
        wp.muPlugin('merchant-test-page-caches', '');
      }
    });

    /** A Site Health test's result, as WordPress runs it (the direct test, and the async one as its REST route answers). */
    async function siteHealth(): Promise<Record<string, { status: string; label: string; text: string }>> {
      const direct = JSON.parse(
        await wp.phpAsync(`
          require_once ABSPATH . 'wp-admin/includes/class-wp-site-health.php';
          $tests = WP_Site_Health::get_tests();
          echo wp_json_encode(call_user_func($tests['direct']['merchant_elements_freshness']['test']));`),
      ) as { status: string; label: string; description: string };
      const asyncTest = await admin.rest<{ status: string; label: string; description: string }>('/merchant-elements/admin/site-health/connection');
      const plain = (html: string) =>
        html
          .replace(/<[^>]+>/g, ' ')
          .replace(/&#8217;|&rsquo;/g, '’')
          .replace(/\s+/g, ' ')
          .trim();
      return {
        freshness: { status: direct.status, label: direct.label, text: plain(direct.description) },
        connection: { status: asyncTest.status, label: asyncTest.label, text: plain(asyncTest.description) },
      };
    }

    it('Site Health: a working connection; a refused key; an unreachable upstream; a stopped WP-Cron', async () => {
      // Working: the data was fetched (the tests above), the feeds were read, the poll is scheduled ahead.
      await wp.phpAsync('\\MerchantElements\\WordPress\\Changes::poll_changes();');
      const tests = wp.php_(
        "require_once ABSPATH . 'wp-admin/includes/class-wp-site-health.php'; $t = WP_Site_Health::get_tests(); echo isset($t['direct']['merchant_elements_freshness'], $t['async']['merchant_elements_connection']) ? 'both' : 'missing';",
      );
      assert.equal(tests, 'both', 'both tests are registered with Site Health');
      let health = await siteHealth();
      assert.equal(health.connection.status, 'good', health.connection.text);
      assert.match(health.connection.text, /^Connected\. Your location is /);
      assert.equal(health.freshness.status, 'good', health.freshness.text);
      assert.equal(health.freshness.label, 'Your restaurant data is current');
      assert.match(health.freshness.text, /Data last fetched from the provider: \d+ (second|seconds|min|mins) ago/);
      assert.match(health.freshness.text, /WP-Cron runs the change feeds every five minutes; last checked/);
      assert.match(health.freshness.text, /No page cache plugin found/);

      // The settings page shows the default location's data as of when.
      const settings = await (await admin.fetch('/wp-admin/options-general.php?page=merchant-elements')).text();
      assert.match(settings, /Data as of<\/th>/);
      assert.match(settings, /<p id="merchant-elements-data-as-of">\d+ (second|seconds|min|mins) ago \(/);

      const fresh = (n: number) => `${[...sandbox.dataset.ids()][40 + n]}`;
      try {
        // A refused key: the connection test says so and what to do; a fetch that fails is the last error.
        wp.config(credentials(sandbox.actionsUrl, sandbox.publisherUrl, '', 'not-the-right-key-0000'));
        assert.equal((await fetch(`${wp.url}/wp-json/merchant-elements/v1/locations/${fresh(1)}/actions`)).status, 502);
        health = await siteHealth();
        assert.equal(health.connection.status, 'critical');
        assert.match(health.connection.text, /refused the client id or the signing key.*What to do: copy the client id and the signing key again/);
        assert.ok(!JSON.stringify(health).includes('not-the-right-key-0000'), 'never the key');
        assert.equal(health.freshness.status, 'critical', health.freshness.text);
        assert.match(health.freshness.text, /Last error, \d+ seconds? ago .*What to do: the provider refused the client id or the signing key/);

        // An unreachable upstream.
        const down = `http://127.0.0.1:${await freePort()}`;
        wp.config(credentials(`${down}/actions`, `${down}/publisher`));
        assert.equal((await fetch(`${wp.url}/wp-json/merchant-elements/v1/locations/${fresh(2)}/menus`)).status, 502);
        health = await siteHealth();
        assert.equal(health.connection.status, 'critical');
        assert.match(health.connection.text, /did not answer at that address.*What to do: check the Actions API address/);
        assert.equal(health.freshness.status, 'recommended', health.freshness.text);
        assert.match(health.freshness.text, /could not be reached.*What to do: the provider could not be reached/);

        // Working again: a fetch that succeeds ends the error.
        wp.config(good());
        assert.equal((await fetch(`${wp.url}/wp-json/merchant-elements/v1/locations/${fresh(3)}/menus`)).status, 200);
        health = await siteHealth();
        assert.deepEqual([health.connection.status, health.freshness.status], ['good', 'good'], health.freshness.text);

        // WP-Cron stopped: the poll is an hour overdue (this site has DISABLE_WP_CRON, as sites with a real cron do).
        wp.php_(
          "wp_clear_scheduled_hook('merchant_elements_poll_changes'); wp_schedule_event(time() - 3600, 'merchant_elements_five_minutes', 'merchant_elements_poll_changes');",
        );
        health = await siteHealth();
        assert.equal(health.freshness.status, 'recommended');
        assert.equal(health.freshness.label, 'Your restaurant data may not be current');
        assert.match(health.freshness.text, /WP-Cron is not running the change feeds: they were last read \d+ (second|seconds|min|mins) ago/);
        assert.match(health.freshness.text, /What to do: DISABLE_WP_CRON is set in wp-config\.php, so a real cron job must call wp-cron\.php/);
        assert.deepEqual(wp.debugLog(), []);
      } finally {
        wp.config(good());
        wp.php_("wp_clear_scheduled_hook('merchant_elements_poll_changes');");
      }
    });

    it("uninstalling removes the data's status, the site-wide index and the posts' location rows", async () => {
      const count = () =>
        wp
          .php_(
            `global $wpdb; echo (int) $wpdb->get_var("SELECT COUNT(*) FROM {$wpdb->postmeta} WHERE meta_key = '_merchant_elements_location'"), ',', (int) $wpdb->get_var("SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name IN ('merchant_elements_data_status', 'merchant_elements_site_wide')");`,
          )
          .trim();
      const [rows, options] = count().split(',').map(Number);
      assert.ok(rows! >= 2 && options === 2, `there is something to remove: ${rows} rows, ${options} options`);
      wp.php_("deactivate_plugins('merchant-elements/merchant-elements.php'); uninstall_plugin('merchant-elements/merchant-elements.php');");
      assert.equal(count(), '0,0');
    });
  });
