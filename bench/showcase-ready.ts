/**
 * Showcase ready: how long the showcase page (demo/index.html, served by `npm start`'s server, in this
 * process on free loopback ports) takes until every element on it is ready, against a static HTML copy
 * of the same rendered page, in Chromium (playwright-core), alternating runs, median.
 *
 * The baseline, decided: a **static copy** of the showcase once rendered — the same document with every
 * element's shadow DOM written out as declarative shadow DOM (`<template shadowrootmode>`), its adopted
 * style sheets as `<style>`, and no script. It is what the page would cost if the same DOM came ready-made
 * from the server, so the difference is the elements' own cost (script, data request, render).
 *
 * Figures (each sample in a fresh browser context, so no cache is shared between samples):
 * - script start → every element ready: from the bundle's arrival (Resource Timing `responseEnd` of
 *   dist/merchant-elements.js) to the moment every non-lazy `merchant-*` element has left `loading`
 *   (merchant-load / merchant-error), its update is complete and layout is forced. Baseline: the static
 *   copy's HTML arrival (`responseEnd` of the document) → DOMContentLoaded + forced layout.
 * - navigation start → every element ready, against navigation start → the static copy's DOMContentLoaded.
 * - main-thread busy time of the whole load (Chrome's `TaskDuration` from CDP Performance.getMetrics, read
 *   when ready), against the same for the static copy.
 * `lazy` elements (the showcase's nearby list, below the fold) are not waited for: they load on scroll by design.
 *
 * A second build side by side: `--compare-dist <dir>` (or MERCHANT_BENCH_COMPARE_DIST=<dir>, which `npm run bench`
 * passes on) also samples the showcase with the page's /dist/ files answered from <dir> (e.g. a copy of another
 * commit's dist/), in the same rounds as this build and the static copy; its figures are reported beside this
 * build's (ratio = that build / this one). The page itself (HTML, CSS, data) is this checkout's for both.
 *
 *   node --import tsx bench/showcase-ready.ts [--runs 9] [--quick] [--compare-dist <dir>]
 *   MERCHANT_BENCH_COMPARE_DIST=/tmp/dist-main npm run bench -- --only showcase --no-build
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startServe } from '../src/cli/serve.ts';
import { CHROMIUM_ARGS, chromiumPath, environment, figure, isMain, median, numberFlag, printResult, round, writeResult, type BenchResult } from './lib.ts';

interface Sample {
  scriptToReady: number;
  navToReady: number;
  taskMs: number;
  scriptMs: number;
  elements: number;
  errors: number;
  /** Elements in the DOM when ready: the document's and every shadow root's; and the menu's shadow root's alone. */
  nodes: number;
  menuNodes: number;
}

const SHIM = 'window.__name = (fn) => fn;';

/** Elements page: first define, and the ready moment (every non-lazy merchant-* settled, updates done, layout). */
const ELEMENTS_INIT = `(() => {
  const t = (window.__bench = { ready: null, firstDefine: null, count: 0, errors: 0, undefinedTags: [] });
  const define = customElements.define.bind(customElements);
  customElements.define = (name, ...rest) => {
    if (t.firstDefine === null && name.startsWith('merchant-')) t.firstDefine = performance.now();
    return define(name, ...rest);
  };
  const check = () => {
    if (t.ready !== null) return;
    const els = [...document.querySelectorAll('*')].filter((e) => e.tagName.startsWith('MERCHANT-') && e.hasAttribute('state') && !e.hasAttribute('lazy'));
    if (els.length === 0 || els.some((e) => e.getAttribute('state') === 'loading')) return;
    Promise.all(els.map((e) => e.updateComplete)).then(() => {
      if (t.ready !== null) return;
      void document.body.offsetHeight;
      t.ready = performance.now();
      t.count = els.length;
      t.errors = els.filter((e) => e.getAttribute('state') === 'error').length;
      t.undefinedTags = [...new Set([...document.querySelectorAll(':not(:defined)')].map((e) => e.localName).filter((n) => n.startsWith('merchant-')))];
    });
  };
  addEventListener('merchant-load', () => queueMicrotask(check), true);
  addEventListener('merchant-error', () => queueMicrotask(check), true);
})();`;

const STATIC_INIT = `(() => {
  const t = (window.__bench = { ready: null });
  addEventListener('DOMContentLoaded', () => {
    void document.body.offsetHeight;
    t.ready = performance.now();
  });
})();`;

/** In the rendered showcase: the document as static HTML (declarative shadow DOM, styles inlined, no script). */
export function snapshot(): string {
  const roots: ShadowRoot[] = [];
  const visit = (node: Document | ShadowRoot) => {
    for (const el of node.querySelectorAll('*')) {
      if (el.shadowRoot) {
        roots.push(el.shadowRoot);
        visit(el.shadowRoot);
      }
    }
  };
  visit(document);
  for (const root of roots) {
    const css = root.adoptedStyleSheets.map((s) => [...s.cssRules].map((r) => r.cssText).join('\n')).join('\n');
    if (css) {
      const style = document.createElement('style');
      style.textContent = css;
      root.prepend(style);
    }
  }
  const html = (document.documentElement as unknown as { getHTML(o: unknown): string }).getHTML({ serializableShadowRoots: false, shadowRoots: roots });
  return `<!doctype html>\n<html lang="${document.documentElement.lang}">${html.replace(/<script\b[^>]*type="module"[^>]*>[^]*?<\/script>/g, '')}</html>`;
}

/** Answers the page's /dist/ requests from `distDir` (another build), as the server would from its own dist/. */
async function serveDist(context: BrowserContext, origin: string, distDir: string): Promise<void> {
  const types: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.map': 'application/json', '.json': 'application/json' };
  await context.route(
    (u) => u.origin === origin && u.pathname.startsWith('/dist/'),
    (route) => {
      const file = path.join(distDir, decodeURIComponent(new URL(route.request().url()).pathname.slice('/dist/'.length)));
      if (!file.startsWith(path.resolve(distDir) + path.sep) || !existsSync(file)) return route.fulfill({ status: 404, body: '' });
      return route.fulfill({ status: 200, contentType: types[path.extname(file)] ?? 'application/octet-stream', body: readFileSync(file) });
    },
  );
}

async function sampleElements(browser: Browser, url: string, bundle: string, distDir?: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    if (distDir) await serveDist(context, new URL(url).origin, distDir);
    await context.addInitScript(SHIM);
    await context.addInitScript(ELEMENTS_INIT);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => (window as unknown as { __bench: { ready: number | null } }).__bench.ready !== null, null, {
      timeout: 30_000,
      polling: 10,
    });
    const metrics = await cdp.send('Performance.getMetrics');
    const t = await page.evaluate((bundle) => {
      const b = (window as unknown as { __bench: { ready: number; count: number; errors: number } }).__bench;
      const entry = performance.getEntriesByType('resource').find((e) => e.name.endsWith(bundle)) as PerformanceResourceTiming | undefined;
      const count = (root: Document | ShadowRoot): number =>
        [...root.querySelectorAll('*')].reduce((n, el) => n + 1 + (el.shadowRoot ? count(el.shadowRoot) : 0), 0);
      const menu = document.querySelector('merchant-menu')?.shadowRoot;
      return {
        ready: b.ready,
        count: b.count,
        errors: b.errors,
        scriptStart: entry ? entry.responseEnd : NaN,
        nodes: count(document),
        menuNodes: menu ? count(menu) : 0,
      };
    }, bundle);
    const m = (name: string) => metrics.metrics.find((x) => x.name === name)?.value ?? NaN;
    return {
      scriptToReady: t.ready - t.scriptStart,
      navToReady: t.ready,
      taskMs: m('TaskDuration') * 1000,
      scriptMs: m('ScriptDuration') * 1000,
      elements: t.count,
      errors: t.errors,
      nodes: t.nodes,
      menuNodes: t.menuNodes,
    };
  } finally {
    await context.close();
  }
}

async function sampleStatic(browser: Browser, url: string, html: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript(STATIC_INIT);
    await context.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => (window as unknown as { __bench: { ready: number | null } }).__bench.ready !== null, null, {
      timeout: 30_000,
      polling: 10,
    });
    const metrics = await cdp.send('Performance.getMetrics');
    const t = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { ready: (window as unknown as { __bench: { ready: number } }).__bench.ready, htmlEnd: nav.responseEnd };
    });
    const m = (name: string) => metrics.metrics.find((x) => x.name === name)?.value ?? NaN;
    return {
      scriptToReady: t.ready - t.htmlEnd,
      navToReady: t.ready,
      taskMs: m('TaskDuration') * 1000,
      scriptMs: m('ScriptDuration') * 1000,
      elements: 0,
      errors: 0,
      nodes: 0,
      menuNodes: 0,
    };
  } finally {
    await context.close();
  }
}

export async function runShowcaseBench(options: { runs?: number; warmup?: number; compareDist?: string } = {}): Promise<BenchResult> {
  const runs = options.runs ?? 9;
  const warmup = options.warmup ?? 2;
  const compareDist = options.compareDist && path.resolve(options.compareDist);
  if (compareDist && !existsSync(path.join(compareDist, 'merchant-elements.js')))
    throw new Error(`--compare-dist ${compareDist}: no merchant-elements.js there`);
  const serving = await startServe({ port: 0, logLevel: 'silent' });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const notes: string[] = [];
  try {
    const url = serving.demoUrl;
    const bundle = '/dist/merchant-elements.js';
    // Render once (this also fills the gateway's cache) and take the static copy.
    const capture = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await capture.addInitScript(SHIM);
    await capture.addInitScript(ELEMENTS_INIT);
    const page = await capture.newPage();
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page
      .waitForFunction(() => (window as unknown as { __bench: { ready: number | null } }).__bench.ready !== null, null, { timeout: 30_000 })
      .catch(async () => {
        const states = await page.evaluate(() => [...document.querySelectorAll('[state]')].map((e) => `${e.localName}=${e.getAttribute('state')}`).join(', '));
        throw new Error(`the showcase's elements did not all become ready in 30 s (${states}); see the page's console errors`);
      });
    const undefinedTags = await page.evaluate(() => (window as unknown as { __bench: { undefinedTags: string[] } }).__bench.undefinedTags);
    if (undefinedTags.length) notes.push(`not defined by the bundle (not measured): ${undefinedTags.join(', ')}`);
    const html = await page.evaluate(snapshot);
    await capture.close();
    const staticUrl = new URL('/static-copy-of-showcase.html', url).href;

    const el: Sample[] = [];
    const st: Sample[] = [];
    const other: Sample[] = [];
    // Each round samples every kind once, in an order that rotates from round to round.
    const kinds = compareDist ? ['elements', 'static', 'compared'] : ['elements', 'static'];
    for (let r = 0; r < warmup + runs; r++) {
      const order = [...kinds.slice(r % kinds.length), ...kinds.slice(0, r % kinds.length)];
      for (const kind of order) {
        const s =
          kind === 'elements'
            ? await sampleElements(browser, url, bundle)
            : kind === 'compared'
              ? await sampleElements(browser, url, bundle, compareDist)
              : await sampleStatic(browser, staticUrl, html);
        if (r >= warmup) (kind === 'elements' ? el : kind === 'compared' ? other : st).push(s);
      }
    }
    const errors = el.reduce((n, s) => n + s.errors, 0);
    if (errors) notes.push(`${errors} element(s) ended in the error state across the samples.`);
    const detail = (pick: (s: Sample) => number) => ({
      runs,
      warmup,
      elementsMs: el.map((s) => round(pick(s), 1)),
      staticMs: st.map((s) => round(pick(s), 1)),
    });
    const count = el[0]?.elements ?? 0;
    notes.push(`${count} non-lazy elements waited for; the static copy is ${html.length.toLocaleString('en-US')} characters of HTML.`);
    // Each metric, what it is on the showcase and on its static copy.
    const metrics: [name: string, pick: (s: Sample) => number, staticSubject: string][] = [
      ['script start → every element ready', (s) => s.scriptToReady, 'static copy: HTML received → DOM parsed and laid out'],
      ['navigation start → every element ready', (s) => s.navToReady, 'static copy: navigation start → DOMContentLoaded + layout'],
      ['main-thread busy time of the load (TaskDuration)', (s) => s.taskMs, 'static copy: the same'],
      ['script execution time (ScriptDuration)', (s) => s.scriptMs, 'static copy: the same'],
    ];
    const figures = metrics.map(([name, pick, staticSubject]) =>
      figure(`showcase: ${name}`, 'median', median(el.map(pick)), 'ms', { subject: staticSubject, value: median(st.map(pick)) }, detail(pick)),
    );
    if (compareDist) {
      for (const [name, pick] of metrics) {
        figures.push(
          figure(
            `showcase, build ${compareDist}: ${name}`,
            'median',
            median(other.map(pick)),
            'ms',
            { subject: `this build (dist/): the same`, value: median(el.map(pick)) },
            { runs, warmup, comparedMs: other.map((s) => round(pick(s), 1)), elementsMs: el.map((s) => round(pick(s), 1)) },
          ),
        );
      }
      for (const [name, pick] of [
        ['elements in the DOM when ready (the document and every shadow root)', (s: Sample) => s.nodes],
        ["elements in the menu's shadow root when ready", (s: Sample) => s.menuNodes],
      ] as const)
        figures.push(
          figure(`showcase, build ${compareDist}: ${name}`, 'median', median(other.map(pick)), 'elements', {
            subject: 'this build (dist/): the same',
            value: median(el.map(pick)),
          }),
        );
      const otherErrors = other.reduce((n, s) => n + s.errors, 0);
      if (otherErrors) notes.push(`${otherErrors} element(s) of the compared build ended in the error state across the samples.`);
    }
    return {
      bench: 'showcase',
      title: 'Showcase page: time until every element is ready, against a static HTML copy of the same rendered page (median)',
      method:
        "npm start's server in-process on loopback; Chromium via playwright-core, a fresh context per sample, elements page and static copy alternating, " +
        `${warmup} warm-up rounds discarded, ${runs} measured. Ready = every non-lazy merchant-* element left "loading" (merchant-load/merchant-error), updateComplete, forced layout. ` +
        'Script start = Resource Timing responseEnd of dist/merchant-elements.js. Static copy = the rendered showcase serialized with declarative shadow DOM and inlined styles, no script. ' +
        'Main-thread time = CDP Performance.getMetrics TaskDuration / ScriptDuration for the whole load, read at ready.',
      date: new Date().toISOString(),
      environment: environment(true),
      figures,
      notes,
    };
  } finally {
    await browser.close();
    await serving.close();
  }
}

if (isMain(import.meta.url)) {
  const quick = process.argv.includes('--quick');
  const at = process.argv.indexOf('--compare-dist');
  const compareDist = (at >= 0 ? process.argv[at + 1] : undefined) ?? process.env.MERCHANT_BENCH_COMPARE_DIST ?? undefined;
  const result = await runShowcaseBench({ runs: numberFlag('--runs', quick ? 3 : 9), warmup: quick ? 1 : 2, compareDist: compareDist || undefined });
  writeResult(result);
  printResult(result);
}
