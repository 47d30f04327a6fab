/**
 * The plugin in a real WordPress (each version wordpressVersions() lists: Debian's 6.1 package and 6.5), installed from the built zip through Plugins › Add New ›
 * Upload Plugin, used by each role as a restaurant's staff would: a post holding every block, every shortcode in a
 * paragraph, and the configurator's snippet in a Custom HTML block, published and opened by a visitor in Chromium.
 * Every element must reach `ready`, with no console error and no failed request; then the same with
 * DISALLOW_UNFILTERED_HTML. Also: what an Author can write cannot load a script, widget scripts load only when an
 * administrator allows them and only from the configured gateway's data, and uninstalling removes the options.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { collectProblems, startTestServer, type TestServer } from '../e2e/helpers.ts';
import type { RunningSandbox } from '../../src/sandbox/server.ts';
import type { RunningGateway } from '../../src/adapters/node/server.ts';
import { LOCATION, ROOT, SCRIPTS, elementStates, elementTable, startSite, type Site } from './site.ts';
import { ROLES, wordpressVersions, type Role, type Session, type WordPress } from './wordpress.ts';
import { languageTable } from '../../scripts/build-wordpress.mjs';

const TABLE = elementTable();
const TAGS = Object.keys(TABLE);

/** A post holding every block, every shortcode in a paragraph block, and the configurator's snippet in a Custom HTML block. */
function postContent(scriptUrl: string, endpoint: string): string {
  const blocks = TAGS.map((tag) => {
    const name = `merchant-elements/${TABLE[tag]!.name}`;
    // The provider holds another block, which takes its location from it.
    if (tag === 'merchant-provider')
      return `<!-- wp:${name} {"location-id":"${LOCATION}"} -->\n<!-- wp:merchant-elements/hours {"variant":"compact"} /-->\n<!-- /wp:${name} -->`;
    return `<!-- wp:${name} /-->`;
  });
  const shortcodes = TAGS.map((tag) => {
    const code = tag === 'merchant-provider' ? `[${tag} location-id="${LOCATION}"][merchant-hours variant="compact"][/${tag}]` : `[${tag}]`;
    return `<!-- wp:paragraph -->\n<p>${code}</p>\n<!-- /wp:paragraph -->`;
  });
  const snippet = `<!-- wp:html -->\n<script type="module" src="${scriptUrl}"></script>\n<merchant-menu endpoint="${endpoint}" location-id="${LOCATION}" format="short"></merchant-menu>\n<!-- /wp:html -->`;
  return [...blocks, ...shortcodes, snippet].join('\n\n');
}

/**
 * The bundle's script tag: a module, printed by the script-module API on WordPress 6.5 and later (which gives it an
 * id ending in `-js-module`), and before that a classic script the plugin makes a module (`-js`).
 */
function assertBundleTag(wp: WordPress, tag: string): void {
  assert.match(tag, /^<script\b[^>]*\btype="module"/, tag);
  const id = /\bid=["']([^"']+)["']/.exec(tag)?.[1];
  assert.match(id ?? '', wp.atLeast('6.5') ? /^merchant-elements-js-module$/ : /^merchant-elements-js$/, tag);
}

/** The script tags in some HTML that load the plugin's bundle. */
function bundleTags(html: string): string[] {
  return html.match(/<script\b[^>]*merchant-elements\/assets\/js\/[\d.]+\/merchant-elements\.js[^>]*>/g) ?? [];
}

for (const version of wordpressVersions())
  describe(`WordPress ${version}: the plugin, for every role`, { timeout: 600_000 }, () => {
    let site: Site;
    let sandbox: RunningSandbox;
    let gateway: RunningGateway;
    let cdn: TestServer;
    let attacker: TestServer;
    let attackerRequests = 0;
    let wp: WordPress;
    let admin: Session;
    let browser: Browser;

    before(async () => {
      site = await startSite(version);
      ({ sandbox, gateway, wp, admin, browser } = site);
      // The configurator's snippet loads the bundle from wherever the site owner's copy is (a CDN): a module script
      // from another origin, so it is served with CORS.
      cdn = await startTestServer((req, res) => {
        const file = path.join(ROOT, 'dist', path.basename(new URL(req.url!, 'http://x').pathname));
        res.writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' }).end(readFileSync(file));
      });
      // A gateway an Author controls: it would hand out an action whose widget script is the Author's.
      attacker = await startTestServer((_req, res) => {
        attackerRequests++;
        res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end(
          JSON.stringify({
            location: { id: 'x' },
            actions: [
              {
                id: '1',
                locationId: 'x',
                type: 'reservation',
                url: 'https://attacker.example/',
                jsSource: `${attacker.origin}/evil.js`,
                cta: 'Book',
                ctaAsset: null,
                attributes: null,
              },
            ],
          }),
        );
      });
    });

    after(async () => {
      await attacker?.close();
      await cdn?.close();
      await site?.close();
    });

    /** Writes a post as `role` (a Contributor submits it for review) and has it published; returns its URL. */
    const publish = (role: Role, content: string) => wp.publish(admin, role, content);

    for (const disallow of [false, true]) {
      for (const role of ROLES) {
        it(`${role}${disallow ? ', with DISALLOW_UNFILTERED_HTML' : ''}: every block, every shortcode and the pasted snippet render with data`, async () => {
          wp.disallowUnfilteredHtml(disallow);
          try {
            const link = await publish(role, postContent(`${cdn.origin}/merchant-elements.js`, gateway.url));
            const page = await browser.newPage();
            const problems = collectProblems(page);
            page.on('response', (response) => {
              if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
            });
            await page.goto(link);
            const states = await elementStates(page, problems);
            // Blocks and shortcodes: one of each element plus the hours inside each provider; the snippet's menu.
            assert.equal(states.length, TAGS.length * 2 + 2 + 1, JSON.stringify(states));
            for (const tag of TAGS) assert.ok(states.filter(([t]) => t === tag).length >= 2, `${tag} twice: ${JSON.stringify(states)}`);
            assert.deepEqual(
              states.filter(([, state]) => state !== 'ready'),
              [],
              'every element is ready',
            );
            const scripts = page.locator(`script[src*="${SCRIPTS}merchant-elements"]`);
            assert.equal(await scripts.count(), 1, 'the plugin prints its bundle once');
            assertBundleTag(wp, await scripts.evaluate((el) => el.outerHTML));
            assert.equal(await page.locator('meta[name="merchant-elements"]').count(), 1);
            // A provider is no box (its block and its shortcode alike), so the theme lays out the elements inside it.
            const providers = await page.evaluate(() => [...document.querySelectorAll('merchant-provider')].map((el) => getComputedStyle(el).display));
            assert.ok(providers.length >= 2, 'a provider block and a provider shortcode');
            assert.deepEqual(new Set(providers), new Set(['contents']), 'every provider is display: contents');
            assert.deepEqual(problems, []);
            await page.close();
            assert.deepEqual(wp.debugLog(), [], 'no PHP notice from the plugin');
          } finally {
            wp.disallowUnfilteredHtml(false);
          }
        });
      }
    }

    it("an Author's post cannot load a script through a gateway of the Author's, even with widget scripts on", async () => {
      await admin.rest('/wp/v2/settings', 'POST', { merchant_elements_allow_widget_scripts: true });
      try {
        const author = await wp.login('author');
        const post = await author.rest<{ link: string }>('/wp/v2/posts', 'POST', {
          title: 'Book a table',
          status: 'publish',
          content: `<!-- wp:html -->\n<merchant-actions endpoint="${attacker.origin}" location-id="x" allow-widget-scripts onclick="alert(1)"></merchant-actions>\n<script src="${attacker.origin}/evil.js"></script>\n<!-- /wp:html -->\n\n<!-- wp:merchant-elements/actions {"endpoint":"${attacker.origin}","allow-widget-scripts":true} /-->\n\n<!-- wp:paragraph -->\n<p>[merchant-actions endpoint="${attacker.origin}" allow-widget-scripts]</p>\n<!-- /wp:paragraph -->`,
        });
        const page = await browser.newPage();
        const requested: string[] = [];
        page.on('request', (request) => requested.push(request.url()));
        await page.goto(post.link);
        await page.waitForFunction(
          () => [...document.querySelectorAll('merchant-actions')].every((el) => el.getAttribute('state') && el.getAttribute('state') !== 'loading'),
          undefined,
          { timeout: 30_000 },
        );
        const html = await page.content();
        assert.doesNotMatch(html, new RegExp(attacker.origin.replace(/[.:/]/g, '\\$&')), 'the attacker gateway is nowhere in the page');
        assert.deepEqual(
          requested.filter((url) => url.startsWith(attacker.origin)),
          [],
        );
        assert.equal(attackerRequests, 0);
        assert.equal(await page.locator('merchant-actions[allow-widget-scripts], merchant-actions[onclick]').count(), 0);
        await page.close();
      } finally {
        await admin.rest('/wp/v2/settings', 'POST', { merchant_elements_allow_widget_scripts: false });
      }
    });

    it("widget scripts load only when the administrator allows them, and only from the configured gateway's data", async () => {
      // A location whose actions name a widget script (the sandbox's are on widgets.sandbox.example).
      let withScript: { id: string; jsSource: string } | undefined;
      for (const id of sandbox.dataset.ids()) {
        const { actions } = (await (await fetch(`${gateway.url}/v1/locations/${id}/actions`)).json()) as { actions?: { jsSource: string | null }[] };
        const jsSource = actions?.find((action) => action.jsSource)?.jsSource;
        if (jsSource) {
          withScript = { id, jsSource };
          break;
        }
      }
      assert.ok(withScript, 'the sandbox has an action with a widget script');
      const link = await publish('author', `<!-- wp:merchant-elements/actions {"location-id":"${withScript.id}"} /-->`);

      const visit = async () => {
        const page = await browser.newPage();
        const loaded: string[] = [];
        // The widget host is not reachable offline: answer for it, and note what the page asked for.
        await page.route(`${new URL(withScript!.jsSource).origin}/**`, (route) => {
          loaded.push(route.request().url());
          return route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.widgetLoaded = true;' });
        });
        await page.goto(link);
        await page.waitForFunction(() => document.querySelector('merchant-actions')?.getAttribute('state') === 'ready', undefined, { timeout: 30_000 });
        await page.waitForTimeout(500);
        await page.close();
        return loaded;
      };
      assert.deepEqual(await visit(), [], 'off (the default): no widget script');
      await admin.rest('/wp/v2/settings', 'POST', { merchant_elements_allow_widget_scripts: true });
      try {
        assert.deepEqual(await visit(), [withScript.jsSource], 'on: the script the gateway named');
      } finally {
        await admin.rest('/wp/v2/settings', 'POST', { merchant_elements_allow_widget_scripts: false });
      }
    });

    it("blocks and shortcodes are server-rendered: the content is in the page's HTML before any script, and the page falls back to the plain element when the gateway cannot render", async () => {
      const link = await publish(
        'author',
        '<!-- wp:merchant-elements/menu {"format":"short"} /-->\n\n<!-- wp:paragraph -->\n<p>[merchant-hours]</p>\n<!-- /wp:paragraph -->',
      );
      const html = await (await fetch(link)).text();
      assert.match(html, /<merchant-menu\s[^>]*data-merchant-ssr[^>]*><template shadowroot="open" shadowrootmode="open"><style>/);
      assert.match(html, /<merchant-hours\s[^>]*data-merchant-ssr[^>]*><template shadowroot="open" shadowrootmode="open">/);
      assert.match(html, /<b part="price">(<!--[^>]*-->)*\$\d+\.\d\d/);
      // The one bundle, as on every page: it takes over what the server rendered by itself.
      assert.match(html, /merchant-elements\/assets\/js\/[\d.]+\/merchant-elements\.js/);
      assert.doesNotMatch(html, /merchant-elements-ssr/);
      // In the browser: live, with no request to the gateway for the data the page already holds.
      const page = await browser.newPage();
      const requests: string[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith(gateway.url)) requests.push(request.url());
      });
      const problems = collectProblems(page);
      await page.goto(link);
      assert.deepEqual(
        (await elementStates(page, problems)).map(([, state]) => state),
        ['ready', 'ready'],
      );
      assert.deepEqual(requests, []);
      assert.deepEqual(problems, []);
      await page.close();

      // A gateway that cannot render (nothing listens there): the plain elements, at once, and no PHP error.
      await admin.rest('/wp/v2/settings', 'POST', { merchant_elements_endpoint: 'http://127.0.0.1:9' });
      try {
        const started = Date.now();
        const plain = await (await fetch(link)).text();
        assert.ok(Date.now() - started < 5000, 'the page does not wait long on the gateway');
        assert.match(plain, /<merchant-menu format="short"><\/merchant-menu>/);
        assert.match(plain, /<merchant-hours><\/merchant-hours>/);
        assert.deepEqual(wp.debugLog(), []);
      } finally {
        await admin.rest('/wp/v2/settings', 'POST', { merchant_elements_endpoint: gateway.url });
      }
    });

    it('<merchant-location> is server-rendered too: its phone link (tel:) is one the element builds, which the render check allows', async () => {
      const link = await publish('author', '<!-- wp:paragraph -->\n<p>[merchant-location]</p>\n<!-- /wp:paragraph -->');
      const html = await (await fetch(link)).text();
      assert.match(html, /<merchant-location\s[^>]*data-merchant-ssr[^>]*><template shadowroot="open" shadowrootmode="open">/);
      assert.match(html, /href="tel:\+?\d+"/);
      assert.deepEqual(wp.debugLog(), []);
    });

    it('in widget areas: a block widget, and a shortcode in a classic Text widget (found only while rendering)', async () => {
      // The default themes are block themes, without widget areas: a minimal classic theme with a sidebar.
      const theme = path.join(wp.docroot, 'wp-content/themes/merchant-classic-test');
      mkdirSync(theme, { recursive: true });
      writeFileSync(path.join(theme, 'style.css'), '/*\nTheme Name: Merchant classic test\n*/\n');
      writeFileSync(
        path.join(theme, 'functions.php'),
        "<?php\nadd_action('widgets_init', function () { register_sidebar(array('id' => 'sidebar-1', 'name' => 'Sidebar')); });\n",
      );
      writeFileSync(
        path.join(theme, 'index.php'),
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Widgets</title><?php wp_head(); ?></head><body><main><?php while (have_posts()) { the_post(); the_title('<h1>', '</h1>'); } ?></main><aside><?php dynamic_sidebar('sidebar-1'); ?></aside><?php wp_footer(); ?></body></html>\n",
      );
      wp.php_(`
      switch_theme('merchant-classic-test');
      update_option('widget_block', array(2 => array('content' => '<!-- wp:merchant-elements/hours {"variant":"compact"} /-->'), '_multiwidget' => 1));
      update_option('widget_text', array(3 => array('title' => '', 'text' => '[merchant-menu format="short"]', 'filter' => false, 'visual' => false), '_multiwidget' => 1));
      update_option('sidebars_widgets', array('wp_inactive_widgets' => array(), 'sidebar-1' => array('block-2'), 'array_version' => 3));
    `);
      const visit = async () => {
        const page = await browser.newPage();
        const problems = collectProblems(page);
        // WordPress's first post ("Hello world!"), which holds no element: only the sidebar has them.
        await page.goto(`${wp.url}/?p=1`);
        const states = await elementStates(page, problems);
        const html = await page.content();
        assert.deepEqual(problems, []);
        await page.close();
        return { states, html };
      };
      try {
        const blockOnly = await visit();
        assert.deepEqual(blockOnly.states, [['merchant-hours', 'ready']]);
        // Found before the head was printed: the bundle and the page defaults are in the head.
        assert.match(blockOnly.html, /<head>[\s\S]*<meta name="merchant-elements"[\s\S]*merchant-elements\.js[\s\S]*<\/head>/);
        assertBundleTag(wp, bundleTags(blockOnly.html)[0]!);

        wp.php_(`update_option('sidebars_widgets', array('wp_inactive_widgets' => array(), 'sidebar-1' => array('text-3'), 'array_version' => 3));`);
        const lateOnly = await visit();
        assert.deepEqual(lateOnly.states, [['merchant-menu', 'ready']]);
        // Found only while rendering the sidebar: both printed once, in the body, before the elements load.
        const body = lateOnly.html.slice(lateOnly.html.indexOf('<body'));
        assert.equal(body.match(/<meta name="merchant-elements"/g)?.length, 1);
        assert.equal(lateOnly.html.match(/merchant-elements\/assets\/js\/[\d.]+\/merchant-elements\.js/g)?.length, 1);
        assert.equal(bundleTags(body).length, 1, 'the bundle is in the body');
        assertBundleTag(wp, bundleTags(body)[0]!);
        assert.deepEqual(wp.debugLog(), [], 'no PHP notice from the plugin');
      } finally {
        // Back to the default theme, with no widget left in any widget area (a later test's page must not find one).
        wp.php_(`
        switch_theme(${JSON.stringify(wp.theme)});
        update_option('sidebars_widgets', array('wp_inactive_widgets' => array(), 'array_version' => 3));
        delete_option('widget_block');
        delete_option('widget_text');
      `);
      }
    });

    it("with the block theme, a use found only after the head (another plugin's output at wp_body_open): the bundle and the meta tag in the body, once", async () => {
      // A block theme renders its template before the head, so this is the one place a late use happens there; on 6.5
      // WordPress prints a block theme's modules only in the head, so the plugin prints its own in the footer.
      const mu = path.join(wp.docroot, 'wp-content/mu-plugins/merchant-test-late-use.php');
      writeFileSync(mu, "<?php\nadd_action('wp_body_open', function () { if (isset($_GET['late-use'])) echo do_shortcode('[merchant-hours]'); });\n");
      try {
        const page = await browser.newPage();
        const problems = collectProblems(page);
        // WordPress's Sample Page, which holds no element (and, unlike the first post, no comment with a Gravatar).
        await page.goto(`${wp.url}/?page_id=2&late-use=1`);
        assert.deepEqual(await elementStates(page, problems), [['merchant-hours', 'ready']]);
        const html = await page.content();
        const head = html.slice(0, html.indexOf('<body'));
        const body = html.slice(html.indexOf('<body'));
        assert.deepEqual(bundleTags(head), [], 'nothing in the head');
        assert.equal(bundleTags(body).length, 1, 'the bundle once, in the body');
        assertBundleTag(wp, bundleTags(body)[0]!);
        assert.equal(body.match(/<meta name="merchant-elements"/g)?.length, 1);
        assert.doesNotMatch(head, /<meta name="merchant-elements"/);
        assert.deepEqual(problems, []);
        await page.close();
        assert.deepEqual(wp.debugLog(), [], 'no PHP notice from the plugin');
      } finally {
        rmSync(mu, { force: true });
      }
    });

    it("the language setting offers the elements' languages, from their one list, and takes no other", async () => {
      const field = wp.php_('MerchantElements\\WordPress\\Settings::locale_field();');
      const options = [...field.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)</g)].map(([, value, label]) => [value, label]);
      assert.equal(options[0]?.[0], '', "first, the page's own language");
      assert.deepEqual(options.slice(1), Object.entries(languageTable()));
      await assert.rejects(admin.rest('/wp/v2/settings', 'POST', { merchant_elements_locale: 'xx' }), /400/);
      const last = Object.keys(languageTable()).at(-1)!;
      try {
        const saved = await admin.rest<Record<string, unknown>>('/wp/v2/settings', 'POST', { merchant_elements_locale: last });
        assert.equal(saved.merchant_elements_locale, last);
      } finally {
        await admin.rest('/wp/v2/settings', 'POST', { merchant_elements_locale: '' });
      }
    });

    it('the settings refuse what is not a web address or a location id, and uninstalling removes them', async () => {
      await assert.rejects(admin.rest('/wp/v2/settings', 'POST', { merchant_elements_theme: 'neon' }), /400/);
      const saved = await admin.rest<Record<string, unknown>>('/wp/v2/settings', 'POST', {
        merchant_elements_endpoint: 'javascript:alert(1)',
        merchant_elements_location_id: 'not an id!',
      });
      assert.equal(saved.merchant_elements_endpoint, gateway.url, 'a bad URL keeps the saved one');
      assert.equal(saved.merchant_elements_location_id, LOCATION, 'a bad id keeps the saved one');
      const editor = await wp.login('editor');
      await assert.rejects(editor.rest('/wp/v2/settings', 'POST', { merchant_elements_endpoint: 'https://elsewhere.example' }), /403/);

      const remaining = wp.php_(`
      deactivate_plugins('merchant-elements/merchant-elements.php');
      uninstall_plugin('merchant-elements/merchant-elements.php');
      global $wpdb;
      echo (int) $wpdb->get_var("SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE 'merchant\\\\_elements\\\\_%'");
    `);
      assert.equal(remaining.trim(), '0');
    });
  });
