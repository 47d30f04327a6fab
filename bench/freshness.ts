/**
 * What revalidating carried data costs (issue 26): the server-rendered showcase (every element from the gateway's
 * render route, its data blocks in the page, every element live with the page: none `lazy`, so each carried URL is
 * revalidated without a scroll) with fresh data blocks, against the same page whose blocks say they are
 * a month old (a page held by a cache), so each element shows the carried data at once and its URL is revalidated in
 * the background: with the blocks' ETags (the gateway answers 304), and without them (an unconditional GET, 200 with
 * the same data). Side by side in one run: Chromium (playwright-core), a fresh context per sample, the variants in
 * rotating order, medians.
 *
 * Figures: navigation start → every element live (ready, updated, layout forced); → the last revalidation answered
 * (the resource timing of the gateway's data URLs); the gateway requests the page made (preflights are not in the
 * page's resource timing: the e2e test counts them, one per revalidated URL); main-thread busy time at the end.
 *
 *   node --import tsx bench/freshness.ts [--runs 9] [--quick]
 */
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startServe } from '../src/cli/serve.ts';
import { INIT, SHIM, serverRenderedShowcase } from './ssr-showcase.ts';
import { waitForReady } from './ready-signal.ts';
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

type Variant = 'fresh blocks' | 'stale blocks, ETag (304)' | 'stale blocks, no ETag (200)';

interface Sample {
  live: number;
  revalidated: number;
  requests: number;
  taskMs: number;
}

const MONTH = 30 * 86_400_000;

/** The page as a cache that kept it a month holds it: every data block fetched a month ago (and without its ETag, if asked). */
function held(html: string, withEtag: boolean): string {
  const then = new Date(Date.now() - MONTH).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const aged = html.replace(/data-merchant-fetched="[^"]+"/g, `data-merchant-fetched="${then}"`);
  return withEtag ? aged : aged.replace(/ data-merchant-etag="[^"]*"/g, '');
}

async function sample(browser: Browser, url: string, html: string, gatewayUrl: string, expected: number): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript(SHIM);
    await context.addInitScript(INIT);
    await context.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await waitForReady(page, 30_000);
    // Every revalidation this variant makes answered (none for fresh blocks).
    await page.waitForFunction(
      ([origin, count]) => performance.getEntriesByType('resource').filter((entry) => entry.name.startsWith(`${origin}/v1/`)).length >= count,
      [gatewayUrl, expected] as const,
      { timeout: 30_000, polling: 10 },
    );
    await page.waitForTimeout(100);
    const metrics = await cdp.send('Performance.getMetrics');
    const t = await page.evaluate((origin) => {
      const data = performance.getEntriesByType('resource').filter((entry) => entry.name.startsWith(`${origin}/v1/`)) as PerformanceResourceTiming[];
      const live = (window as unknown as { __ready: { at: number } }).__ready.at;
      return { live, revalidated: Math.max(live, ...data.map((entry) => entry.responseEnd)), requests: data.length };
    }, gatewayUrl);
    const task = (metrics.metrics.find((x) => x.name === 'TaskDuration')?.value ?? NaN) * 1000;
    return { ...t, taskMs: task };
  } finally {
    await context.close();
  }
}

export async function runFreshnessBench(options: { runs?: number; warmup?: number } = {}): Promise<BenchResult> {
  const runs = options.runs ?? 9;
  const warmup = options.warmup ?? 2;
  const serving = await startServe({ port: 0, logLevel: 'silent' });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const config = (await (await fetch(new URL('/demo-api/config', serving.demoUrl))).json()) as { featured: { id: string } };
    // Every element live with the page (none `lazy`): each URL the page carries is revalidated without a scroll.
    const fresh = await serverRenderedShowcase(serving.demoUrl, serving.gatewayUrl, config.featured.id, { eager: true });
    const urls = new Set([...fresh.matchAll(/data-merchant-url="([^"]+)"/g)].map(([, url]) => url));
    const url = new URL('/server-rendered-showcase.html', serving.demoUrl).href;
    const pages: Record<Variant, { html: string; requests: number }> = {
      'fresh blocks': { html: fresh, requests: 0 },
      'stale blocks, ETag (304)': { html: held(fresh, true), requests: urls.size },
      'stale blocks, no ETag (200)': { html: held(fresh, false), requests: urls.size },
    };
    const variants = Object.keys(pages) as Variant[];
    const samples = Object.fromEntries(variants.map((v) => [v, [] as Sample[]])) as Record<Variant, Sample[]>;
    for (let r = 0; r < warmup + runs; r++) {
      for (const variant of variants.map((_, i) => variants[(i + r) % variants.length]!)) {
        const s = await sample(browser, url, pages[variant].html, serving.gatewayUrl, pages[variant].requests);
        if (r >= warmup) samples[variant].push(s);
      }
    }
    const med = (variant: Variant, pick: (s: Sample) => number) => median(samples[variant].map(pick));
    const detail = (pick: (s: Sample) => number) => Object.fromEntries(variants.map((v) => [v, samples[v].map((s) => round(pick(s), 1))]));
    const figures = [];
    for (const [label, unit, pick] of [
      ['navigation start → every element live', 'ms', (s: Sample) => s.live],
      ['navigation start → the last revalidation answered (live when none)', 'ms', (s: Sample) => s.revalidated],
      ['main-thread busy time (TaskDuration, after the revalidations)', 'ms', (s: Sample) => s.taskMs],
      ['requests to the gateway (resource timing; preflights not included)', 'requests', (s: Sample) => s.requests],
    ] as const) {
      for (const variant of variants.slice(1)) {
        figures.push(
          figure(
            `${variant}: ${label}`,
            'median',
            med(variant, pick),
            unit,
            { subject: 'fresh blocks', value: med('fresh blocks', pick) },
            { runs, warmup, samples: detail(pick) },
          ),
        );
      }
    }
    return {
      bench: 'freshness',
      title: 'The server-rendered showcase with stale data blocks that revalidate, against the same page with fresh ones (median)',
      method:
        "npm start's server in-process on loopback (its gateway renders); the showcase with each element replaced by GET /v1/locations/{id}/render/{element}; " +
        `stale = every data-merchant-fetched set a month back (${urls.size} distinct data URLs, each revalidated once), with or without data-merchant-etag. ` +
        `Chromium via playwright-core, a fresh context per sample, the variants in rotating order, ${warmup} warm-up rounds discarded, ${runs} measured. ` +
        'live = every non-lazy element ready and updated, layout forced; revalidated = the last gateway data URL’s responseEnd (resource timing); main-thread time = CDP TaskDuration.',
      date: new Date().toISOString(),
      environment: environment(true),
      figures,
      notes: [`Page: ${path.relative(root, 'demo/index.html')} server-rendered, ${fresh.length.toLocaleString('en-US')} characters.`],
    };
  } finally {
    await browser.close();
    await serving.close();
  }
}

if (isMain(import.meta.url)) {
  const quick = process.argv.includes('--quick');
  const result = await runFreshnessBench({ runs: numberFlag('--runs', quick ? 3 : 9), warmup: quick ? 1 : 2 });
  writeResult(result);
  printResult(result);
}
