/**
 * The plugin as an administrator and an editor use it in the browser: the settings page's connection test says
 * what is wrong in plain words, and in the block editor the menu block is inserted from the inserter, given a
 * location in the sidebar, previewed live, published, and shown on the page.
 *
 * On every WordPress version the tests run on (wordpressVersions()). With MERCHANT_SCREENSHOTS=<folder>, it also
 * saves the screenshots the docs show (settings, the editor with the block selected, the published page light and
 * dark), taken on the newest version.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { gatewayFor } from '../node/gateway-fixture.ts';
import type { RunningGateway } from '../../src/adapters/node/server.ts';
import { collectProblems } from '../e2e/helpers.ts';
import { LOCATION, startSite, type Site } from './site.ts';
import { NEWEST_WORDPRESS, wordpressVersions, type WordPressVersion } from './wordpress.ts';

const SCREENSHOTS = process.env.MERCHANT_SCREENSHOTS;
/** The block inserter's toggle, by the label 6.1 and 6.5 share (its class moved from edit-post to editor in 6.5). */
const INSERTER = 'button[aria-label="Toggle block inserter"]';

/** Saves a screenshot for the docs, taken on the newest WordPress the tests run on (what a new site has). */
async function screenshot(version: WordPressVersion, page: Page, name: string, fullPage = false): Promise<void> {
  if (!SCREENSHOTS || version !== NEWEST_WORDPRESS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}

for (const version of wordpressVersions())
  describe(`WordPress ${version}: the plugin in the browser, settings and the block editor`, { timeout: 300_000 }, () => {
    let site: Site;
    let refusing: RunningGateway;
    let context: BrowserContext;

    before(async () => {
      site = await startSite(version);
      // A gateway that does not list this site among its allowed origins.
      refusing = await gatewayFor(site.sandbox, { MERCHANT_ALLOWED_ORIGINS: 'https://another-site.example', MERCHANT_LOG_LEVEL: 'silent' });
      // The editor's first-run guide (whose picture is on wordpress.org, unreachable offline) was seen already.
      site.wp.php_(
        `update_user_meta(1, $wpdb->get_blog_prefix() . 'persisted_preferences', array('core/edit-post' => array('welcomeGuide' => false), '_modified' => gmdate('c')));`,
      );
      context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addCookies(site.admin.browserCookies());
    });

    after(async () => {
      await context?.close();
      await refusing?.close();
      await site?.close();
    });

    it('Test connection says, in plain words, whether the gateway answers, allows this site and knows the location', async () => {
      const page = await context.newPage();
      await page.goto(`${site.wp.url}/wp-admin/options-general.php?page=merchant-elements`);
      const result = page.locator('#merchant-elements-test-result');
      const test = async (endpoint: string, location: string) => {
        await page.fill('#merchant_elements_endpoint', endpoint);
        await page.fill('#merchant_elements_location_id', location);
        await page.click('#merchant-elements-test');
        await page.waitForFunction(() => {
          const text = document.getElementById('merchant-elements-test-result')?.textContent ?? '';
          return text !== '' && !text.endsWith('…');
        });
        return result.textContent();
      };
      assert.match((await test(site.gateway.url, 'no-such-place'))!, /no location with id “no-such-place”/);
      assert.match(
        (await test(refusing.url, LOCATION))!,
        new RegExp(`does not allow this site.*${site.wp.url.replace(/[.:/]/g, '\\$&')}.*MERCHANT_ALLOWED_ORIGINS`),
      );
      assert.match((await test('http://127.0.0.1:9', LOCATION))!, /did not answer/);
      assert.match((await test('ftp://example.com', LOCATION))!, /not a web address/);
      // With the gateway's place directory: the default location found by its name there (its name and address),
      // the directory still being built (how far), or a gateway that keeps none (501).
      const { location } = (await (await fetch(`${site.gateway.url}/v1/locations/${LOCATION}`)).json()) as {
        location: { name: string; address: { line1: string; city: string } };
      };
      await site.gateway.app.directory!.ready();
      assert.equal(
        await test(site.gateway.url, LOCATION),
        `Connected. The default location is ${location.name}, ${location.address.line1}, ${location.address.city}, found by name in the gateway’s place directory.`,
      );
      const allowed = { MERCHANT_ALLOWED_ORIGINS: 'http://127.0.0.1:*', MERCHANT_RATE_LIMIT: '0', MERCHANT_MISS_RATE_LIMIT: '0', MERCHANT_LOG_LEVEL: 'silent' };
      const withoutDirectory = await gatewayFor(site.sandbox, { ...allowed, MERCHANT_DIRECTORY: 'false' });
      // A feed that answers 503 for now: the directory waits it out, building, with nothing read.
      const feedDown = ((input: RequestInfo | URL, init?: RequestInit) =>
        String(input instanceof Request ? input.url : input).includes('/locations/updated_since/')
          ? Promise.resolve(new Response('{}', { status: 503 }))
          : fetch(input, init)) as typeof fetch;
      const stillBuilding = await gatewayFor(site.sandbox, { ...allowed, MERCHANT_UPSTREAM_RETRIES: '0' }, { fetch: feedDown });
      try {
        assert.equal(
          await test(withoutDirectory.url, LOCATION),
          `Connected. The default location is ${location.name}. This gateway keeps no place directory (HTTP 501), so places cannot be found by name here: enter their ids.`,
        );
        assert.equal(
          await test(stillBuilding.url, LOCATION),
          `Connected. The default location is ${location.name}. The gateway’s place directory is still being built (0 locations read): finding places by name works once it is done.`,
        );
      } finally {
        await withoutDirectory.close();
        await stillBuilding.close();
      }
      await page.fill('#merchant_elements_endpoint', site.gateway.url);
      // The default location found by name: as a person types, the field suggests places (by keyboard: the browser's
      // own list), each by its id.
      await page.fill('#merchant_elements_location_id', '');
      await page.locator('#merchant_elements_location_id').pressSequentially('nonna', { delay: 40 });
      const suggestion = page.locator(`#merchant-elements-places option[value="${LOCATION}"]`);
      await suggestion.waitFor({ state: 'attached', timeout: 15_000 });
      assert.match((await suggestion.textContent()) ?? '', new RegExp(location.name));
      await screenshot(version, page, 'wordpress-settings');
      await page.close();
    });

    it('the menu block: inserted from the inserter, its location found by name in the sidebar (by keyboard), previewed live, published and shown', async () => {
      // The site's default is another place, so the block's own location is what the preview shows.
      const other = site.sandbox.dataset.examples().withMenus!;
      await site.admin.rest('/wp/v2/settings', 'POST', { merchant_elements_location_id: other });
      // The gateway's directory, built before the editor asks (while it is built, the picker says how far and asks again).
      await site.gateway.app.directory!.ready();
      const showcase = site.sandbox.dataset.location(0);
      const page = await context.newPage();
      const problems = collectProblems(page);
      // Which request failed, not only that one did (the console says only its status).
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
      });
      await page.goto(`${site.wp.url}/wp-admin/post-new.php`);
      await page.waitForSelector('.edit-post-layout');

      await page.locator('[aria-label="Add title"]').fill('Our menu');
      await page.click(INSERTER);
      await page.fill('.block-editor-inserter__search input', 'Menu');
      await page.click('button.editor-block-list-item-merchant-elements-menu');
      await page.click(INSERTER);

      // The settings sidebar (closed on a first visit), where the selected block's options are.
      const settings = page.locator('.edit-post-header__settings button[aria-label="Settings"]');
      if ((await settings.getAttribute('aria-pressed')) !== 'true') await settings.click();
      // The block's options: the location picker says the site's default until one is chosen.
      const sidebar = page.locator('.block-editor-block-inspector');
      assert.match((await sidebar.textContent()) ?? '', new RegExp(`Site default: ${other}`));
      // By keyboard: focus the picker, type part of a name, the list follows; the arrow and Enter choose.
      await page.getByLabel('Location id').focus();
      await page.keyboard.type('nonna', { delay: 60 });
      const option = page.getByRole('option', { name: new RegExp(showcase.name) });
      await option.waitFor({ timeout: 20_000 });
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      const chosen = await page.evaluate(
        () =>
          (window as unknown as { wp: { data: { select(store: string): { getSelectedBlock(): { attributes: Record<string, string> } } } } }).wp.data
            .select('core/block-editor')
            .getSelectedBlock().attributes['location-id'],
      );
      assert.equal(chosen, LOCATION, 'the block stores the chosen place by its id');
      await page.getByLabel('How much of the menu').selectOption('short');
      const preview = page.locator(`.wp-block-merchant-elements-menu merchant-menu[location-id="${LOCATION}"][format="short"]`);
      await preview.waitFor();
      await page.waitForFunction((id) => document.querySelector(`merchant-menu[location-id="${id}"]`)?.getAttribute('state') === 'ready', LOCATION, {
        timeout: 30_000,
      });
      // Counted once the menu has rendered whole: its first ready render shows the first screen's dishes, the rest
      // follows a task later, and `updateComplete` waits for it (merchant-menu.ts).
      const items = (el: Element) =>
        (el as Element & { updateComplete: Promise<unknown> }).updateComplete.then(() => el.shadowRoot!.querySelectorAll('[part~="item"]').length);
      const previewItems = await preview.evaluate(items);
      assert.ok(previewItems > 0, 'the preview shows menu items');
      await screenshot(version, page, 'wordpress-editor');

      await page.click('.editor-post-publish-panel__toggle');
      await page.click('.editor-post-publish-panel .editor-post-publish-button');
      await page.waitForSelector('.post-publish-panel__postpublish');
      const link = await page.evaluate(() =>
        (window as unknown as { wp: { data: { select(store: string): { getPermalink(): string } } } }).wp.data.select('core/editor').getPermalink(),
      );
      assert.deepEqual(problems, [], 'no console error or failed request in the editor');
      await page.close();

      // The visitor's system is dark in every visit: Twenty Twenty-Three has no dark mode, so the elements follow the
      // page and stay light, until the administrator picks Dark in the settings.
      const surface = (page: Page) =>
        page
          .locator(`merchant-menu[location-id="${LOCATION}"]`)
          .evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('[part~="base"]')!).backgroundColor);
      for (const theme of ['', 'dark'] as const) {
        await site.admin.rest('/wp/v2/settings', 'POST', { merchant_elements_theme: theme });
        const visitor = await site.browser.newPage({ colorScheme: 'dark', viewport: { width: 1280, height: 900 } });
        const visitorProblems = collectProblems(visitor);
        await visitor.goto(link);
        const menu = visitor.locator(`merchant-menu[location-id="${LOCATION}"][format="short"]`);
        await visitor.waitForFunction((id) => document.querySelector(`merchant-menu[location-id="${id}"]`)?.getAttribute('state') === 'ready', LOCATION, {
          timeout: 30_000,
        });
        assert.equal(await menu.evaluate(items), previewItems, 'the page shows what the preview showed');
        assert.equal(await surface(visitor), theme === 'dark' ? 'rgb(17, 24, 39)' : 'rgb(255, 255, 255)', `theme "${theme}"`);
        assert.deepEqual(visitorProblems, []);
        await screenshot(version, visitor, `wordpress-page-${theme || 'light'}`, true);
        await visitor.close();
      }
      await site.admin.rest('/wp/v2/settings', 'POST', { merchant_elements_theme: '', merchant_elements_location_id: LOCATION });
    });
  });
