/**
 * What looking for "ready" costs the page a bench times: bench/ready-signal.ts (looks at the elements' tags when
 * something can have changed, one call answered by the page) against the detector every page bench had before it
 * (`querySelectorAll('*')` every 10 ms in the page, and Playwright's `waitForFunction` asking every 20 ms), on the
 * same page under the mobile profile, side by side in one run (the two in alternating order, a fresh context per
 * sample, medians): navigation → ready as each one stamps it, and the main thread's busy time up to then (CDP
 * `TaskDuration`, read at ready). A static copy, ready at DOMContentLoaded, paid almost nothing of the old one's cost;
 * the page it was compared with paid it all.
 *
 *   node --import tsx bench/ready-signal-cost.ts [--runs 15] [--pages showcase,ssr]
 *   npm run bench -- --only ready-signal-cost
 */
import { chromium, type Browser } from 'playwright-core';
import { startServe } from '../src/cli/serve.ts';
import { startFront } from './front-server.ts';
import { applyProfile, PROFILES } from './mobile-profile.ts';
import { readySignal, waitForReady } from './ready-signal.ts';
import { serverRenderedShowcase } from './ssr-showcase.ts';
import {
  CHROMIUM_ARGS,
  chromiumPath,
  environment,
  figure,
  isMain,
  median,
  numberFlag,
  printResult,
  round,
  writeResult,
  type BenchResult,
  type Figure,
} from './lib.ts';

const SHIM = 'window.__name = (fn) => fn;';

/** The detector the page benches each had a copy of (bench/mobile.ts's, as it was), stamping `window.__bench.ready`. */
const POLLING = `(() => {
  const t = (window.__bench = { ready: null });
  const settle = () => {
    if (t.ready !== null) return;
    const els = [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('merchant-') && e.localName !== 'merchant-provider' && !e.hasAttribute('lazy'));
    if (els.length === 0 || els.some((e) => !customElements.get(e.localName) || !e.hasAttribute('state') || e.getAttribute('state') === 'loading')) return;
    Promise.all(els.map((e) => e.updateComplete)).then(() => { if (t.ready !== null) return; void document.body.offsetHeight; t.ready = performance.now(); });
  };
  addEventListener('DOMContentLoaded', settle);
  addEventListener('merchant-load', () => queueMicrotask(settle), true);
  addEventListener('merchant-error', () => queueMicrotask(settle), true);
  const poll = setInterval(() => { settle(); if (t.ready !== null) clearInterval(poll); }, 10);
})();`;

type Detector = 'polling' | 'signal';
const DETECTORS: Record<Detector, string> = {
  polling: 'polling every 10 ms (the benches before)',
  signal: 'bench/ready-signal.ts',
};

interface Sample {
  ready: number;
  busyMs: number;
}

async function sample(browser: Browser, url: string, detector: Detector): Promise<Sample> {
  const context = await browser.newContext(PROFILES.mobile.context);
  try {
    await context.addInitScript(SHIM);
    await context.addInitScript(detector === 'polling' ? POLLING : readySignal());
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await applyProfile(cdp, PROFILES.mobile);
    await cdp.send('Performance.enable');
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    let ready: number;
    if (detector === 'polling') {
      await page.waitForFunction(() => (window as unknown as { __bench: { ready: number | null } }).__bench.ready !== null, null, {
        timeout: 60_000,
        polling: 20,
      });
      ready = await page.evaluate(() => (window as unknown as { __bench: { ready: number } }).__bench.ready);
    } else {
      ready = (await waitForReady(page)).at;
    }
    const { metrics } = await cdp.send('Performance.getMetrics');
    return { ready, busyMs: (metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN) * 1000 };
  } finally {
    await context.close();
  }
}

export async function runReadySignalCostBench(options: { runs?: number; pages?: string[] } = {}): Promise<BenchResult> {
  const runs = options.runs ?? 15;
  const pages = options.pages ?? ['showcase', 'ssr'];
  const serving = await startServe({ port: 0, logLevel: 'silent' });
  const stops: (() => Promise<unknown>)[] = [() => serving.close()];
  try {
    const demo = new URL(serving.demoUrl);
    const config = (await (await fetch(new URL('/demo-api/config', serving.demoUrl))).json()) as { featured: { id: string } };
    const ssrPath = '/server-rendered-showcase.html';
    const front = await startFront({
      upstream: demo.origin,
      pages: { [ssrPath]: await serverRenderedShowcase(serving.demoUrl, serving.gatewayUrl, config.featured.id) },
    });
    stops.push(() => front.close());
    const urls: Record<string, [label: string, url: string]> = {
      showcase: ['client-rendered showcase', `${front.origin}${demo.pathname}`],
      ssr: ['server-rendered showcase', `${front.origin}${ssrPath}`],
    };
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    stops.push(() => browser.close());
    const figures: Figure[] = [];
    for (const id of pages) {
      const [label, url] = urls[id] ?? [];
      if (!url) throw new Error(`unknown page ${id} (known: ${Object.keys(urls).join(', ')})`);
      const samples: Record<Detector, Sample[]> = { polling: [], signal: [] };
      // One warm-up round (the gateway's and the front's caches), then the two in alternating order.
      for (let r = 0; r <= runs; r++) {
        for (const detector of (r % 2 ? ['polling', 'signal'] : ['signal', 'polling']) as Detector[]) {
          const s = await sample(browser, url, detector);
          if (r > 0) samples[detector].push(s);
        }
      }
      for (const [name, pick] of [
        ['navigation → ready', (s: Sample) => s.ready],
        ['main-thread busy time up to ready (TaskDuration)', (s: Sample) => s.busyMs],
      ] as const) {
        const of = (d: Detector) => samples[d].map(pick);
        figures.push(
          figure(
            `${label}: ${name}, ${DETECTORS.signal}`,
            'median',
            median(of('signal')),
            'ms',
            { subject: DETECTORS.polling, value: median(of('polling')) },
            {
              runs,
              signal: of('signal').map((v) => round(v, 1)),
              polling: of('polling').map((v) => round(v, 1)),
            },
          ),
        );
      }
    }
    return {
      bench: 'ready-signal-cost',
      title: 'What looking for ready costs the page a bench times (mobile profile, median)',
      method:
        `${PROFILES.mobile.description}. Each page (bench/mobile.ts's fronts: npm start in-process behind a compressing front) with bench/ready-signal.ts ` +
        'and with the detector the page benches had before it, alternating, a fresh context per sample, 1 warm-up round discarded, ' +
        `${runs} measured. Ready as each detector stamps it; busy time = CDP Performance.getMetrics TaskDuration read at ready.`,
      date: new Date().toISOString(),
      environment: environment(true),
      figures,
      notes: [],
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  }
}

if (isMain(import.meta.url)) {
  const pagesFlag = process.argv.indexOf('--pages');
  const result = await runReadySignalCostBench({
    runs: numberFlag('--runs', 15),
    ...(pagesFlag > 0 && { pages: process.argv[pagesFlag + 1]!.split(',') }),
  });
  printResult(result);
  console.log(`written to ${writeResult(result)}`);
  process.exit(0);
}
