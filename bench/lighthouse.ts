/**
 * Lighthouse 12 on every demo page (issue 29): its four category scores (performance, accessibility, best practices,
 * SEO) and total blocking time, under its default mobile profile (a Moto G Power's screen, 4× CPU slowdown, a slow 4G
 * network, all simulated by Lighthouse from an unthrottled load).
 *
 * Pages, all from `npm start`'s servers (in this process): the client-rendered showcase, the server-rendered showcase
 * (every element replaced by the gateway's render route, as bench/ssr-showcase.ts makes it, served by a
 * bench/front-server.ts in front of the demo server), the CMS page, the dark, German, French and Spanish pages, and
 * the configurator.
 *
 * Each page is audited `--runs` times (3; 1 with --quick) in one Chromium (Debian's, or CHROME_PATH; a fresh tab each
 * time, its cache cleared by Lighthouse), after one audit of the first page that is not counted (a fresh Chromium's
 * first audit pays its start); the figures are medians, and each page's detail lists the audits that cost
 * a point (score below 1) in any category, with what they found.
 *
 *   node --import tsx bench/lighthouse.ts [--runs 3] [--quick] [--pages showcase,cms]
 *   npm run bench -- --only lighthouse
 *
 * Lighthouse 13 needs Node 22; this project still supports Node 20, so the devDependency is lighthouse@12.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { startServe } from '../src/cli/serve.ts';
import { startFront } from './front-server.ts';
import { attribute } from './long-tasks.ts';
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
  stopChild,
  writeResult,
  type BenchResult,
  type Figure,
} from './lib.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Audit {
  url: string;
  /** Lighthouse's long-tasks audit: each long task of its simulated (4× CPU) timeline, its start and duration and script. */
  longTasks: string[];
  /** What ran in each task of Lighthouse's own (unthrottled) trace that its 4× simulation makes long (12.5 ms or more). */
  tracedTasks: string[];
  scores: Record<(typeof CATEGORIES)[number], number>;
  totalBlockingTime: number;
  /** Audits below a full score in any category: id → title and what was found. */
  failing: Record<string, string>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Chromium with a DevTools port for Lighthouse to drive, in a throwaway profile; stopped by its process id. */
async function startChromium(): Promise<{ port: number; close(): Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'merchant-lighthouse-'));
  const child = spawn(chromiumPath(), [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
    detached: true,
  });
  const until = Date.now() + 30_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > until || child.exitCode !== null) throw new Error(`Chromium did not open its DevTools port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    close: async () => {
      await stopChild(child);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function audit(url: string, port: number): Promise<Audit> {
  const result = await lighthouse(url, { port, logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])) as Audit['scores'];
  const failing: Record<string, string> = {};
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const found = lhr.audits[ref.id];
      if (!found || found.score === null || found.score >= 1 || found.scoreDisplayMode === 'informative' || found.scoreDisplayMode === 'notApplicable')
        continue;
      // Metrics always score below 1 on a throttled load: only those that weigh and lose points are listed.
      if (ref.group === 'metrics' && found.score >= 0.9) continue;
      failing[ref.id] = `${found.title}${found.displayValue ? `: ${found.displayValue}` : ''} (score ${found.score})`;
    }
  }
  const longTasks = ((lhr.audits['long-tasks']?.details as { items?: { url?: string; startTime?: number; duration?: number }[] } | undefined)?.items ?? []).map(
    (item) =>
      `${Math.round(item.startTime ?? 0)} ms +${Math.round(item.duration ?? 0)} ms ${(item.url ?? '').replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '')}`,
  );
  const trace = (result.artifacts as { Trace?: { traceEvents: Parameters<typeof attribute>[0] } }).Trace;
  const tracedTasks = trace ? attribute(trace.traceEvents, new URL(url).origin, 50 / 4) : [];
  return { url, longTasks, tracedTasks, scores, totalBlockingTime: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN, failing };
}

export async function run(argv = process.argv): Promise<BenchResult> {
  const runs = argv.includes('--quick') ? 1 : numberFlag('--runs', 3, argv);
  const pagesFlag = argv.indexOf('--pages');
  const only = pagesFlag >= 0 ? new Set((argv[pagesFlag + 1] ?? '').split(',')) : null;
  const serving = await startServe({ port: 0, logLevel: 'silent' });
  const stops: (() => Promise<void>)[] = [() => serving.close()];
  try {
    const demo = new URL(serving.demoUrl);
    const at = (pathname: string) => new URL(pathname, demo).href;
    const config = (await (await fetch(at('/demo-api/config'))).json()) as { featured: { id: string } };
    const ssrFront = await startFront({
      upstream: demo.origin,
      pages: { '/server-rendered-showcase.html': await serverRenderedShowcase(serving.demoUrl, serving.gatewayUrl, config.featured.id) },
    });
    stops.push(() => ssrFront.close());
    const pages: [string, string][] = (
      [
        ['showcase', serving.demoUrl],
        ['ssr', `${ssrFront.origin}/server-rendered-showcase.html`],
        ['cms', at('/cms.html')],
        ['dark', at('/dark.html')],
        ['de', at('/de.html')],
        ['fr', at('/fr.html')],
        ['es', at('/es.html')],
        ['configurator', serving.configuratorUrl],
      ] as [string, string][]
    ).filter(([id]) => !only || only.has(id));
    const chromium = await startChromium();
    stops.push(() => chromium.close());
    const audits = new Map<string, Audit[]>(pages.map(([id]) => [id, []]));
    // A first audit in a fresh Chromium pays its start (2026-11-27, load 1-2: whichever page came first measured 100-280 ms
    // of blocking time where it measured 27-74 later in the same run): one audit of the first page, not counted.
    if (pages[0]) await audit(pages[0][1], chromium.port);
    // Rounds over the pages in turn, so a busy moment of the machine does not fall on one page's runs only.
    for (let round = 0; round < runs; round++) {
      for (const [id, url] of pages) {
        const found = await audit(url, chromium.port);
        audits.get(id)!.push(found);
        console.log(
          `  ${id} (round ${round + 1}/${runs}): ${CATEGORIES.map((c) => `${c} ${found.scores[c]}`).join(', ')}, TBT ${Math.round(found.totalBlockingTime)} ms`,
        );
        console.log(`    long tasks (simulated): ${found.longTasks.join(' | ') || 'none'}`);
        console.log(`    in its trace (unthrottled, 12.5 ms or more): ${found.tracedTasks.join(' | ') || 'none'}`);
      }
    }
    const figures: Figure[] = [];
    for (const [id, url] of pages) {
      const samples = audits.get(id)!;
      const failing = Object.assign({}, ...samples.map((s) => s.failing)) as Record<string, string>;
      for (const category of CATEGORIES)
        figures.push(
          figure(id, `${category} score`, median(samples.map((s) => s.scores[category])), 'points', null, {
            url: new URL(url).pathname,
            samples: samples.map((s) => s.scores[category]),
          }),
        );
      figures.push(
        figure(id, 'total blocking time', median(samples.map((s) => s.totalBlockingTime)), 'ms', null, {
          samples: samples.map((s) => Math.round(s.totalBlockingTime)),
          belowFullScore: failing,
          longTasks: samples.map((s) => s.longTasks),
          tracedTasks: samples.map((s) => s.tracedTasks),
        }),
      );
    }
    return {
      bench: 'lighthouse',
      title: 'Lighthouse 12 on every demo page (mobile)',
      method: `lighthouse@12 (Node API), its default mobile profile (simulated throttling: 150 ms RTT, 1.6 Mbps, 4× CPU slowdown; 412 × 823 screen), categories ${CATEGORIES.join(', ')}; ${runs} run(s) per page in rotating rounds, medians; Chromium ${chromiumPath()}; pages from npm start's servers in this process (the server-rendered showcase through bench/front-server.ts).`,
      date: new Date().toISOString(),
      environment: environment(true),
      figures,
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  }
}

if (isMain(import.meta.url)) {
  const result = await run();
  writeResult(result);
  printResult(result);
  for (const f of result.figures.filter((f) => f.metric === 'total blocking time'))
    console.log(`  ${f.subject} below a full score: ${JSON.stringify(f.detail?.belowFullScore ?? {}, null, 2)}`);
}
