/**
 * Long tasks on every demo page under the mobile profile (issue 29: "no long task of the elements' own", total
 * blocking time under 100 ms): how many tasks of 50 ms or more the main thread ran, the longest, and the blocking
 * time (Σ max(0, task − 50 ms), as Lighthouse sums it) from first paint to ready, and from first paint until the page
 * went quiet (what the elements put off until after ready counts there), side by side with another build.
 *
 * Pages, as bench/lighthouse.ts audits them: the client-rendered showcase, the server-rendered showcase (every element
 * replaced by the gateway's render route, bench/ssr-showcase.ts), the CMS, dark, German, French and Spanish pages, the
 * configurator. Profile: bench/mobile-profile.ts's mobile one (150 ms a round trip, 1.6 Mbps, the CPU 4× slower
 * through Emulation.setCPUThrottlingRate, 375 × 812).
 *
 * Per sample (a fresh context; variants in rotating order, round after round; medians): a PerformanceObserver for
 * 'longtask' registered before the page's first script; ready = bench/ready-signal.ts's (every non-lazy merchant-*
 * element but the provider defined, out of `loading`, its update complete; a page without such elements: its load
 * event); quiet = 2 s with no new long task after ready (at most 15 s). The warm-up round of each variant is traced
 * (CDP Tracing, devtools.timeline): each long task of it is attributed to what ran in it (the scripts by URL, style, layout,
 * parsing), listed in the result's notes.
 *
 *   node --import tsx bench/long-tasks.ts [--runs 5] [--quick] [--pages showcase,cms] [--compare-checkout <dir>]
 *   npm run bench -- --only long-tasks [--compare-checkout <dir>]
 *
 * `--compare-checkout <dir>` (another checkout, built, with its node_modules: `git archive a77edf3 | tar -x -C dir`,
 * `cp -a node_modules`, `npm run build` there) serves the same pages from that checkout's own `npm start` (a child
 * process), in the same rounds; its figures stand against this build's (ratio = that build / this one).
 */
import path from 'node:path';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { startServe } from '../src/cli/serve.ts';
import { startFront } from './front-server.ts';
import { startCheckout } from './mobile.ts';
import { applyProfile, PROFILES } from './mobile-profile.ts';
import { readySignal, waitForReady, type ReadyStamp } from './ready-signal.ts';
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
/** A task this long or longer is a long task; what it lasts beyond this blocks input (Lighthouse's total blocking time). */
const LONG_TASK_MS = 50;
const QUIET_MS = 2_000;

/** Long tasks as they come and first paint; ready is bench/ready-signal.ts's (see the file's comment). */
const INIT = `(() => {
  const t = (window.__longTasks = { tasks: [], firstPaint: null });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) t.tasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === 'first-paint' || (e.name === 'first-contentful-paint' && t.firstPaint === null)) t.firstPaint = e.startTime; }).observe({ type: 'paint', buffered: true });
})();`;

interface Sample {
  /** Long tasks [start, duration] in ms from navigation. */
  tasks: [number, number][];
  firstPaint: number;
  ready: number;
  elements: number;
}

/** The long tasks that end after `from` and start before `to`, and what they block (the part after `from`, as Lighthouse clips at first paint). */
export function blocking(tasks: [number, number][], from: number, to: number): { count: number; longest: number; blockingMs: number } {
  const within = tasks.filter(([start, duration]) => start + duration > from && start < to);
  return {
    count: within.length,
    longest: Math.max(0, ...within.map(([, duration]) => duration)),
    blockingMs: within.reduce((sum, [start, duration]) => sum + Math.max(0, start + duration - Math.max(start, from) - LONG_TASK_MS), 0),
  };
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string; stackTrace?: { url: string }[]; frame?: string } };
}

/** Trace events that run script: a layout inside one was forced by the script (it measured the layout). RunMicrotasks: the elements' updates. */
const SCRIPT_EVENTS = new Set(['FunctionCall', 'RunMicrotasks', 'v8.evaluateModule', 'EvaluateScript', 'TimerFire']);

/**
 * What ran in each long task of a trace (`longMs` or longer: 50, or 12.5 in an unthrottled trace that Lighthouse will
 * simulate 4× slower): its length and its biggest parts (script by file, style, layout, parsing…), in ms.
 */
export function attribute(events: TraceEvent[], pageOrigin: string, longMs = LONG_TASK_MS): string[] {
  const rendererMain = new Set(
    events.filter((e) => e.name === 'thread_name' && JSON.stringify(e.args ?? {}).includes('CrRendererMain')).map((e) => `${e.pid}:${e.tid}`),
  );
  const navigation = events.find((e) => e.name === 'navigationStart' && rendererMain.has(`${e.pid}:${e.tid}`))?.ts ?? 0;
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) >= longMs * 1000 && rendererMain.has(`${e.pid}:${e.tid}`));
  const file = (url: string | undefined) =>
    url
      ? url
          .replace(pageOrigin, '')
          .replace(/^https?:\/\/[^/]+/, '')
          .replace(/\?.*$/, '')
      : '';
  return tasks.map((task) => {
    const end = task.ts + task.dur!;
    const inside = events.filter(
      (e) => e !== task && e.ph === 'X' && e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end,
    );
    // The outermost events only: a FunctionCall's nested layout is counted once, as the function's.
    const parts = new Map<string, number>();
    let reach = 0;
    for (const e of inside.sort((a, b) => a.ts - b.ts)) {
      if (e.ts < reach) continue;
      reach = e.ts + (e.dur ?? 0);
      const data = e.args?.data;
      const where = file(data?.url ?? data?.stackTrace?.[0]?.url);
      const key = where ? `${e.name} ${where}` : e.name;
      parts.set(key, (parts.get(key) ?? 0) + (e.dur ?? 0) / 1000);
    }
    // Inside the scripts: style and layout that a script forced (measuring it) are named too.
    const forced = inside.filter(
      (e) =>
        (e.name === 'Layout' || e.name === 'UpdateLayoutTree') &&
        inside.some((s) => SCRIPT_EVENTS.has(s.name) && s.ts <= e.ts && e.ts + (e.dur ?? 0) <= s.ts + (s.dur ?? 0)),
    );
    const forcedMs = forced.reduce((n, e) => n + (e.dur ?? 0) / 1000, 0);
    const top = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 4);
    return (
      `${round((task.ts - navigation) / 1000, 0)} ms +${round(task.dur! / 1000, 0)} ms: ${top.map(([k, ms]) => `${k} ${round(ms, 0)}`).join(', ')}` +
      (forcedMs >= 1 ? `; forced style/layout inside scripts ${round(forcedMs, 0)}` : '')
    );
  });
}

async function trace(cdp: CDPSession, run: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', '__metadata', 'loading'],
    },
  });
  await run();
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
  return events;
}

async function sample(browser: Browser, url: string, traced: boolean): Promise<Sample & { attribution?: string[] }> {
  const context = await browser.newContext(PROFILES.mobile.context);
  try {
    await context.addInitScript(SHIM);
    await context.addInitScript(readySignal({ withoutElements: 'load' }));
    await context.addInitScript(INIT);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await applyProfile(cdp, PROFILES.mobile);
    let ready: ReadyStamp & { at: number } = { at: 0, count: 0, errors: 0 };
    const load = async () => {
      await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
      ready = await waitForReady(page);
      // Then until the page is quiet: what the elements put off until after ready is still theirs.
      await page.waitForFunction(
        ({ quiet, readyAt }) => {
          const t = (window as unknown as { __longTasks: { tasks: [number, number][] } }).__longTasks;
          const last = Math.max(readyAt, ...t.tasks.map(([s, d]) => s + d));
          return performance.now() - last > quiet;
        },
        { quiet: QUIET_MS, readyAt: ready.at },
        { timeout: 15_000 + QUIET_MS, polling: 100 },
      );
    };
    const events = traced ? await trace(cdp, load) : (await load(), undefined);
    const t = await page.evaluate(() => (window as unknown as { __longTasks: { tasks: [number, number][]; firstPaint: number | null } }).__longTasks);
    return {
      tasks: t.tasks,
      firstPaint: t.firstPaint ?? 0,
      ready: ready.at,
      elements: ready.count,
      ...(events && { attribution: attribute(events, new URL(url).origin) }),
    };
  } finally {
    await context.close();
  }
}

const METRICS: [name: string, unit: string, pick: (s: Sample) => number][] = [
  ['long tasks, first paint → ready', 'tasks', (s) => blocking(s.tasks, s.firstPaint, s.ready).count],
  ['longest task, first paint → ready', 'ms', (s) => blocking(s.tasks, s.firstPaint, s.ready).longest],
  ['blocking time (Σ task − 50 ms), first paint → ready', 'ms', (s) => blocking(s.tasks, s.firstPaint, s.ready).blockingMs],
  ['long tasks, first paint → quiet', 'tasks', (s) => blocking(s.tasks, s.firstPaint, Infinity).count],
  ['blocking time, first paint → quiet', 'ms', (s) => blocking(s.tasks, s.firstPaint, Infinity).blockingMs],
  ['long tasks before first paint', 'tasks', (s) => s.tasks.filter(([start, d]) => start + d <= s.firstPaint).length],
  ['navigation → ready', 'ms', (s) => s.ready],
];

interface PageUrls {
  id: string;
  url: string;
  compared?: string;
}

/** The demo pages of one checkout's servers: the showcase, its server-rendered copy (a front of its own), the others. */
export async function demoPages(
  demoUrl: string,
  gatewayUrl: string,
  configuratorUrl: string,
  stops: (() => Promise<unknown>)[],
  oncePerPage: boolean,
): Promise<Record<string, string>> {
  const demo = new URL(demoUrl);
  const at = (pathname: string) => new URL(pathname, demo).href;
  const config = (await (await fetch(at('/demo-api/config'))).json()) as { featured: { id: string } };
  const front = await startFront({
    upstream: demo.origin,
    pages: { '/server-rendered-showcase.html': await serverRenderedShowcase(demoUrl, gatewayUrl, config.featured.id, { oncePerPage }) },
  });
  stops.push(() => front.close());
  return {
    showcase: demoUrl,
    ssr: `${front.origin}/server-rendered-showcase.html`,
    cms: at('/cms.html'),
    dark: at('/dark.html'),
    de: at('/de.html'),
    fr: at('/fr.html'),
    es: at('/es.html'),
    configurator: configuratorUrl,
  };
}

export async function runLongTasksBench(options: { runs?: number; pages?: string[]; compareCheckout?: string } = {}): Promise<BenchResult> {
  const runs = options.runs ?? 5;
  const compareCheckout = options.compareCheckout && path.resolve(options.compareCheckout);
  const stops: (() => Promise<unknown>)[] = [];
  const notes: string[] = [];
  try {
    const serving = await startServe({ port: 0, logLevel: 'silent' });
    stops.push(() => serving.close());
    const own = await demoPages(serving.demoUrl, serving.gatewayUrl, serving.configuratorUrl, stops, true);
    let theirs: Record<string, string> | undefined;
    if (compareCheckout) {
      const base = await startCheckout(compareCheckout);
      stops.push(() => base.stop());
      // The configurator's URL is the demo server's /configurator.html on either build.
      theirs = await demoPages(base.demoUrl, base.gatewayUrl, new URL('/configurator.html', base.demoUrl).href, stops, false);
    }
    const pages: PageUrls[] = Object.keys(own)
      .filter((id) => !options.pages || options.pages.includes(id))
      .map((id) => ({ id, url: own[id]!, ...(theirs && { compared: theirs[id] }) }));
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    stops.push(() => browser.close());
    const variants = pages.flatMap((p) => [
      { page: p, role: 'this build' as const, url: p.url },
      ...(p.compared ? [{ page: p, role: 'compared build' as const, url: p.compared }] : []),
    ]);
    const samples = new Map<string, Sample[]>();
    const failures: string[] = [];
    for (let r = 0; r <= runs; r++) {
      const order = variants.map((_, i) => variants[(i + r) % variants.length]!);
      for (const v of order) {
        const warmup = r === 0;
        const s = await sample(browser, v.url, warmup).catch((error: Error) => {
          failures.push(`${v.page.id} (${v.role}), round ${r}: ${error.message.split('\n')[0]}`);
          return null;
        });
        if (!s) continue;
        const within = blocking(s.tasks, s.firstPaint, s.ready);
        console.log(
          `  round ${r}${warmup ? ' (warm-up, traced)' : ''}: ${v.page.id} (${v.role}): ${within.count} long tasks, longest ${round(within.longest, 0)} ms, blocking ${round(within.blockingMs, 0)} ms, ready ${round(s.ready, 0)} ms`,
        );
        if (warmup) {
          notes.push(
            `${v.page.id} (${v.role}), the traced warm-up: first paint ${round(s.firstPaint, 0)} ms, ready ${round(s.ready, 0)} ms; long tasks: ${s.attribution?.join(' | ') || 'none'}.`,
          );
          continue;
        }
        const key = `${v.page.id}|${v.role}`;
        samples.set(key, [...(samples.get(key) ?? []), s]);
      }
    }
    const figures: Figure[] = [];
    for (const p of pages) {
      const mine = samples.get(`${p.id}|this build`) ?? [];
      const other = samples.get(`${p.id}|compared build`) ?? [];
      for (const [name, unit, pick] of METRICS)
        figures.push(
          figure(
            `${p.id}: ${name}`,
            'median',
            median(mine.map(pick)),
            unit,
            other.length ? { subject: `build ${compareCheckout}`, value: median(other.map(pick)) } : null,
            { runs, page: mine.map((s) => round(pick(s), 1)), ...(other.length && { compared: other.map((s) => round(pick(s), 1)) }) },
          ),
        );
    }
    for (const failure of failures) notes.push(`failed sample: ${failure}`);
    return {
      bench: 'long-tasks',
      title: 'Long tasks on every demo page under the mobile profile (median)',
      method:
        `${PROFILES.mobile.description}. Chromium via playwright-core, a fresh context per sample, every variant in rotating order, a traced warm-up round ` +
        `discarded, ${runs} measured. Long tasks from a PerformanceObserver('longtask') registered before the page's scripts; first paint from the paint timeline; ` +
        'ready (bench/ready-signal.ts) = every non-lazy merchant-* element (not the provider) defined, out of "loading", updateComplete, layout forced (no such element: the load event); quiet = ' +
        `${QUIET_MS} ms without a new long task after ready. Blocking time = Σ max(0, task − ${LONG_TASK_MS} ms), a task clipped at first paint, as Lighthouse's ` +
        'total blocking time sums it (there from first contentful paint to interactive).' +
        (compareCheckout ? ` Compared build: ${compareCheckout}'s own npm start, the same pages, in the same rounds.` : ''),
      date: new Date().toISOString(),
      environment: environment(true),
      figures,
      notes,
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  }
}

if (isMain(import.meta.url)) {
  const flag = (name: string) => {
    const at = process.argv.indexOf(name);
    return at >= 0 ? process.argv[at + 1] : process.env[`MERCHANT_BENCH_${name.slice(2).replace(/-/g, '_').toUpperCase()}`];
  };
  const quick = process.argv.includes('--quick');
  const result = await runLongTasksBench({
    runs: numberFlag('--runs', quick ? 2 : 5),
    pages: flag('--pages')?.split(','),
    compareCheckout: flag('--compare-checkout') || undefined,
  });
  writeResult(result);
  printResult(result);
  for (const note of result.notes ?? []) console.log(`- ${note}`);
}
