/**
 * Menu render: `<merchant-menu>` showing one menu of 100, 1,000 and 5,000 items, against static
 * innerHTML of the same markup, in Chromium (playwright-core), alternating runs, median.
 *
 * What one sample measures (performance.now() in the page, after a forced GC):
 * - element: from createElement('merchant-menu') to its rendered shadow DOM laid out — append, the
 *   element's load (the page response is already in the page-level request cache, so no network),
 *   Lit's render, `merchant-load`, `updateComplete`, then a forced style + layout (offsetHeight).
 * - static: a plain <div> with a shadow root adopting the same constructed style sheets, whose
 *   innerHTML is set to the element's rendered markup (Lit's marker comments removed), then the same
 *   forced style + layout.
 * Both run in the same page, one after the other, the order alternating each round; the first rounds
 * are warm-up and discarded. `no-structured-data` is set so that both produce the same DOM (the JSON-LD
 * child is the element's extra work and is measured separately by nothing here).
 *
 *   node --import tsx bench/render-menu.ts [--runs 9] [--quick]
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import type { Menu, MenuItem, MenuSection, PageResponse } from '../src/contract/index.ts';
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
  root,
  round,
  writeResult,
  type BenchResult,
  type Figure,
} from './lib.ts';

export const SIZES = [100, 1000, 5000];
const PER_SECTION = 25;

const WORDS = [
  'smoked',
  'charred',
  'heirloom',
  'tomato',
  'basil',
  'garlic',
  'lemon',
  'chili',
  'roasted',
  'fennel',
  'ricotta',
  'mushroom',
  'truffle',
  'honey',
  'pistachio',
  'saffron',
  'olive',
  'caper',
  'anchovy',
  'pepper',
];
const DIETS = [[], ['vegetarian'], ['vegan', 'gluten-free'], [], ['spicy'], ['dairy'], []] as MenuItem['dietary'][];

/** A deterministic menu of `n` items, in sections of 25, shaped like the gateway's normalized output. */
export function benchMenu(n: number, origin: string): Menu {
  const sections: MenuSection[] = [];
  for (let s = 0; s * PER_SECTION < n; s++) {
    const items: MenuItem[] = [];
    for (let i = s * PER_SECTION; i < Math.min(n, (s + 1) * PER_SECTION); i++) {
      const w = (k: number) => WORDS[(i * 7 + k * 3) % WORDS.length]!;
      const price = 4 + ((i * 37) % 300) / 10;
      items.push({
        id: `item-${i}`,
        name: `${w(0)} ${w(1)} ${i + 1}`,
        description: i % 3 === 0 ? null : `${w(2)}, ${w(3)} and ${w(4)} with ${w(5)}`,
        order: i,
        photos: [],
        choices:
          i % 4 === 0
            ? [
                { name: 'Small', unit: null, order: 0, price: { min: price, max: price }, calories: { min: 300, max: 300 } },
                { name: 'Large', unit: null, order: 1, price: { min: price + 4, max: price + 4 }, calories: { min: 600, max: 640 } },
              ]
            : [{ name: null, unit: i % 9 === 0 ? 'per lb' : null, order: 0, price: i % 17 === 0 ? null : { min: price, max: price }, calories: null }],
        additions: i % 5 === 0 ? [{ name: `extra ${w(6)}`, unit: null, order: 0, price: { min: 1.5, max: 1.5 } }] : [],
        dietary: DIETS[i % DIETS.length]!,
      });
    }
    sections.push({ id: `section-${s}`, name: `Section ${s + 1}`, description: s % 2 ? 'Served all day' : null, order: s, items });
  }
  return {
    id: `menu-${n}`,
    locationId: `bench-${n}`,
    name: 'Dinner',
    description: null,
    type: 'menu',
    footnote: 'Prices include tax.',
    order: 0,
    currency: 'USD',
    createdAt: null,
    updatedAt: null,
    attribution: { image: `${origin}/attribution.svg`, link: `${origin}/` },
    sections,
  };
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>render bench</title>
<style>body{margin:0;font:16px system-ui} #stage{width:1024px}</style></head>
<body><div id="stage"></div>
<script type="module">
import '/dist/merchant-elements.js';
window.__ready = true;
</script></body></html>`;

const ATTRIBUTION = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="24"><rect width="120" height="24" fill="#888"/></svg>`;

/** A loopback server: the page, dist/, and a stand-in gateway answering the page request of bench-<n>. */
/** Serves the bench page, the menus of `sizes` dishes and the browser build in `dist` (this checkout's by default). */
export async function startBenchServer(sizes = SIZES, dist = path.join(root, 'dist')): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const bodies = new Map<string, string>();
  let origin = '';
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const m = /^\/v1\/locations\/bench-(\d+)\/page$/.exec(url.pathname);
    if (m && sizes.includes(Number(m[1]))) {
      const n = Number(m[1]);
      if (!bodies.has(m[1]!)) bodies.set(m[1]!, JSON.stringify({ menus: [benchMenu(n, origin)] } satisfies PageResponse));
      res.writeHead(200, { 'content-type': 'application/json' }).end(bodies.get(m[1]!));
      return;
    }
    if (url.pathname === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
    if (url.pathname === '/attribution.svg') return void res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(ATTRIBUTION);
    if (url.pathname === '/dist/merchant-elements.js' && process.env.MERCHANT_BENCH_BUNDLE) {
      // A development aid: measure another build of the same entry (e.g. one made by esbuild).
      return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(await readFile(process.env.MERCHANT_BENCH_BUNDLE));
    }
    if (url.pathname.startsWith('/dist/') && /^[\w./-]+$/.test(url.pathname) && !url.pathname.includes('..')) {
      try {
        const body = await readFile(path.join(dist, url.pathname.slice('/dist/'.length)));
        return void res.writeHead(200, { 'content-type': url.pathname.endsWith('.js') ? 'text/javascript' : 'application/json' }).end(body);
      } catch {
        // Not there: the 404 below.
      }
    }
    res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

interface Sample {
  element: number;
  static: number;
}

export async function runRenderBench(options: { runs?: number; warmup?: number } = {}): Promise<BenchResult> {
  const runs = options.runs ?? 9;
  const warmup = options.warmup ?? 2;
  const server = await startBenchServer();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc'] });
  const figures: Figure[] = [];
  const notes: string[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => (window as unknown as { __ready?: boolean }).__ready === true, null, { timeout: 30_000 });
    const endpoint = server.url;
    const defined = await page.evaluate(() => Boolean(customElements.get('merchant-menu')));
    if (!defined) throw new Error('dist/merchant-elements.js does not define merchant-menu (run `npm run build`; is it in src/index.ts?)');

    for (const n of SIZES) {
      // A first element warms the page-level cache (the timed ones read their response from it), and gives the markup.
      const info = await page.evaluate(
        async ({ endpoint, id }) => {
          const w = window as unknown as { __markup?: string; __sheets?: CSSStyleSheet[] };
          const el = document.createElement('merchant-menu') as HTMLElement & { updateComplete: Promise<unknown> };
          el.setAttribute('endpoint', endpoint);
          el.setAttribute('location-id', id);
          el.setAttribute('no-structured-data', '');
          const loaded = new Promise((resolve, reject) => {
            el.addEventListener('merchant-load', resolve, { once: true });
            el.addEventListener('merchant-error', (e) => reject(new Error(JSON.stringify((e as CustomEvent).detail))), { once: true });
            setTimeout(() => reject(new Error('merchant-menu did not load in 60 s')), 60_000);
          });
          document.getElementById('stage')!.replaceChildren(el);
          await loaded;
          await el.updateComplete;
          const root = el.shadowRoot!;
          w.__markup = root.innerHTML.replace(/<!--[^]*?-->/g, '');
          w.__sheets = [...root.adoptedStyleSheets];
          const count = root.querySelectorAll('[part~="item"]').length;
          document.getElementById('stage')!.replaceChildren();
          return { count, bytes: w.__markup.length, sheets: w.__sheets.length, styles: root.querySelectorAll('style').length };
        },
        { endpoint, id: `bench-${n}` },
      );
      if (info.count !== n) notes.push(`merchant-menu rendered ${info.count} item parts for ${n} items (the figure still times the whole render).`);
      if (info.sheets === 0 && info.styles === 0) notes.push("the element's shadow root had no adopted style sheets: the static baseline is unstyled.");

      const samples: Sample[] = [];
      for (let r = 0; r < warmup + runs; r++) {
        const order: (keyof Sample)[] = r % 2 === 0 ? ['element', 'static'] : ['static', 'element'];
        const sample = {} as Sample;
        for (const kind of order) {
          sample[kind] = await page.evaluate(
            async ({ kind, endpoint, id }) => {
              const w = window as unknown as { gc?: () => void; __markup: string; __sheets: CSSStyleSheet[] };
              const stage = document.getElementById('stage')!;
              stage.replaceChildren();
              w.gc?.();
              await new Promise((r) => setTimeout(r, 0));
              const t0 = performance.now();
              if (kind === 'element') {
                const el = document.createElement('merchant-menu') as HTMLElement & { updateComplete: Promise<unknown> };
                el.setAttribute('endpoint', endpoint);
                el.setAttribute('location-id', id);
                el.setAttribute('no-structured-data', '');
                const loaded = new Promise((resolve) => el.addEventListener('merchant-load', resolve, { once: true }));
                stage.append(el);
                await loaded;
                await el.updateComplete;
              } else {
                const host = document.createElement('div');
                const root = host.attachShadow({ mode: 'open' });
                root.adoptedStyleSheets = w.__sheets;
                root.innerHTML = w.__markup;
                stage.append(host);
              }
              void stage.offsetHeight;
              const t1 = performance.now();
              stage.replaceChildren();
              return t1 - t0;
            },
            { kind, endpoint, id: `bench-${n}` },
          );
        }
        if (r >= warmup) samples.push(sample);
      }
      const el = samples.map((s) => s.element);
      const st = samples.map((s) => s.static);
      figures.push(
        figure(
          `merchant-menu, ${n.toLocaleString('en-US')} items`,
          'median render (create → rendered + layout)',
          median(el),
          'ms',
          { subject: 'static innerHTML of the same markup', value: median(st) },
          {
            runs,
            warmup,
            elementMs: el.map((x) => round(x, 2)),
            staticMs: st.map((x) => round(x, 2)),
            elementP90: round(quantile(el, 0.9), 2),
            staticP90: round(quantile(st, 0.9), 2),
            markupChars: info.bytes,
          },
        ),
      );
    }
    if (errors.length) notes.push(`page errors: ${errors.slice(0, 3).join(' | ')}`);
    await context.close();
    return {
      bench: 'render',
      title: 'Menu render in Chromium: <merchant-menu> vs static innerHTML of the same markup (median ms)',
      method:
        `One menu of N items (sections of ${PER_SECTION}). Element: createElement → append → load from the warmed page cache → Lit render → merchant-load → updateComplete → forced layout. ` +
        `Static: a div whose shadow root adopts the same style sheets and gets the element's rendered markup as innerHTML → forced layout. ` +
        `Same page, GC forced before each sample, order alternating each round, ${warmup} warm-up rounds discarded, ${runs} measured, median.`,
      date: new Date().toISOString(),
      environment: environment(true),
      figures,
      notes,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

if (isMain(import.meta.url)) {
  const quick = process.argv.includes('--quick');
  const result = await runRenderBench({ runs: numberFlag('--runs', quick ? 3 : 9), warmup: quick ? 1 : 2 });
  writeResult(result);
  printResult(result);
}
