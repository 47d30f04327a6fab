/**
 * A site upgraded from the plugin as released before its PHP became namespaced classes (the zip built from main at
 * 977c81b, kept in fixtures/) to the one built now, through Upload Plugin › "Replace current with uploaded": its
 * settings, its scheduled change-feed poll and its posts' blocks and shortcodes are intact, and the posts render
 * with the new plugin (every element ready, the page's data in the page, no PHP notice), from the new version's
 * scripts only: at URLs of their own, none that the released plugin's page loaded, so no cache can hand the page an
 * old bundle with a new element file.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launch } from '../e2e/helpers.ts';
import { startSandboxForTests } from '../node/gateway-fixture.ts';
import type { RunningSandbox } from '../../src/sandbox/server.ts';
import { LOCATION, SCRIPTS, ZIP, credentials, elementTable } from './site.ts';
import { WordPress, wordpressVersions, type Session } from './wordpress.ts';
import { builtFile } from '../node/dist-helpers.ts';

const RELEASED = path.join(import.meta.dirname, 'fixtures/merchant-elements-977c81b.zip');
const TABLE = elementTable();
const TAGS = Object.keys(TABLE);

/** Every block and every shortcode (the provider holding an element), as an author writes them. */
function postContent(): string {
  const blocks = TAGS.map((tag) => {
    const name = `merchant-elements/${TABLE[tag]!.name}`;
    if (tag === 'merchant-provider')
      return `<!-- wp:${name} {"location-id":"${LOCATION}"} -->\n<!-- wp:merchant-elements/hours {"variant":"compact"} /-->\n<!-- /wp:${name} -->`;
    return `<!-- wp:${name} /-->`;
  });
  const shortcodes = TAGS.filter((tag) => tag !== 'merchant-provider').map((tag) => `<!-- wp:paragraph -->\n<p>[${tag}]</p>\n<!-- /wp:paragraph -->`);
  return [...blocks, ...shortcodes].join('\n\n');
}

const SETTINGS = { merchant_elements_location_id: LOCATION, merchant_elements_theme: 'dark', merchant_elements_locale: 'fr' };

for (const version of wordpressVersions()) {
  describe(`WordPress ${version}: a site upgraded from the released plugin`, { timeout: 600_000 }, () => {
    let sandbox: RunningSandbox;
    let wp: WordPress;
    let admin: Session;
    let browser: Browser;

    before(async () => {
      sandbox = await startSandboxForTests();
      wp = await WordPress.start({ version });
      wp.allowPorts(new URL(sandbox.url).port);
      wp.config(credentials(sandbox.actionsUrl, sandbox.publisherUrl));
      admin = await wp.login('administrator');
      browser = await launch();
    });

    after(async () => {
      await browser?.close();
      await wp?.stop();
      await sandbox?.close();
    });

    /** The plugin's scripts a page requests, as the browser asked for them, once it is loaded and quiet. */
    async function pluginScripts(link: string): Promise<string[]> {
      const page = await browser.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/merchant-elements/assets/js/')) scripts.push(request.url());
      });
      await page.goto(link, { waitUntil: 'networkidle' });
      await page.close();
      return scripts;
    }

    it('keeps its settings, its scheduled poll and its posts, which render with the new plugin', async () => {
      await wp.uploadPlugin(admin, RELEASED);
      assert.match(wp.php_("echo is_dir(WP_PLUGIN_DIR . '/merchant-elements/includes') ? 'old' : 'new';"), /^old$/, 'the released plugin, with its includes/');
      await admin.rest('/wp/v2/settings', 'POST', SETTINGS);
      const link = await wp.publish(admin, 'author', postContent(), 'Our menu');
      await fetch(wp.url); // A visit runs init, where the released plugin schedules its poll.
      /** What the upgrade must keep: the options, the poll's next run, the post as stored. */
      const state = () =>
        JSON.parse(
          wp.php_(`
          $options = array();
          foreach (${JSON.stringify(Object.keys(SETTINGS))} as $name) { $options[$name] = get_option($name); }
          $post = get_posts(array('title' => 'Our menu', 'post_type' => 'post', 'numberposts' => 1));
          echo json_encode(array(
            'options' => $options,
            'poll' => wp_next_scheduled('merchant_elements_poll_changes'),
            'schedule' => wp_get_schedule('merchant_elements_poll_changes'),
            'content' => $post ? $post[0]->post_content : null,
            'active' => is_plugin_active('merchant-elements/merchant-elements.php'),
          ));
        `),
        ) as { options: Record<string, string>; poll: number | false; schedule: string | false; content: string | null; active: boolean };
      const before = state();
      assert.deepEqual(before.options, SETTINGS);
      const released = await pluginScripts(link);
      assert.ok(
        released.some((url) => url.includes('/merchant-elements.js')),
        `the released plugin's bundle: ${JSON.stringify(released)}`,
      );
      assert.ok(before.poll, 'the released plugin scheduled its poll');
      assert.equal(before.schedule, 'merchant_elements_five_minutes');
      assert.ok(before.content?.includes('<!-- wp:merchant-elements/menu /-->') && before.active);

      await wp.replacePlugin(admin, ZIP);
      assert.match(
        wp.php_(
          "echo is_file(WP_PLUGIN_DIR . '/merchant-elements/src/Plugin.php') && ! is_dir(WP_PLUGIN_DIR . '/merchant-elements/includes') ? 'new' : 'old';",
        ),
        /^new$/,
      );
      await fetch(link);
      assert.deepEqual(state(), before, 'the same settings, the same scheduled poll, the same post, still active');

      const html = await (await fetch(link)).text();
      assert.match(html, /<meta name="merchant-elements" content="[^"]*location-id=test-pizzeria; theme=dark; locale=fr"/, 'the settings in effect');
      assert.match(html, /data-merchant-url="[^"]*\/v1\/locations\/test-pizzeria\/page\?include=location,menus,photos,actions"/, "the page's data in the page");
      const page = await browser.newPage();
      const data: string[] = [];
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/wp-json/merchant-elements/')) data.push(request.url());
        if (request.url().includes('/merchant-elements/assets/js/')) scripts.push(request.url());
      });
      await page.goto(link);
      await page.waitForFunction(
        (count) => {
          const elements = [...document.querySelectorAll('*')].filter((el) => el.localName.startsWith('merchant-'));
          return elements.length >= count && elements.every((el) => el.getAttribute('state') && el.getAttribute('state') !== 'loading');
        },
        TAGS.length * 2,
        { timeout: 30_000 },
      );
      const states = await page.evaluate(() =>
        [...document.querySelectorAll('*')].filter((el) => el.localName.startsWith('merchant-')).map((el) => [el.localName, el.getAttribute('state')]),
      );
      assert.deepEqual(
        states.filter(([, state]) => state !== 'ready'),
        [],
        `every element ready; the page's data: ${/data-merchant-url="[^"]*">(.{0,1500})/.exec(html)?.[1]}`,
      );
      // The data was in the page. What the released plugin cached has no upstream time (src/WordPress/SiteCache.php
      // age_of()), so its blocks say fresh="0" and the bundle revalidates exactly those; data known to be fresh is
      // never asked for again.
      const stale = new Set(
        [...html.matchAll(/data-merchant-url="([^"]*)"[^>]*?data-merchant-fresh="(\d+)"/g)]
          .filter(([, , fresh]) => fresh === '0')
          .map(([, url]) => url!.replace(/&amp;/g, '&').replace(/^.*\/v1\//, '')),
      );
      assert.deepEqual(
        data.filter((url) => !stale.has(url.replace(/^.*\/v1\//, ''))),
        [],
        `no request for data but revalidations of what the released plugin cached (${[...stale].join(', ')})`,
      );
      await page.close();
      // The new version's scripts, at URLs the released plugin's page never used (the path names the version).
      assert.deepEqual(
        scripts.filter((url) => released.includes(url)),
        [],
        `no script at a URL the released plugin's page loaded (${JSON.stringify(released)})`,
      );
      // The bundle, the menu's code (its own file, or the file with every element when the post holds enough elements
      // that the loader takes it: src/contract/element-files.ts) and the French strings, each from the new folder.
      const named = (name: string) => path.basename(builtFile(name));
      for (const files of [['merchant-elements.js'], [named('menu'), named('all')], [named('i18n-fr')]])
        assert.ok(
          scripts.some((url) => files.some((file) => new URL(url).pathname.endsWith(`${SCRIPTS}${file}`))),
          `${files.join(' or ')} from ${SCRIPTS}: ${JSON.stringify(scripts)}`,
        );
      assert.deepEqual(
        scripts.filter((url) => !new URL(url).pathname.includes(SCRIPTS)),
        [],
        `every script from the new version's folder ${SCRIPTS}`,
      );
      assert.deepEqual(wp.debugLog(), [], 'no PHP notice from the plugin');
    });
  });
}
