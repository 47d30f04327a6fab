/**
 * What the WordPress tests share: the sandbox and a gateway that allows the site's origin, a real WordPress (of the
 * version asked for) with the plugin uploaded from the built zip and its settings pointing at that gateway, and a
 * browser.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launch } from '../e2e/helpers.ts';
import { CLIENT_ID, SIGNING_KEY, gatewayFor, startSandboxForTests } from '../node/gateway-fixture.ts';
import type { RunningSandbox } from '../../src/sandbox/server.ts';
import type { RunningGateway } from '../../src/adapters/node/server.ts';
import { WordPress, wordpressMissing, type Session, type WordPressVersion } from './wordpress.ts';
import { scriptFolder } from '../../scripts/build-wordpress.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const ZIP = path.join(ROOT, 'dist/wordpress/merchant-elements.zip');
/** Where the built plugin's scripts are, as a URL path: `/merchant-elements/assets/js/<version>/`. */
export const SCRIPTS = `/merchant-elements/${scriptFolder()}/`;
export const LOCATION = 'test-pizzeria';

/**
 * How long a page may wait for what it fetches on a cold cache in the tests, in seconds: a test that checks what a
 * cold page holds (server-rendered, or its data in the page) is not a test of the page's budget, and on a CI machine at
 * load 25–40 WordPress 6.1 alone can spend the default 2 s before its first fetch returns. The tests of the budget
 * itself (first-view, audit, the hanging upstream) set the one they check.
 */
export const COLD_VIEW_BUDGET = 20;

/** The wp-config.php line that sets a page's fetch budget (MERCHANT_ELEMENTS_FETCH_BUDGET, src/WordPress/Render.php). */
export function fetchBudget(seconds: number): string {
  return `define('MERCHANT_ELEMENTS_FETCH_BUDGET', ${seconds});`;
}

/**
 * What a site owner writes into wp-config.php to have the site fetch its own data ("self" mode), with the tests' cold
 * view budget unless `extra` sets one.
 */
export function credentials(actionsUrl: string, publisherUrl: string, extra = '', signingKey = SIGNING_KEY): string {
  return [
    `define('MERCHANT_ELEMENTS_CLIENT_ID', ${JSON.stringify(CLIENT_ID)});`,
    `define('MERCHANT_ELEMENTS_SIGNING_KEY', ${JSON.stringify(signingKey)});`,
    `define('MERCHANT_ELEMENTS_ACTIONS_URL', ${JSON.stringify(actionsUrl)});`,
    `define('MERCHANT_ELEMENTS_PUBLISHER_URL', ${JSON.stringify(publisherUrl)});`,
    extra.includes('MERCHANT_ELEMENTS_FETCH_BUDGET') ? '' : fetchBudget(COLD_VIEW_BUDGET),
    extra,
  ].join('\n');
}

/** The plugin's element table as built: tag → its block name's suffix and attributes. */
export function elementTable(): Record<string, { name: string; title: string }> {
  return JSON.parse(readFileSync(path.join(ROOT, 'dist/wordpress/merchant-elements/generated/elements.json'), 'utf8'));
}

/** A data block's attributes and its JSON. */
interface DataBlock {
  url: string;
  fetched?: string;
  fresh?: string;
  etag?: string;
  json: unknown;
}

/** The data blocks of a page, attributes decoded as a browser would. */
export function dataBlocks(html: string): DataBlock[] {
  const decode = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#0?39;/g, "'")
      .replace(/&amp;/g, '&');
  return [...html.matchAll(/<script type="application\/json"((?:\s+data-merchant-[a-z]+="[^"]*")+)>(.*?)<\/script>/gs)].map(([, attributes, json]) => {
    const attribute = (name: string) => {
      const found = new RegExp(`data-merchant-${name}="([^"]*)"`).exec(attributes!)?.[1];
      return found === undefined ? undefined : decode(found);
    };
    return { url: attribute('url')!, fetched: attribute('fetched'), fresh: attribute('fresh'), etag: attribute('etag'), json: JSON.parse(json!) };
  });
}

/**
 * Where a page's data blocks stand: the URLs of those before the end of its last element (the plugin prints them after
 * the page's content, as the render route's pages do: src/WordPress/DataBlocks.php), and the URLs carried more than
 * once (each answer once a page).
 */
export function dataBlockPlaces(html: string): { beforeContent: string[]; repeated: string[] } {
  const contentEnd = Math.max(...[...html.matchAll(/<\/merchant-[a-z]+>/g)].map((close) => close.index!));
  const blocks = [...html.matchAll(/<script type="application\/json" data-merchant-url="([^"]*)"/g)];
  const urls = blocks.map(([, url]) => url!);
  return {
    beforeContent: blocks.filter((block) => block.index! < contentEnd).map(([, url]) => url!),
    repeated: urls.filter((url, i) => urls.indexOf(url) !== i),
  };
}

export interface Site {
  sandbox: RunningSandbox;
  gateway: RunningGateway;
  wp: WordPress;
  admin: Session;
  browser: Browser;
  close(): Promise<void>;
}

/** A site as startSite() makes it; `fetchBudget` (seconds) is the page's fetch budget (default COLD_VIEW_BUDGET). */
export async function startSite(version: WordPressVersion, options: { fetchBudget?: number } = {}): Promise<Site> {
  const missing = wordpressMissing(version);
  if (missing) throw new Error(`These tests run a real WordPress; install it first: ${missing}`);
  const sandbox = await startSandboxForTests();
  const started: { close(): Promise<void> }[] = [sandbox];
  const close = async () => {
    for (const thing of started.reverse()) await thing.close();
  };
  try {
    // With server rendering, as the gateway on Node has it: the plugin server-renders blocks and shortcodes.
    const { renderElement, styleHashes } = await import('../../src/ssr/render.ts');
    // Any port of 127.0.0.1: the site's own port is chosen when it starts (again if another process takes it first).
    // Its upstream timeout sized for a CI machine at load 25-40 (at the default 5 s a cold nearby search or menu, asked
    // for by a browser while WordPress renders, came back 504): no WordPress test is about the gateway's timeout.
    const gateway = await gatewayFor(
      sandbox,
      {
        MERCHANT_ALLOWED_ORIGINS: 'http://127.0.0.1:*',
        MERCHANT_RATE_LIMIT: '0',
        MERCHANT_MISS_RATE_LIMIT: '0',
        MERCHANT_LOG_LEVEL: 'silent',
        MERCHANT_UPSTREAM_TIMEOUT_MS: '30000',
      },
      { renderElement, renderStyleHashes: styleHashes },
    );
    started.push(gateway);
    const wp = await WordPress.start({ version });
    started.push({ close: () => wp.stop() });
    wp.allowPorts(new URL(gateway.url).port);
    wp.config(fetchBudget(options.fetchBudget ?? COLD_VIEW_BUDGET));
    const admin = await wp.login('administrator');
    await wp.uploadPlugin(admin, ZIP);
    await admin.rest('/wp/v2/settings', 'POST', { merchant_elements_endpoint: gateway.url, merchant_elements_location_id: LOCATION });
    const browser = await launch();
    started.push(browser);
    return { sandbox, gateway, wp, admin, browser, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Every element on a page (shadow roots included), once none is loading: its tag and state. */
export async function elementStates(page: Page, problems: string[]): Promise<[string, string][]> {
  const states = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('*')]
        .filter((el) => el.localName.startsWith('merchant-'))
        .map((el) => [el.localName, customElements.get(el.localName) ? (el.getAttribute('state') ?? '(none)') : '(not defined)'] as [string, string]),
    );
  try {
    await page.waitForFunction(
      () => {
        const elements = [...document.querySelectorAll('*')].filter((el) => el.localName.startsWith('merchant-'));
        return (
          elements.length > 0 && elements.every((el) => customElements.get(el.localName) && el.getAttribute('state') && el.getAttribute('state') !== 'loading')
        );
      },
      undefined,
      { timeout: 30_000 },
    );
  } catch (error) {
    throw new Error(`elements did not settle: ${JSON.stringify(await states())}; problems: ${JSON.stringify(problems)}`, { cause: error });
  }
  return states();
}
