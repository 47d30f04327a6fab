/**
 * What the takeover alone costs (issue 29 part 3): the server-rendered showcase, parsed, loaded and idle with its
 * bundle and element files fetched (its `modulepreload` hints kept, its module script left out), then its module
 * script added and run until every non-lazy element is ready and rendered, and the next frame drawn. The main
 * thread's work between those two moments (CDP Performance.getMetrics: task, script, layout and style-recalc time,
 * and how many layouts and style recalculations ran) is the takeover's and the bundle's, apart from the HTML's
 * download and parse and the network, which swing with the load of a shared machine; the counts steadier still.
 *
 * Each checkout (this one, and each `--compare-checkout <dir>`, built) serves its own page, put together by its own
 * bench/ssr-showcase.ts, with its own bundle, from a server of its own in a child process; 4× slower CPU, 375 × 812,
 * rounds in rotating order after one warm-up round, medians.
 *
 *   node --import tsx bench/takeover-cost.ts [--runs 9] [--compare-checkout <dir>]...
 */
import { chromium, type Browser } from 'playwright-core';
import { comparedServerRenderedShowcase, startCheckout } from './mobile.ts';
import { startServe } from '../src/cli/serve.ts';
import { SHIM } from './ssr-showcase.ts';
import {
  CHROMIUM_ARGS,
  chromiumPath,
  environment,
  figure,
  isMain,
  median,
  numberFlag,
  printResult,
  root,
  round,
  writeResult,
  type BenchResult,
} from './lib.ts';

const METRICS = {
  task: 'TaskDuration',
  script: 'ScriptDuration',
  layout: 'LayoutDuration',
  style: 'RecalcStyleDuration',
  layouts: 'LayoutCount',
  styleRecalcs: 'RecalcStyleCount',
} as const;
type Key = keyof typeof METRICS | 'live';
type Sample = Record<Key, number>;

const MODULE_SCRIPT = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/;

async function sample(browser: Browser, url: string, html: string): Promise<Sample> {
  const script = MODULE_SCRIPT.exec(html)?.[1];
  if (!script) throw new Error('the page has no module script');
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  try {
    await context.addInitScript(SHIM);
    await context.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html.replace(MODULE_SCRIPT, '') }));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(1000);
    const read = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
    };
    const before = await read();
    const live = await page.evaluate(async (src) => {
      const start = performance.now();
      const tag = document.createElement('script');
      tag.type = 'module';
      tag.src = src;
      document.head.append(tag);
      const elements = [...document.querySelectorAll('*')].filter(
        (e) => e.localName.startsWith('merchant-') && e.localName !== 'merchant-provider' && !e.hasAttribute('lazy'),
      ) as (HTMLElement & { updateComplete?: Promise<unknown> })[];
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (elements.every((e) => customElements.get(e.localName) && e.getAttribute('state') === 'ready' && e.updateComplete)) break;
      }
      await Promise.all(elements.map((e) => e.updateComplete));
      void document.body.offsetHeight;
      const ready = performance.now() - start;
      // The frame after: the style and layout of what the takeovers rendered.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return ready;
    }, new URL(script, url).href);
    const after = await read();
    const result = { live } as Sample;
    for (const [key, name] of Object.entries(METRICS) as [keyof typeof METRICS, string][]) {
      const delta = after(name) - before(name);
      result[key] = key === 'layouts' || key === 'styleRecalcs' ? delta : delta * 1000;
    }
    return result;
  } finally {
    await context.close();
  }
}

export async function run({ runs = 9, compareCheckouts = [] as string[] } = {}): Promise<BenchResult> {
  const own = await startServe({ port: 0, logLevel: 'silent' });
  const locationId = own.featuredLocationId;
  await own.close();
  const checkouts = [root, ...compareCheckouts];
  const servers = await Promise.all(checkouts.map((dir) => startCheckout(dir)));
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const pages = await Promise.all(
      checkouts.map(async (dir, i) => {
        const { demoUrl, gatewayUrl } = servers[i]!;
        const name = i === 0 ? 'this checkout' : `checkout ${dir}`;
        return {
          name,
          url: new URL('/server-rendered-showcase.html', demoUrl).href,
          html: await comparedServerRenderedShowcase(dir, demoUrl, gatewayUrl, locationId),
        };
      }),
    );
    const samples = new Map<string, Sample[]>(pages.map((p) => [p.name, []]));
    for (let r = -1; r < runs; r++) {
      for (let i = 0; i < pages.length; i++) {
        const p = pages[(i + Math.max(r, 0)) % pages.length]!;
        const s = await sample(browser, p.url, p.html);
        if (r >= 0) samples.get(p.name)!.push(s);
        if (r >= 0) console.error(`round ${r}: ${p.name}: ${JSON.stringify(Object.fromEntries(Object.entries(s).map(([k, v]) => [k, round(v, 0)])))}`);
      }
    }
    const figures = [];
    const mine = samples.get('this checkout')!;
    for (const [name, list] of samples) {
      for (const key of ['live', ...Object.keys(METRICS)] as Key[]) {
        const value = round(median(list.map((s) => s[key])), 0);
        const base = name === 'this checkout' ? null : { subject: 'this checkout', value: round(median(mine.map((s) => s[key])), 0) };
        const counts = key === 'layouts' || key === 'styleRecalcs';
        figures.push(
          figure(name, `takeover alone, 4× CPU: ${key}`, value, counts ? 'count' : 'ms', base, { all: list.map((s) => round(s[key], 0)).join(' ') }),
        );
      }
    }
    return {
      bench: 'takeover-cost',
      title: "What the server-rendered showcase's takeover alone costs the main thread",
      method: `bench/takeover-cost.ts: the page loaded and idle with its modules preloaded, then its module script added; CDP metrics from then until every element is ready and the next frame drawn; ${runs} rounds under a 4× slower CPU (375 × 812), rotating, after a warm-up round; medians`,
      date: new Date().toISOString(),
      environment: environment(),
      figures,
    };
  } finally {
    await browser.close();
    await Promise.all(servers.map((s) => s.stop()));
  }
}

if (isMain(import.meta.url)) {
  const fromEnvironment = process.env.MERCHANT_BENCH_COMPARE_CHECKOUT;
  const compareCheckouts = process.argv.flatMap((arg, i) => (process.argv[i - 1] === '--compare-checkout' ? [arg] : []));
  if (!compareCheckouts.length && fromEnvironment) compareCheckouts.push(fromEnvironment);
  const result = await run({ runs: numberFlag('--runs', 9), compareCheckouts });
  printResult(result);
  console.log(`written to ${writeResult(result)}`);
  process.exit(0);
}
