/**
 * Server-rendered showcase: the showcase page (demo/index.html) with every element server-rendered by the gateway's
 * render route and the ordinary bundle (which takes them over), against a static copy of it (the same HTML, no
 * script) and against the client-rendered showcase; and the client-rendered showcase with this build's bundle
 * against the same page with the bundle of the commit before the takeover moved into it (two bundles then:
 * bench/before-dist.ts builds it), so what a page without server-rendered elements pays for it is measured too. All
 * side by side in one run: Chromium (playwright-core), a fresh context per sample, the four variants in rotating
 * order, medians.
 *
 * Figures: navigation start → first contentful paint; → largest contentful paint; → every element live (for the
 * elements pages: every non-lazy merchant-* element ready, its update complete, layout forced; for the static copy:
 * DOMContentLoaded and layout); main-thread busy time of the load (CDP TaskDuration, read when live).
 *
 *   node --import tsx bench/ssr-showcase.ts [--runs 9] [--quick] [--before <commit>]
 */
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startServe } from '../src/cli/serve.ts';
import { dataAfterContent, dataOncePerPage } from '../src/ssr/page.ts';
import { fragmentModules } from '../src/ssr/modules.ts';
import type { BuildFiles } from '../src/contract/element-files.ts';
import { distOf, TWO_BUNDLES_COMMIT } from './before-dist.ts';
import { readySignal, waitForReady } from './ready-signal.ts';
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

interface Sample {
  fcp: number;
  lcp: number;
  live: number;
  taskMs: number;
}

type Variant = 'server-rendered' | 'static copy' | 'client-rendered' | 'client-rendered, before';

export const SHIM = 'window.__name = (fn) => fn;';

/**
 * Paint timings for every variant, and the live moment: bench/ready-signal.ts's, with only `ready` counting as settled
 * (every non-lazy element taken over and showing its data; the static copy: DOMContentLoaded), in `window.__ready.at`.
 */
export const INIT = `${readySignal({ readyOnly: true })}
(() => {
  const t = (window.__bench = { lcp: 0 });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) t.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
})();`;

/**
 * The showcase with each element replaced by what the render route returns for its attributes (`lazy` among them: the
 * route keeps it, and such an element becomes live as the visitor comes near it), each answer carried once and after
 * the page's content (src/ssr/page.ts); `afterContent: false` leaves each answer's one block in the first element that
 * used it (as pages were put together at a77edf3); `oncePerPage: false` keeps every element's own copy, as pages were
 * put together before that; `eager: true` renders every element without `lazy` (the same content, every element live
 * with the page, as before the tenth session).
 */
export async function serverRenderedShowcase(
  demoUrl: string,
  gatewayUrl: string,
  locationId: string,
  { oncePerPage = true, afterContent = oncePerPage, eager = false }: { oncePerPage?: boolean; afterContent?: boolean; eager?: boolean } = {},
): Promise<string> {
  const manifest = JSON.parse(readFileSync(path.join(root, 'dist/custom-elements.json'), 'utf8')) as {
    modules: { declarations?: { tagName?: string; attributes?: { name: string }[] }[] }[];
  };
  const known = new Map(
    manifest.modules
      .flatMap((m) => m.declarations ?? [])
      .filter((d) => d.tagName)
      .map((d) => [d.tagName!, new Set((d.attributes ?? []).map((a) => a.name))]),
  );
  let html = await (await fetch(demoUrl)).text();
  const found = [...html.matchAll(/<(merchant-(?!provider)[a-z]+)((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*><\/\1>/g)];
  const rendered: string[] = [];
  for (const [, tag, attributeText] of found) {
    const attributes = [...(attributeText ?? '').matchAll(/([a-z-]+)(?:="([^"]*)")?/g)].map(([, name, value]): [string, string] => [name!, value ?? '']);
    const query = new URLSearchParams(attributes.filter(([name]) => known.get(tag!)?.has(name) && !(eager && name === 'lazy')));
    const response = await fetch(`${gatewayUrl}/v1/locations/${locationId}/render/${tag!.replace('merchant-', '')}?${query}`);
    if (!response.ok) throw new Error(`render ${tag}: HTTP ${response.status} ${await response.text()}`);
    rendered.push(await response.text());
  }
  const fragments = afterContent ? dataAfterContent(rendered) : oncePerPage ? dataOncePerPage(rendered) : rendered;
  found.forEach(([whole], i) => (html = html.replace(whole, () => fragments[i]!)));
  // The modules the fragments need, as a page composed of fragments hints them (src/ssr/modules.ts): in place of the
  // client-rendered page's, which name every element's (a `lazy` fragment's are loaded near the viewport).
  const files = JSON.parse(readFileSync(path.join(root, 'dist/merchant-elements-files.json'), 'utf8')) as BuildFiles;
  const hints = fragmentModules(rendered, files, { otherElements: html.includes('<merchant-provider') ? ['merchant-provider'] : [] }).map(
    (file) => `<link rel="modulepreload" href="/dist/${file}">`,
  );
  html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '').replace('</head>', () => `${hints.join('\n')}\n</head>`);
  // The page's hint for its data is for the client-rendered page: this one carries the data (the module hints stay).
  return html.replace(/\s*<link rel="preload" as="fetch"[^>]*>/g, '');
}

/** One sample of `url` (served as `html` when given; its bundle and on-demand modules from `dist` when given). */
async function sample(browser: Browser, url: string, html: string | null, dist: string | null): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript(SHIM);
    await context.addInitScript(INIT);
    if (html !== null) await context.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
    if (dist !== null) {
      await context.route(/\/dist\/merchant-elements[\w.-]*\.js$/, (route) => {
        const file = path.join(dist, path.basename(new URL(route.request().url()).pathname));
        return existsSync(file) ? route.fulfill({ path: file, contentType: 'text/javascript' }) : route.fulfill({ status: 404 });
      });
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await waitForReady(page, 30_000);
    await page.waitForTimeout(50);
    const metrics = await cdp.send('Performance.getMetrics');
    const t = await page.evaluate(() => {
      const w = window as unknown as { __bench: { lcp: number }; __ready: { at: number } };
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      return { live: w.__ready.at, lcp: w.__bench.lcp, fcp };
    });
    const task = (metrics.metrics.find((x) => x.name === 'TaskDuration')?.value ?? NaN) * 1000;
    return { fcp: t.fcp, lcp: t.lcp, live: t.live, taskMs: task };
  } finally {
    await context.close();
  }
}

/**
 * What the takeover (src/elements/shared/takeover.ts) does on a page without server-rendered elements, timed on `url`
 * once its elements are live: its one query for data blocks, and each element's check for a shadow root of its own.
 */
async function takeoverCheckMs(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript(SHIM);
    await context.addInitScript(INIT);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await waitForReady(page, 30_000);
    return await page.evaluate(() => {
      const times = 2000;
      const elements = [...document.querySelectorAll('*')].filter((el) => el.localName.startsWith('merchant-'));
      let found = 0;
      const start = performance.now();
      for (let i = 0; i < times; i++) {
        found += document.querySelectorAll('script[data-merchant-url]').length;
        // Each element's check as it is constructed (a property read: has it a shadow root yet?), timed as an attribute
        // read, since these elements have their own shadow roots by now.
        for (const element of elements) found += element.hasAttribute('data-merchant-ssr') ? 1 : 0;
      }
      if (found) throw new Error('the client showcase has server-rendered elements or data blocks');
      return (performance.now() - start) / times;
    });
  } finally {
    await context.close();
  }
}

export async function runSsrBench(options: { runs?: number; warmup?: number; before?: string } = {}): Promise<BenchResult> {
  const runs = options.runs ?? 9;
  const warmup = options.warmup ?? 2;
  const before = options.before ?? TWO_BUNDLES_COMMIT;
  const beforeDist = distOf(before);
  const thisDist = path.join(root, 'dist');
  const serving = await startServe({ port: 0, logLevel: 'silent' });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const config = (await (await fetch(new URL('/demo-api/config', serving.demoUrl))).json()) as { featured: { id: string } };
    const serverHtml = await serverRenderedShowcase(serving.demoUrl, serving.gatewayUrl, config.featured.id);
    const staticHtml = serverHtml.replace(/<script\b[^>]*type="module"[^>]*><\/script>/g, '');
    const pages: Record<Variant, { url: string; html: string | null; dist: string | null }> = {
      // Every bundle is served the same way (by the browser context, from a dist/ folder), so the before and after
      // figures differ by the bundle alone.
      'server-rendered': { url: new URL('/server-rendered-showcase.html', serving.demoUrl).href, html: serverHtml, dist: thisDist },
      'static copy': { url: new URL('/static-copy-of-server-rendered-showcase.html', serving.demoUrl).href, html: staticHtml, dist: null },
      'client-rendered': { url: serving.demoUrl, html: null, dist: thisDist },
      'client-rendered, before': { url: serving.demoUrl, html: null, dist: beforeDist },
    };
    const variants = Object.keys(pages) as Variant[];
    const samples: Record<Variant, Sample[]> = { 'server-rendered': [], 'static copy': [], 'client-rendered': [], 'client-rendered, before': [] };
    for (let r = 0; r < warmup + runs; r++) {
      const order = variants.map((_, i) => variants[(i + r) % variants.length]!);
      for (const variant of order) {
        const s = await sample(browser, pages[variant].url, pages[variant].html, pages[variant].dist);
        if (r >= warmup) samples[variant].push(s);
      }
    }
    const med = (variant: Variant, pick: (s: Sample) => number) => median(samples[variant].map(pick));
    const detail = (pick: (s: Sample) => number) => Object.fromEntries(variants.map((v) => [v, samples[v].map((s) => round(pick(s), 1))]));
    // Each comparison: [subject, its variant, the baseline's subject, the baseline's variant].
    const comparisons: [string, Variant, string, Variant][] = [
      ['server-rendered showcase', 'server-rendered', 'static copy of it (no script)', 'static copy'],
      ['client-rendered showcase', 'client-rendered', 'static copy of the server-rendered showcase', 'static copy'],
      [
        'client-rendered showcase, one bundle (takes over server-rendered elements)',
        'client-rendered',
        `the same page with ${before}'s bundle (before: no takeover in it)`,
        'client-rendered, before',
      ],
    ];
    const figures = [];
    for (const [label, pick] of [
      ['navigation start → first contentful paint', (s: Sample) => s.fcp],
      ['navigation start → largest contentful paint', (s: Sample) => s.lcp],
      ['navigation start → every element live', (s: Sample) => s.live],
      ['main-thread busy time of the load (TaskDuration)', (s: Sample) => s.taskMs],
    ] as const) {
      for (const [subject, variant, baseline, baselineVariant] of comparisons) {
        figures.push(
          figure(
            `${subject}: ${label}`,
            'median',
            med(variant, pick),
            'ms',
            { subject: baseline, value: med(baselineVariant, pick) },
            { runs, warmup, samples: detail(pick) },
          ),
        );
      }
    }
    // What the takeover costs a page without server-rendered elements, timed alone on the client showcase once live,
    // repeated to rise above the clock's resolution.
    const checkMs = await takeoverCheckMs(browser, serving.demoUrl);
    figures.push(
      figure("client-rendered showcase: the takeover's checks (one query, one check per element, finding nothing)", 'mean of 2,000', checkMs * 1000, 'µs', {
        subject: 'navigation start → every element live (median, same page)',
        value: med('client-rendered', (x) => x.live) * 1000,
      }),
    );
    const gzip = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
    const bundleBytes = { before: gzip(path.join(beforeDist, 'merchant-elements.js')), after: gzip(path.join(root, 'dist/merchant-elements.js')) };
    figures.push(
      figure('dist/merchant-elements.js, one bundle (takes over server-rendered elements)', 'min+gzip (level 9)', bundleBytes.after, 'bytes', {
        subject: `${before}'s dist/merchant-elements.js (no takeover in it)`,
        value: bundleBytes.before,
      }),
    );
    return {
      bench: 'ssr',
      title:
        'Server-rendered showcase against its static copy and the client-rendered showcase; the client-rendered showcase with one bundle against the two-bundle build before it (median)',
      method:
        "npm start's server in-process on loopback (its gateway renders); the showcase with each element replaced by GET /v1/locations/{id}/render/{element} for its attributes and " +
        "the ordinary bundle; the static copy = that HTML without the script; the client-rendered showcase as served, with this build's bundle and with " +
        `${before}'s (built from that commit's sources by bench/before-dist.ts); every bundle served by the browser context from its dist/ folder. Chromium via playwright-core, a fresh context per sample, ` +
        `the four in rotating order, ${warmup} warm-up rounds discarded, ${runs} measured. FCP from the paint timeline, LCP from the last largest-contentful-paint entry before live; ` +
        'live = every non-lazy element ready and updated, layout forced (static copy: DOMContentLoaded + layout); main-thread time = CDP TaskDuration at live.',
      date: new Date().toISOString(),
      environment: environment(true),
      figures,
      notes: [
        `The server-rendered showcase is ${serverHtml.length.toLocaleString('en-US')} characters of HTML (the client-rendered one is ${(await (await fetch(serving.demoUrl)).text()).length.toLocaleString('en-US')}).`,
      ],
    };
  } finally {
    await browser.close();
    await serving.close();
  }
}

if (isMain(import.meta.url)) {
  const quick = process.argv.includes('--quick');
  const at = process.argv.indexOf('--before');
  const result = await runSsrBench({ runs: numberFlag('--runs', quick ? 3 : 9), warmup: quick ? 1 : 2, before: at > 0 ? process.argv[at + 1] : undefined });
  writeResult(result);
  printResult(result);
}

/**
 * A publisher's article placing `count` restaurants (the directory's first), each with its short menu and its compact
 * hours as the render route returns them, between paragraphs of text: the page an editor makes (issue 29). Every
 * restaurant after the first is `lazy` (far below a phone's first screen, it becomes live as the reader comes near
 * it), or none with `eager: true` (the same content, every element live with the page). Each answer once, after the
 * content (src/ssr/page.ts); the modules the fragments need hinted (src/ssr/modules.ts); the one bundle.
 */
export async function serverRenderedArticle(
  demoUrl: string,
  gatewayUrl: string,
  { count = 8, eager = false }: { count?: number; eager?: boolean } = {},
): Promise<string> {
  const { locations } = (await (await fetch(new URL(`/demo-api/locations?limit=${count}`, demoUrl))).json()) as { locations: { id: string; name: string }[] };
  if (locations.length < count) throw new Error(`the directory has ${locations.length} locations, not ${count}`);
  const paragraph =
    '<p>The kitchen opens early, the bread is baked on the premises, and the dining room fills by seven on most nights; booking ahead is wise at the weekend, and the terrace is open from spring to the first cold evenings of autumn.</p>';
  const sections: string[][] = [];
  const fragments: string[] = [];
  for (const [i, { id, name }] of locations.entries()) {
    const lazy = !eager && i > 0 ? '&lazy=' : '';
    const parts: string[] = [];
    for (const query of [`menu?format=short${lazy}`, `hours?variant=compact${lazy}`]) {
      const response = await fetch(`${gatewayUrl}/v1/locations/${id}/render/${query}`);
      if (!response.ok) throw new Error(`render ${id} ${query}: HTTP ${response.status} ${await response.text()}`);
      parts.push(await response.text());
    }
    fragments.push(...parts);
    sections.push([`<h2>${name.replace(/[<&]/g, '')}</h2>${paragraph}${paragraph}`, ...parts]);
  }
  const placed = dataAfterContent(fragments);
  const body = sections.map(([heading], i) => `<section>${heading}${placed[2 * i]}${paragraph}${placed[2 * i + 1]}</section>`).join('\n');
  const files = JSON.parse(readFileSync(path.join(root, 'dist/merchant-elements-files.json'), 'utf8')) as BuildFiles;
  const hints = fragmentModules(fragments, files).map((file) => `<link rel="modulepreload" href="/dist/${file}">`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Eight places to eat this month</title><meta name="description" content="A publisher's article placing eight restaurants.">
<style>body{font:1rem/1.5 system-ui,sans-serif;margin:0 auto;max-width:40rem;padding:1rem}h1{font-size:1.8rem}</style>
<script type="module" src="/dist/merchant-elements.js"></script>
${hints.join('\n')}
</head><body><main><h1>Eight places to eat this month</h1>${paragraph}
${body}
</main></body></html>`;
}
