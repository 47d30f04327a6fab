/**
 * WordPress fetching its own data against the same page through the Node gateway, side by side in one run: two real
 * WordPress sites (the newest version the tests run) with the plugin, one page each holding the menu, hours and
 * actions blocks of the same location:
 * - "self": the credentials in wp-config.php; the plugin signs, fetches and caches the data and prints it into the
 *   page (no gateway);
 * - "gateway": the plugin's gateway setting names a Node gateway (with server rendering), which fetches and caches
 *   the data and renders the elements.
 * Both over the same sandbox, caches warm (each page opened until it is served from the caches).
 *
 * Figures: time to first byte of the page (median of sequential requests, the two sites alternating); navigation →
 * every element ready in Chromium (a fresh context per sample, the two sites alternating). Baseline: the gateway
 * site.
 *
 *   node --import tsx bench/wordpress.ts [--runs 15] [--quick]
 */
import { chromium, type Browser } from 'playwright-core';
import { CLIENT_ID, SIGNING_KEY, gatewayFor, startSandboxForTests } from '../test/node/gateway-fixture.ts';
import { NEWEST_WORDPRESS, WordPress, wordpressMissing } from '../test/wordpress/wordpress.ts';
import { ZIP } from '../test/wordpress/site.ts';
import {
  CHROMIUM_ARGS,
  chromiumPath,
  environment,
  figure,
  isMain,
  median,
  numberFlag,
  printResult,
  quantile,
  round,
  writeResult,
  type BenchResult,
} from './lib.ts';

const LOCATION = 'test-pizzeria';
const CONTENT = '<!-- wp:merchant-elements/menu /-->\n\n<!-- wp:merchant-elements/hours /-->\n\n<!-- wp:merchant-elements/actions /-->';

/** A site with the plugin and one page; `setup` configures where its data comes from. Returns the page's URL. */
async function site(setup: (wp: WordPress) => Promise<void>, zip = ZIP): Promise<{ wp: WordPress; link: string }> {
  const wp = await WordPress.start({ version: NEWEST_WORDPRESS });
  const admin = await wp.login('administrator');
  await wp.uploadPlugin(admin, zip);
  await admin.rest('/wp/v2/settings', 'POST', { merchant_elements_location_id: LOCATION });
  await setup(wp);
  const post = await admin.rest<{ link: string }>('/wp/v2/posts', 'POST', { title: 'Menu', content: CONTENT, status: 'publish' });
  return { wp, link: post.link };
}

/**
 * The two sites over one sandbox: "self" (the credentials in wp-config.php, the plugin fetches its own data and prints
 * it into the page) and "through" (the plugin's gateway setting names a Node gateway with server rendering, started
 * here). What each started is pushed onto `stops`. Also used by bench/mobile.ts, which passes another checkout's
 * plugin zip (`zip`) to compare that plugin with this one.
 */
export async function startSitePair(
  sandbox: Awaited<ReturnType<typeof startSandboxForTests>>,
  stops: (() => Promise<unknown>)[],
  zip = ZIP,
): Promise<{ self: { wp: WordPress; link: string }; through: { wp: WordPress; link: string }; gatewayUrl: string }> {
  const self = await site(async (wp) => {
    wp.allowPorts(new URL(sandbox.url).port);
    wp.config(
      [
        `define('MERCHANT_ELEMENTS_CLIENT_ID', ${JSON.stringify(CLIENT_ID)});`,
        `define('MERCHANT_ELEMENTS_SIGNING_KEY', ${JSON.stringify(SIGNING_KEY)});`,
        `define('MERCHANT_ELEMENTS_ACTIONS_URL', ${JSON.stringify(sandbox.actionsUrl)});`,
        `define('MERCHANT_ELEMENTS_PUBLISHER_URL', ${JSON.stringify(sandbox.publisherUrl)});`,
      ].join('\n'),
    );
  }, zip);
  stops.push(() => self.wp.stop());
  const { renderElement, styleHashes } = await import('../src/ssr/render.ts');
  let gatewayUrl = '';
  const through = await site(async (wp) => {
    const gateway = await gatewayFor(
      sandbox,
      { MERCHANT_ALLOWED_ORIGINS: 'http://127.0.0.1:*', MERCHANT_RATE_LIMIT: '0', MERCHANT_MISS_RATE_LIMIT: '0', MERCHANT_LOG_LEVEL: 'silent' },
      { renderElement, renderStyleHashes: styleHashes },
    );
    stops.push(() => gateway.close());
    gatewayUrl = gateway.url;
    wp.allowPorts(new URL(gateway.url).port);
    const admin = await wp.login('administrator');
    await admin.rest('/wp/v2/settings', 'POST', { merchant_elements_source: 'gateway', merchant_elements_endpoint: gateway.url });
  }, zip);
  stops.push(() => through.wp.stop());
  return { self, through, gatewayUrl };
}

async function timeToFirstByte(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  const elapsed = performance.now() - started;
  await response.arrayBuffer();
  return elapsed;
}

/** Navigation start → every merchant-* element ready, in a fresh context. */
async function navigationToReady(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => {
        const elements = [...document.querySelectorAll('*')].filter((el) => el.localName.startsWith('merchant-'));
        return elements.length === 3 && elements.every((el) => el.getAttribute('state') === 'ready' && customElements.get(el.localName));
      },
      undefined,
      { timeout: 30_000, polling: 5 },
    );
    return await page.evaluate(() => performance.now());
  } finally {
    await context.close();
  }
}

export async function run(options: { runs?: number; quick?: boolean } = {}): Promise<BenchResult> {
  const missing = wordpressMissing(NEWEST_WORDPRESS);
  if (missing) throw new Error(`This bench runs a real WordPress; install it first: ${missing}`);
  const runs = options.runs ?? (options.quick ? 7 : 15);
  const sandbox = await startSandboxForTests();
  const stops: (() => Promise<unknown>)[] = [() => sandbox.close()];
  let browser: Browser | undefined;
  try {
    const { self, through, gatewayUrl } = await startSitePair(sandbox, stops);

    // Warm: every cache on both sides (the plugin's, the gateway's, the renders' transients, the browser's nothing).
    for (let i = 0; i < 3; i++) for (const { link } of [self, through]) await timeToFirstByte(link);
    const selfHtml = await (await fetch(self.link)).text();
    const throughHtml = await (await fetch(through.link)).text();
    if (!selfHtml.includes('data-merchant-url=')) throw new Error('the self-fetching page holds no data blocks');
    if (!throughHtml.includes('data-merchant-ssr')) throw new Error('the gateway page is not server-rendered');

    const ttfb = { self: [] as number[], through: [] as number[] };
    for (let i = 0; i < runs * 2; i++) {
      const order = i % 2 ? (['through', 'self'] as const) : (['self', 'through'] as const);
      for (const which of order) ttfb[which].push(await timeToFirstByte(which === 'self' ? self.link : through.link));
    }
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    const ready = { self: [] as number[], through: [] as number[] };
    await navigationToReady(browser, self.link);
    await navigationToReady(browser, through.link);
    for (let i = 0; i < runs; i++) {
      const order = i % 2 ? (['through', 'self'] as const) : (['self', 'through'] as const);
      for (const which of order) ready[which].push(await navigationToReady(browser, which === 'self' ? self.link : through.link));
    }

    const base = (values: number[]) => ({ subject: 'WordPress through the Node gateway (server-rendered)', value: median(values) });
    const result: BenchResult = {
      bench: 'wordpress',
      title: 'WordPress fetching its own data vs through the Node gateway',
      method: `Two WordPress ${NEWEST_WORDPRESS} sites on php -S (4 workers) and MariaDB, the plugin from the built zip, one page each with the menu, hours and actions blocks of ${LOCATION}, over the same in-process sandbox; "self": credentials in wp-config.php, the plugin fetches, caches and prints the data into the page; "gateway": the plugin server-renders through a Node gateway (in this process, at ${gatewayUrl}). Caches warm. TTFB: ${runs * 2} sequential requests per site, alternating; ready: ${runs} navigations per site in fresh Chromium contexts, alternating; medians.`,
      date: new Date().toISOString(),
      environment: environment(true),
      figures: [
        figure('WordPress fetching its own data', 'time to first byte, warm', median(ttfb.self), 'ms', base(ttfb.through), {
          p90: round(quantile(ttfb.self, 0.9)),
          baselineP90: round(quantile(ttfb.through, 0.9)),
          samples: ttfb.self.length,
        }),
        figure('WordPress fetching its own data', 'navigation → every element ready', median(ready.self), 'ms', base(ready.through), {
          samples: ready.self.length,
        }),
      ],
      notes: [
        'Both sites answer from warm caches: "self" reads its transients (the options table) and prints the data blocks; "gateway" reads the renders it kept in transients (5 minutes), so neither calls anything per view.',
        'php -S is a development server (4 workers, no FastCGI); on a real host both sides gain alike.',
      ],
    };
    return result;
  } finally {
    await browser?.close();
    for (const stop of stops.reverse()) await stop().catch(() => {});
  }
}

if (isMain(import.meta.url)) {
  const quick = process.argv.includes('--quick');
  const result = await run({ runs: numberFlag('--runs', quick ? 7 : 15), quick });
  writeResult(result);
  printResult(result);
}
