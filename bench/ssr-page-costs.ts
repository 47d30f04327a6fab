/**
 * Where a server-rendered page's bytes and main-thread time go (issue 29 part 3), for the server-rendered showcase
 * as bench/ssr-showcase.ts puts it together:
 *
 * - Its HTML by kind, raw and on the wire (brotli 5, as bench/front-server.ts and a host compress dynamic answers):
 *   each kind's bytes alone and what the page's brotli loses without it (the figure that counts: a repeat compresses
 *   away), the kinds taken out in turn (the shadow roots' styles, the page's own styles, data blocks, JSON-LD, other
 *   scripts, Lit's hydration markers), the rest being markup. And the styles' alternative: one stylesheet per element
 *   that each shadow root links, its files' brotli against what the page saves. And what each trim of the render
 *   route's HTML would save toward issue 29's bytes goal (each style text once, the answers' unread fields, the
 *   loading rules), with every element's markup for scale.
 * - Under a 4× slower CPU (no network throttling, 375 × 812), medians of `--runs` rounds in rotating order: first
 *   contentful paint, largest contentful paint, live (every non-lazy element ready), the main thread's busy time and
 *   its script, layout and style parts (CDP Performance.getMetrics), layout shifts, for this build's page, its
 *   static copy (the same HTML without scripts), the client-rendered showcase, and with `--compare-checkout <dir>`
 *   that checkout's server-rendered HTML (put together by that checkout's own bench/ssr-showcase.ts) with this
 *   build's bundle, so the HTML's change is measured alone.
 *
 *   node --import tsx bench/ssr-page-costs.ts [--runs 5] [--compare-checkout <dir>]
 *   npm run bench -- --only ssr-costs [--compare-checkout <dir>]
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { startServe } from '../src/cli/serve.ts';
import { comparedServerRenderedShowcase } from './mobile.ts';
import { INIT, serverRenderedShowcase, SHIM } from './ssr-showcase.ts';
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
  round,
  writeResult,
  type BenchResult,
  type Figure,
} from './lib.ts';

const brotli = (text: string) => brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }).length;

/** The kinds of a server-rendered page, taken out in this order; what is left is markup. */
const KINDS: [kind: string, pattern: RegExp][] = [
  // A style's text may hold `<` (the menu's `@container (width<=32rem)`): up to its end tag, not to a `<`.
  ['styles (a <style> per shadow root)', /(?<=<template shadowroot[^>]*>)<style>[^]*?<\/style>/g],
  ["the page's own styles", /<style[^>]*>[^]*?<\/style>/g],
  ['data blocks', /<script type="application\/json"[^>]*>[^<]*<\/script>/g],
  ['JSON-LD', /<script type="application\/ld\+json"[^>]*>[^<]*<\/script>/g],
  ['other scripts', /<script(?![^>]*application\/(?:ld\+)?json)[^>]*>[^<]*<\/script>/g],
  ["Lit's hydration markers", /<!--(?:lit-part(?: [\w+/=]*)?|\/lit-part|lit-node \d+)-->/g],
];

function byKind(html: string): Figure[] {
  const figures: Figure[] = [figure('server-rendered showcase HTML', 'whole page', html.length, 'bytes', null, { brotli: brotli(html) })];
  let rest = html;
  for (const [kind, pattern] of KINDS) {
    const parts = rest.match(pattern) ?? [];
    const without = rest.replace(pattern, '');
    const text = parts.join('');
    figures.push(
      figure('server-rendered showcase HTML', kind, text.length, 'bytes', null, { count: parts.length, brotliLost: brotli(rest) - brotli(without) }),
    );
    rest = without;
  }
  figures.push(figure('server-rendered showcase HTML', 'markup (the rest)', rest.length, 'bytes', null, { brotli: brotli(rest) }));
  // The alternative to a <style> per shadow root: each links its element's stylesheet (a file per element; one file
  // for all cannot be, each element's rules are written for its own shadow root).
  const sheets = new Map([...html.matchAll(/<(merchant-[a-z]+)[^>]*><template shadowroot[^>]*><style>([^]*?)<\/style>/g)].map((m) => [m[1]!, m[2]!]));
  const linked = html.replace(/(<(merchant-[a-z]+)[^>]*><template shadowroot[^>]*>)<style>[^]*?<\/style>/g, (_, open: string, tag: string) => {
    return `${open}<link rel="stylesheet" href="/merchant-elements/${tag}.0123456789abcdef.css">`;
  });
  const files = [...sheets.values()].reduce((n, css) => n + brotli(css), 0);
  figures.push(
    figure(
      'a stylesheet per element, linked from each shadow root',
      'brotli bytes: its files',
      files,
      'bytes',
      { subject: "the page's brotli it saves", value: brotli(html) - brotli(linked) },
      {
        files: sheets.size,
      },
    ),
  );
  return figures.concat(trims(html));
}

/**
 * Issue 29's bytes goal (the server-rendered page's bytes before ready no more than the client-rendered page's): what
 * the page's brotli would lose with each trim of what the render route writes that a visitor or a crawler does not
 * need. Each is measured on the whole page, so what brotli already takes from a repeat is not counted twice.
 */
function trims(html: string): Figure[] {
  const lost = (trimmed: string) => brotli(html) - brotli(trimmed);
  const seen = new Set<string>();
  const shared = html.replace(/(<template shadowroot[^>]*>)<style>([^]*?)<\/style>/g, (whole, open: string, css: string) => {
    if (!seen.has(css)) return (seen.add(css), whole);
    return `${open}<style></style>`;
  });
  // Fields of the answers that no element reads (src/elements, src/client): when each record was made and changed,
  // and the location's id repeated in every record.
  const unread = new Set(['createdAt', 'updatedAt', 'publishedAt', 'locationId']);
  const slimmer = html.replace(/(<script type="application\/json"[^>]*>)([^<]*)(<\/script>)/g, (_, open: string, json: string, close: string) => {
    const body = JSON.stringify(JSON.parse(json), (key, value: unknown) => (unread.has(key) ? undefined : value));
    return open + body.replace(/</g, '\\u003c') + close;
  });
  // The loading view's rules: a server writes an element ready (or empty), never loading.
  const noSkeleton = html.replace(/(<template shadowroot[^>]*><style>)([^]*?)(<\/style>)/g, (_, open: string, css: string, close: string) => {
    const without = css.replace(
      /@keyframes merchant-pulse\{[^}]*\}\}|@media \(prefers-reduced-motion:reduce\)\{\.skeleton\{[^}]*\}\}|\.skeleton\{[^}]*\}/g,
      '',
    );
    return open + without + close;
  });
  // Every element's shadow root emptied of its markup (its styles kept): the view itself, for scale.
  const noMarkup = html.replace(/(<template shadowroot[^>]*><style>[^]*?<\/style>)[^]*?(<\/template>)/g, '$1$2');
  const trim = (what: string, trimmed: string, detail: Record<string, unknown> = {}) =>
    figure("the server-rendered showcase's brotli, trimmed", what, lost(trimmed), 'bytes', null, detail);
  return [
    trim('each shadow root style text written once (later copies left out)', shared, { texts: seen.size }),
    trim(`the data blocks without the fields no element reads (${[...unread].join(', ')})`, slimmer),
    trim('the loading skeleton rules left out of each shadow root style', noSkeleton),
    trim("every element's markup left out (for scale: the view itself)", noMarkup),
  ];
}

interface Sample {
  fcp: number;
  lcp: number;
  live: number;
  task: number;
  script: number;
  layout: number;
  style: number;
  /** How many layouts and style recalculations the main thread ran (counts, steadier than times on a loaded machine). */
  layouts: number;
  styleRecalcs: number;
  shift: number;
}

async function sample(browser: Browser, url: string, html: string | null): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  try {
    await context.addInitScript(SHIM);
    await context.addInitScript(INIT);
    await context.addInitScript(
      `window.__shift = 0; new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__shift += e.value; }).observe({ type: 'layout-shift', buffered: true });`,
    );
    if (html !== null) await context.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await waitForReady(page, 90_000);
    await page.waitForTimeout(100);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const ms = (name: string) => (metrics.find((m) => m.name === name)?.value ?? NaN) * 1000;
    const t = await page.evaluate(() => {
      const w = window as unknown as { __bench: { lcp: number }; __ready: { at: number }; __shift: number };
      return { fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN, lcp: w.__bench.lcp, live: w.__ready.at, shift: w.__shift };
    });
    const count = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
    return {
      ...t,
      task: ms('TaskDuration'),
      script: ms('ScriptDuration'),
      layout: ms('LayoutDuration'),
      style: ms('RecalcStyleDuration'),
      layouts: count('LayoutCount'),
      styleRecalcs: count('RecalcStyleCount'),
    };
  } finally {
    await context.close();
  }
}

/** Another checkout's server (its demo, gateway and render route) in a child process. */
async function startCheckout(dir: string) {
  const serve = pathToFileURL(path.join(dir, 'src/cli/serve.ts')).href;
  const script = `const { startServe } = await import(${JSON.stringify(serve)}); const s = await startServe({ port: 0, logLevel: 'silent' }); console.log(JSON.stringify({ demoUrl: s.demoUrl, gatewayUrl: s.gatewayUrl }));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`--compare-checkout ${dir}: its server exited (${code})`)));
  });
  return { ...(JSON.parse(line) as { demoUrl: string; gatewayUrl: string }), stop: () => child.kill() };
}

export async function run({ runs = 5, compareCheckout }: { runs?: number; compareCheckout?: string } = {}): Promise<BenchResult> {
  const serving = await startServe({ port: 0, logLevel: 'silent' });
  const other = compareCheckout ? await startCheckout(compareCheckout) : null;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const html = await serverRenderedShowcase(serving.demoUrl, serving.gatewayUrl, serving.featuredLocationId);
    const figures = byKind(html);
    const url = new URL('/server-rendered-showcase.html', serving.demoUrl).href;
    const pages: [string, string | null, string][] = [
      ['server-rendered showcase', html, url],
      ['its static copy (no script)', html.replace(/<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g, ''), url],
      ['client-rendered showcase', null, serving.demoUrl],
    ];
    if (other) {
      const before = await comparedServerRenderedShowcase(compareCheckout!, other.demoUrl, other.gatewayUrl, serving.featuredLocationId);
      pages.push(["compared checkout's server-rendered HTML, this bundle", before, url]);
      // That checkout's page with its own bundle (served by its own server): the takeover's change measured whole.
      pages.push(["compared checkout's server-rendered showcase, its bundle", before, new URL('/server-rendered-showcase.html', other.demoUrl).href]);
      figures.push(figure("compared checkout's server-rendered showcase HTML", 'whole page', before.length, 'bytes', null, { brotli: brotli(before) }));
    }
    const samples = new Map<string, Sample[]>(pages.map(([name]) => [name, []]));
    for (let r = 0; r < runs; r++) {
      for (let i = 0; i < pages.length; i++) {
        const [name, body, at] = pages[(i + r) % pages.length]!;
        samples.get(name)!.push(await sample(browser, at, body));
      }
    }
    const ssr = samples.get('server-rendered showcase')!;
    for (const [name, list] of samples) {
      for (const key of ['fcp', 'lcp', 'live', 'task', 'script', 'layout', 'style', 'layouts', 'styleRecalcs'] as const) {
        const value = round(median(list.map((s) => s[key])), 0);
        const base = name === 'server-rendered showcase' ? null : { subject: 'server-rendered showcase', value: round(median(ssr.map((s) => s[key])), 0) };
        figures.push(figure(name, `4× CPU: ${key}`, value, key === 'layouts' || key === 'styleRecalcs' ? 'count' : 'ms', base));
      }
      figures.push(figure(name, '4× CPU: largest layout shift of a sample', Math.max(...list.map((s) => s.shift)), 'score', null));
    }
    return {
      bench: 'ssr-costs',
      title: "Where the server-rendered showcase's bytes and main-thread time go",
      method: `bench/ssr-page-costs.ts: the HTML by kind (brotli 5); then ${runs} rounds under a 4× slower CPU (375 × 812, no network throttling), pages in rotating order, medians; ratio = page / server-rendered showcase`,
      date: new Date().toISOString(),
      environment: environment(),
      figures,
    };
  } finally {
    await browser.close();
    other?.stop();
    await serving.close();
  }
}

if (isMain(import.meta.url)) {
  const i = process.argv.indexOf('--compare-checkout');
  const compareCheckout = i > 0 ? process.argv[i + 1] : process.env.MERCHANT_BENCH_COMPARE_CHECKOUT;
  const result = await run({ runs: numberFlag('--runs', 5), ...(compareCheckout && { compareCheckout }) });
  printResult(result);
  for (const f of result.figures.filter((x) => x.detail)) console.log(`  ${f.subject} — ${f.metric}: ${JSON.stringify(f.detail)}`);
  console.log(`written to ${writeResult(result)}`);
  process.exit(0);
}
