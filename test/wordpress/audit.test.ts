/**
 * What the plugin's standards and security audit found, each held by a test (issue 18, part 6):
 * - a gateway that accepts connections and never answers may hold a page about two seconds, once, not two seconds
 *   per element on every view (its renders asked for together, once); a provider is never sent to the render route;
 * - an administrator without `unfiltered_html` cannot point the site at a server of theirs (nor set credentials or
 *   widget scripts), and a render that is not a safe element is not printed;
 * - the gateway is fetched with wp_safe_remote_get (a port WordPress does not allow gets no request);
 * - attributes that become part of a URL or a cache key are validated and bounded;
 * - uninstalling removes every option and cached value, on every site of a multisite.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../e2e/helpers.ts';
import { hangingServer, timed } from './servers.ts';
import { LOCATION, ZIP, elementTable } from './site.ts';
import { WordPress, wordpressVersions, type Session } from './wordpress.ts';

const TABLE = elementTable();

for (const version of wordpressVersions())
  describe(`WordPress ${version}: what the plugin audit found`, { timeout: 900_000 }, () => {
    let wp: WordPress;
    let admin: Session;
    let hanging: Awaited<ReturnType<typeof hangingServer>>;
    let hostile: TestServer;
    let unlisted: TestServer;
    let unlistedRequests = 0;
    let hostileRender = '';

    before(async () => {
      hanging = await hangingServer();
      // A "gateway" whose renders carry code: what a server the site was pointed at could send.
      hostile = await startTestServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' }).end(hostileRender);
      });
      unlisted = await startTestServer((_req, res) => {
        unlistedRequests++;
        res.writeHead(200, { 'content-type': 'text/html' }).end('<merchant-menu data-merchant-ssr></merchant-menu>');
      });
      wp = await WordPress.start({ version });
      wp.allowPorts(hanging.port, new URL(hostile.origin).port);
      admin = await wp.login('administrator');
      await wp.uploadPlugin(admin, ZIP);
      await admin.rest('/wp/v2/settings', 'POST', { merchant_elements_location_id: LOCATION });
    });

    after(async () => {
      await wp?.stop();
      await hanging?.close();
      await hostile?.close();
      await unlisted?.close();
    });

    async function publish(content: string, author: Session = admin): Promise<string> {
      return (await author.rest<{ link: string }>('/wp/v2/posts', 'POST', { title: 'Audit', content, status: 'publish' })).link;
    }

    it('a gateway that never answers holds a page about two seconds once, not per element and not on every view; a provider is never rendered', async () => {
      const blocks = Object.keys(TABLE)
        .map((tag) => `<!-- wp:merchant-elements/${TABLE[tag]!.name} /-->`)
        .join('\n\n');
      const link = await publish(blocks);
      const [normal] = await timed(() => fetch(`${wp.url}/?p=1`).then((r) => r.text()));
      await admin.rest('/wp/v2/settings', 'POST', { merchant_elements_endpoint: hanging.url });
      try {
        const [first, html] = await timed(() => fetch(link).then((r) => r.text()));
        assert.ok(first - normal < 3000, `first view: ${first} ms (normal ${normal} ms), ${Object.keys(TABLE).length} elements`);
        assert.match(html, /<merchant-menu><\/merchant-menu>/, 'the plain elements are printed');
        // The page's renders are asked for together (src/WordPress/PageRenders.php): at most once per element, once.
        const rendered = Object.keys(TABLE).length - 1;
        const asked = hanging.requests.length;
        assert.ok(asked >= 1 && asked <= rendered, `asked at most once per element: ${JSON.stringify(hanging.requests)}`);
        const [second] = await timed(() => fetch(link).then((r) => r.text()));
        assert.ok(second - normal < 1000, `second view: ${second} ms: the failure is remembered`);
        assert.equal(hanging.requests.length, asked, 'the second view asks nothing');
        assert.deepEqual(
          hanging.requests.filter((line) => line.includes('/render/provider')),
          [],
        );
        assert.deepEqual(wp.debugLog(), []);
      } finally {
        await admin.rest('/wp/v2/settings', 'POST', { merchant_elements_endpoint: '' });
        wp.php_("delete_transient('merchant_elements_render_paused');");
      }
    });

    it('an administrator without unfiltered_html cannot set the gateway, the source, credentials or widget scripts', async () => {
      wp.disallowUnfilteredHtml(true);
      try {
        const saved = await admin.rest<Record<string, unknown>>('/wp/v2/settings', 'POST', {
          merchant_elements_endpoint: hostile.origin,
          merchant_elements_source: 'gateway',
          merchant_elements_allow_widget_scripts: true,
          merchant_elements_client_id: 'mine',
          merchant_elements_actions_url: hostile.origin,
        });
        assert.equal(saved.merchant_elements_endpoint, '');
        assert.equal(saved.merchant_elements_source, '');
        assert.equal(saved.merchant_elements_allow_widget_scripts, false);
        assert.equal(saved.merchant_elements_client_id, '');
        assert.equal(saved.merchant_elements_actions_url, '');
        // The settings form says why, and its connection fields are disabled.
        const form = await (await admin.fetch('/wp-admin/options-general.php?page=merchant-elements')).text();
        assert.match(form, /Only an administrator who may add scripts to the site can change these settings/);
        assert.match(form, /id="merchant_elements_endpoint"[^>]*disabled/);
        // Nor through the connection check.
        const check = await admin.fetch('/?rest_route=/merchant-elements/admin/check', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        assert.equal(check.status, 403);
      } finally {
        wp.disallowUnfilteredHtml(false);
      }
    });

    it('a render that is not a safe element is never printed: scripts, handlers, javascript: URLs, frames', async () => {
      const link = await publish('<!-- wp:merchant-elements/menu {"format":"short"} /-->');
      await admin.rest('/wp/v2/settings', 'POST', { merchant_elements_endpoint: hostile.origin });
      try {
        const renders = [
          '<merchant-menu format="short" data-merchant-ssr><template shadowrootmode="open"><script>alert(1)</script></template></merchant-menu>',
          '<merchant-menu format="short" data-merchant-ssr><template shadowrootmode="open"><img src=x onerror="alert(1)"></template></merchant-menu>',
          '<merchant-menu format="short" data-merchant-ssr><template shadowrootmode="open"><a href="javascript:alert(1)">x</a></template></merchant-menu>',
          '<merchant-menu format="short" data-merchant-ssr><template shadowrootmode="open"><iframe src="https://evil.example"></iframe></template></merchant-menu>',
          '<merchant-menu format="short" data-merchant-ssr></merchant-menu><script>alert(1)</script>',
          '<div><merchant-menu format="short" data-merchant-ssr></merchant-menu></div>',
        ];
        for (const render of renders) {
          hostileRender = render;
          wp.php_('global $wpdb; $wpdb->query("DELETE FROM {$wpdb->options} WHERE option_name LIKE \'\\\\_transient%merchant\\\\_elements\\\\_render%\'");');
          const html = await (await fetch(link)).text();
          assert.match(html, /<merchant-menu format="short"><\/merchant-menu>/, `plain element instead of: ${render}`);
          assert.doesNotMatch(html, /alert\(1\)|evil\.example/, render);
        }
        // The control: a safe render is printed.
        hostileRender =
          '<merchant-menu format="short" data-merchant-ssr><template shadowrootmode="open"><p part="base">Menu <a href="https://example.com/">link</a></p><script type="application/json" data-merchant-url="x">{}</script></template></merchant-menu>';
        wp.php_('global $wpdb; $wpdb->query("DELETE FROM {$wpdb->options} WHERE option_name LIKE \'\\\\_transient%merchant\\\\_elements\\\\_render%\'");');
        assert.match(await (await fetch(link)).text(), /<p part="base">Menu /);
      } finally {
        await admin.rest('/wp/v2/settings', 'POST', { merchant_elements_endpoint: '' });
      }
    });

    it('the gateway is fetched with wp_safe_remote_get: a port WordPress does not allow gets no request', async () => {
      const link = await publish('<!-- wp:merchant-elements/hours /-->');
      await admin.rest('/wp/v2/settings', 'POST', { merchant_elements_endpoint: unlisted.origin });
      try {
        const html = await (await fetch(link)).text();
        assert.match(html, /<merchant-hours><\/merchant-hours>/);
        assert.equal(unlistedRequests, 0);
      } finally {
        await admin.rest('/wp/v2/settings', 'POST', { merchant_elements_endpoint: '' });
      }
    });

    it("an author's attributes are validated and bounded before they reach a URL or a cache key", async () => {
      const author = await wp.login('author');
      const long = 'x'.repeat(300);
      const codes = [
        '[merchant-menu location-id="../../wp-admin"]',
        '[merchant-menu location-id=".."]',
        '[merchant-menu location-id="a/b"]',
        `[merchant-menu location-id="${long}"]`,
        `[merchant-menu dietary="${long}"]`,
        '[merchant-location heading-level="99"]',
        '[merchant-nearby latitude="91" longitude="0"]',
        '[merchant-nearby radius="99999999"]',
        '[merchant-menu format="huge"]',
      ];
      const link = await publish(codes.map((code) => `<!-- wp:paragraph -->\n<p>${code}</p>\n<!-- /wp:paragraph -->`).join('\n\n'), author);
      const html = await (await fetch(link)).text();
      assert.doesNotMatch(html, /location-id="(\.\.|a\/b|\.\.\/)/);
      assert.doesNotMatch(html, /x{201}/, 'no overlong value');
      assert.doesNotMatch(html, /heading-level="99"|latitude="91"|radius="99999999"|format="huge"/);
      assert.equal((html.match(/<merchant-menu><\/merchant-menu>/g) ?? []).length, 6, 'the menus are printed without the bad attributes');

      // However many elements a post holds, one view makes at most 12 renders (and so at most 12 cached ones).
      await admin.rest('/wp/v2/settings', 'POST', { merchant_elements_endpoint: hostile.origin });
      try {
        hostileRender = '<merchant-nearby data-merchant-ssr></merchant-nearby>';
        const many = Array.from(
          { length: 40 },
          (_, i) => `<!-- wp:paragraph -->\n<p>[merchant-nearby latitude="${i}" longitude="${i}"]</p>\n<!-- /wp:paragraph -->`,
        ).join('\n\n');
        await fetch(await publish(many, author));
        const stored = wp.php_(
          'global $wpdb; echo (int) $wpdb->get_var("SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE \'\\\\_transient\\\\_merchant\\\\_elements\\\\_render\\\\_%\'");',
        );
        assert.ok(Number(stored) <= 12, `${stored} renders stored`);
      } finally {
        await admin.rest('/wp/v2/settings', 'POST', { merchant_elements_endpoint: '' });
      }
    });

    it('uninstalling removes every option and cached value, on every site of a multisite', async () => {
      const network = await WordPress.start({ version, multisite: true });
      try {
        /** Per site, the plugin's rows in its options table; and the network's own. */
        const count = () =>
          JSON.parse(
            network.php_(`
        global $wpdb; $counts = array();
        foreach (get_sites(array('fields' => 'ids')) as $site) {
          switch_to_blog($site);
          $counts['site ' . $site] = (int) $wpdb->get_var("SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE '%merchant\\_elements%'");
          restore_current_blog();
        }
        $counts['network'] = (int) $wpdb->get_var("SELECT COUNT(*) FROM {$wpdb->sitemeta} WHERE meta_key LIKE 'merchant\\_elements%'");
        echo json_encode($counts);
      `),
          ) as Record<string, number>;
        network.installPluginFiles(ZIP);
        network.php_(`
        $second = wpmu_create_blog(get_network()->domain, '/second/', 'Second', 1);
        if (is_wp_error($second)) { fwrite(STDERR, $second->get_error_message()); exit(1); }
        activate_plugin('merchant-elements/merchant-elements.php', '', true);
        foreach (get_sites(array('fields' => 'ids')) as $site) {
          switch_to_blog($site);
          update_option('merchant_elements_location_id', '${LOCATION}');
          update_option('merchant_elements_theme', 'dark');
          set_transient('merchant_elements_e_' . md5('x'), array('status' => 200, 'value' => 1, 'fetched_at' => time()), 60);
          add_option('merchant_elements_g_' . md5('x'), array('status' => 200), '', 'no');
          restore_current_blog();
        }
      `);
        const before = count();
        assert.ok(before['site 1']! >= 3 && before['site 2']! >= 3, `the plugin's rows on both sites: ${JSON.stringify(before)}`);
        network.php_(`
        deactivate_plugins('merchant-elements/merchant-elements.php', false, true);
        uninstall_plugin('merchant-elements/merchant-elements.php');
      `);
        assert.deepEqual(count(), { 'site 1': 0, 'site 2': 0, network: 0 });
      } finally {
        await network.stop();
      }
    });
  });
