/**
 * Pages on a phone and on loopback: what a diner waits for on each kind of page, under Lighthouse's mobile profile
 * (network and CPU throttled through the DevTools protocol: bench/mobile-profile.ts) and on loopback as it is, each
 * page against its static copy, side by side in one run.
 *
 * Pages (each served through its own bench/front-server.ts in front of the real server, so that every page, its static
 * copy and another build of it are served and throttled the same way):
 * - client-rendered showcase: demo/index.html from npm start's server (in this process);
 * - server-rendered showcase: the same with every element replaced by the gateway's render route (as bench/ssr-showcase.ts);
 *   `ssr-eager` (asked for by name): the same content with no element `lazy`, every one live with the page;
 * - `article` and `article-eager` (asked for by name): a publisher's article placing eight restaurants, each with its
 *   short menu and compact hours server-rendered (bench/ssr-showcase.ts `serverRenderedArticle`), all but the first
 *   `lazy`, or none;
 * - WordPress, self-fetch: a real WordPress whose plugin fetches its own data and prints it into the page as data
 *   blocks (bench/wordpress.ts's "self" site: menu, hours and actions blocks);
 * - WordPress, through a gateway: the same page server-rendered through a Node gateway (bench/wordpress.ts's other site).
 * Static copy of each: the finished page (its elements ready) serialized with declarative shadow DOM and inlined
 * styles (bench/showcase-ready.ts's snapshot), every script removed, served at the same path by a front of its own.
 *
 * Per sample (a fresh browser context; the variants of a profile in rotating order, round after round; medians):
 * navigation → first contentful paint, → largest contentful paint (the last entry before ready), → ready
 * (bench/ready-signal.ts: every non-lazy merchant-* element but the provider defined, out of `loading`, its update
 * complete, layout forced; the static copy: DOMContentLoaded + layout), and before ready: bytes on the wire (headers
 * included), requests started, and the longest chain of requests each started by the one before (page → script →
 * data → module…).
 *
 *   node --import tsx bench/mobile.ts [--profile mobile|loopback|both] [--pages showcase,ssr,ssr-eager,article,article-eager,wordpress] [--runs 5] [--quick]
 *                                     [--compare-dist <dir> | --compare-checkout <dir>]
 *   npm run bench -- --only mobile [--profile mobile]
 *   MERCHANT_BENCH_COMPARE_DIST=/tmp/dist-before npm run bench -- --only mobile --no-build
 *
 * `--compare-dist <dir>` (or MERCHANT_BENCH_COMPARE_DIST) adds each elements page with its bundle and on-demand
 * modules (every merchant-elements*.js) answered from <dir> (another build's dist/) in the same rounds; its figures
 * stand against this build's (ratio = that build / this one). The HTML, data and server renders are this checkout's.
 *
 * `--compare-checkout <dir>` (another checkout, built, with its node_modules: `git worktree add --detach /tmp/base main`,
 * then `npm run build` there) compares more than the bundle: the showcases come from that checkout's own servers (its
 * `npm start` in a child process: its demo pages, gateway and render route), its server-rendered showcase put together
 * from that checkout's render route by that checkout's own bench/ssr-showcase.ts (as that build put its page together); the WordPress pages
 * come from two more sites with that checkout's plugin (its built zip: its PHP and its bundle), over the same sandbox.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { startServe } from '../src/cli/serve.ts';
import { startFront, type Front } from './front-server.ts';
import { applyProfile, beforeReady, bytesBy, PROFILES, shortUrl, type BeforeReady, type Profile } from './mobile-profile.ts';
import { readySignal, waitForReady } from './ready-signal.ts';
import { snapshot } from './showcase-ready.ts';
import { serverRenderedArticle, serverRenderedShowcase } from './ssr-showcase.ts';
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
/** Paint timings up to the ready moment (bench/ready-signal.ts's, added before this). */
const INIT = `(() => {
  const t = (window.__bench = { lcp: 0 });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (window.__ready.at === null) t.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
})();`;

/** The elements' own requests: the bundle and its on-demand modules, their data (the gateway's, the plugin's REST route). */
const ELEMENTS_REQUEST = /merchant-elements[\w.-]*\.js(\?|$)|\/v1\/locations\/|\/wp-json\/merchant-elements\//;

interface Sample extends BeforeReady {
  /** Of `bytes`, the elements' own requests'. */
  elementsBytes: number;
  fcp: number;
  lcp: number;
  ready: number;
  elements: number;
  errors: number;
  /** The requests before ready: short URL, start and end in ms from navigation, bytes. */
  log: string[];
}

interface PageKind {
  id: string;
  /** What the page is, for the figures. */
  label: string;
  upstream: string;
  /** Path (and search) of the page on its server. */
  path: string;
  /** The page's HTML when the front makes it (the server-rendered showcase); else the server's. */
  html?: string;
  /** The compared build's own page (--compare-checkout): its server, its path, its HTML when the front makes it. */
  compared?: { upstream: string; path: string; html?: string };
}

/**
 * Another checkout's server-rendered showcase, put together by that checkout's own bench/ssr-showcase.ts (in a child
 * process, from its servers' URLs), so a compared build's page is assembled as that build assembled it, whichever
 * build it is (bench/ssr-page-costs.ts too).
 */
export async function comparedServerRenderedShowcase(dir: string, demoUrl: string, gatewayUrl: string, locationId: string): Promise<string> {
  const module = pathToFileURL(path.resolve(dir, 'bench/ssr-showcase.ts')).href;
  const script = `const { serverRenderedShowcase } = await import(${JSON.stringify(module)}); process.stdout.write(await serverRenderedShowcase(${JSON.stringify(demoUrl)}, ${JSON.stringify(gatewayUrl)}, ${JSON.stringify(locationId)})); process.exit(0);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`--compare-checkout ${dir}: its bench/ssr-showcase.ts exited (${code})`);
  return Buffer.concat(chunks).toString('utf8');
}

/** Another checkout's `npm start` (sandbox, gateway, demo) in a child process, for --compare-checkout (bench/long-tasks.ts too). */
export async function startCheckout(dir: string): Promise<{ demoUrl: string; gatewayUrl: string; stop(): Promise<void> }> {
  const serve = pathToFileURL(path.join(dir, 'src/cli/serve.ts')).href;
  const script = `const { startServe } = await import(${JSON.stringify(serve)}); const s = await startServe({ port: 0, logLevel: 'silent' }); console.log(JSON.stringify({ demoUrl: s.demoUrl, gatewayUrl: s.gatewayUrl }));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`--compare-checkout ${dir}: its server exited (${code})`)));
  });
  const urls = JSON.parse(line) as { demoUrl: string; gatewayUrl: string };
  return {
    ...urls,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

interface Variant {
  kind: PageKind;
  role: 'page' | 'static copy' | 'compared build';
  front: Front;
}

/** One sample: a fresh context under the profile, navigation to ready, then the figures. */
async function sample(browser: Browser, url: string, profile: Profile): Promise<Sample> {
  const context = await browser.newContext(profile.context);
  try {
    await context.addInitScript(SHIM);
    await context.addInitScript(readySignal());
    await context.addInitScript(INIT);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const network = await applyProfile(cdp, profile);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    const ready = await waitForReady(page).catch(async () => {
      const states = await page.evaluate(() =>
        [...document.querySelectorAll('*')]
          .filter((e) => e.localName.startsWith('merchant-'))
          .map((e) => `${e.localName}${customElements.get(e.localName) ? '' : ' (undefined)'}=${e.getAttribute('state')}`)
          .join(', '),
      );
      const pending = network
        .requests()
        .filter((r) => r.endMs === null)
        .map((r) => r.url)
        .join(', ');
      throw new Error(
        `not ready in 60 s: ${states || 'no merchant-* element'}; requests still going: ${pending || 'none'}; errors: ${problems.join(' / ') || 'none'}`,
      );
    });
    const t = await page.evaluate(() => {
      const b = (window as unknown as { __bench: { lcp: number } }).__bench;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      return { ...b, fcp, timeOrigin: performance.timeOrigin };
    });
    const readyMs = t.timeOrigin + ready.at;
    const requests = network.requests();
    const counted = beforeReady(requests, readyMs);
    const origin = new URL(url).origin;
    const log = requests
      .filter((r) => r.startMs <= readyMs)
      .map(
        (r) =>
          `${shortUrl(r.url, origin)} (${r.type ?? '?'}) ${round(r.startMs - t.timeOrigin, 0)}–${r.endMs === null ? '…' : round(r.endMs - t.timeOrigin, 0)} ms ${r.totalBytes || r.chunks.reduce((n, [, b]) => n + b, 0)} B`,
      );
    return {
      fcp: t.fcp,
      lcp: t.lcp || t.fcp,
      ready: ready.at,
      elements: ready.count,
      errors: ready.errors,
      ...counted,
      elementsBytes: requests.filter((r) => r.startMs <= readyMs && ELEMENTS_REQUEST.test(r.url)).reduce((n, r) => n + bytesBy(r, readyMs), 0),
      chain: counted.chain.map((u) => shortUrl(u, origin)),
      log,
    };
  } finally {
    await context.close();
  }
}

/** The finished page (elements ready, on loopback) as static HTML: declarative shadow DOM, styles inlined, no script. */
async function staticCopy(browser: Browser, url: string): Promise<string> {
  const context = await browser.newContext(PROFILES.loopback.context);
  try {
    await context.addInitScript(SHIM);
    await context.addInitScript(readySignal());
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    await waitForReady(page);
    const html = await page.evaluate(snapshot);
    return html.replace(/<script\b[^>]*>[^]*?<\/script>/g, '').replace(/<link\b[^>]*rel="(?:modulepreload|preload)"[^>]*>/g, '');
  } finally {
    await context.close();
  }
}

const METRICS: [name: string, unit: string, pick: (s: Sample) => number][] = [
  ['navigation → first contentful paint', 'ms', (s) => s.fcp],
  ['navigation → largest contentful paint', 'ms', (s) => s.lcp],
  ['navigation → every element ready', 'ms', (s) => s.ready],
  ['bytes on the wire before ready', 'bytes', (s) => s.bytes],
  ["of which the elements' own (bundle, modules, data)", 'bytes', (s) => s.elementsBytes],
  ['requests started before ready', 'requests', (s) => s.requests],
  ['longest chain of dependent requests before ready', 'round trips', (s) => s.chain.length],
];

export async function runMobileBench(
  options: { runs?: number; warmup?: number; profiles?: Profile['id'][]; pages?: string[]; compareDist?: string; compareCheckout?: string } = {},
): Promise<BenchResult> {
  const runs = options.runs ?? 5;
  const warmup = options.warmup ?? 1;
  const profiles = (options.profiles ?? ['loopback', 'mobile']).map((id) => PROFILES[id]);
  const pages = options.pages ?? ['showcase', 'ssr', 'wordpress'];
  const compareCheckout = options.compareCheckout && path.resolve(options.compareCheckout);
  const compareDist = (options.compareDist && path.resolve(options.compareDist)) || (compareCheckout && path.join(compareCheckout, 'dist'));
  if (compareDist && !existsSync(path.join(compareDist, 'merchant-elements.js')))
    throw new Error(`--compare-dist ${compareDist}: no merchant-elements.js there`);
  const stops: (() => Promise<unknown>)[] = [];
  const notes: string[] = [];
  try {
    const kinds: PageKind[] = [];
    if (['showcase', 'ssr', 'ssr-eager', 'article', 'article-eager'].some((id) => pages.includes(id))) {
      const serving = await startServe({ port: 0, logLevel: 'silent' });
      stops.push(() => serving.close());
      const demo = new URL(serving.demoUrl);
      const base = compareCheckout ? await startCheckout(compareCheckout) : undefined;
      if (base) stops.push(() => base.stop());
      const baseDemo = base && new URL(base.demoUrl);
      if (pages.includes('showcase'))
        kinds.push({
          id: 'showcase',
          label: 'client-rendered showcase',
          upstream: demo.origin,
          path: demo.pathname + demo.search,
          ...(baseDemo && { compared: { upstream: baseDemo.origin, path: baseDemo.pathname + baseDemo.search } }),
        });
      if (pages.includes('ssr')) {
        const config = (await (await fetch(new URL('/demo-api/config', serving.demoUrl))).json()) as { featured: { id: string } };
        const html = await serverRenderedShowcase(serving.demoUrl, serving.gatewayUrl, config.featured.id);
        const path = '/server-rendered-showcase.html';
        const compared = base && {
          upstream: baseDemo!.origin,
          path,
          html: await comparedServerRenderedShowcase(compareCheckout!, base.demoUrl, base.gatewayUrl, config.featured.id),
        };
        kinds.push({ id: 'ssr', label: 'server-rendered showcase', upstream: demo.origin, path, html, ...(compared && { compared }) });
      }
      if (pages.includes('ssr-eager')) {
        const config = (await (await fetch(new URL('/demo-api/config', serving.demoUrl))).json()) as { featured: { id: string } };
        // The same page with every element live with it (none `lazy`): what lazy hydration saves, on the same content.
        const html = await serverRenderedShowcase(serving.demoUrl, serving.gatewayUrl, config.featured.id, { eager: true });
        kinds.push({
          id: 'ssr-eager',
          label: 'server-rendered showcase, every element live with the page',
          upstream: demo.origin,
          path: '/server-rendered-eager.html',
          html,
        });
      }
      for (const [id, eager] of [
        ['article', false],
        ['article-eager', true],
      ] as const) {
        if (!pages.includes(id)) continue;
        const html = await serverRenderedArticle(serving.demoUrl, serving.gatewayUrl, { eager });
        const label = eager
          ? 'server-rendered article, eight restaurants, every element live with the page'
          : 'server-rendered article, eight restaurants, all but the first lazy';
        kinds.push({ id, label, upstream: demo.origin, path: `/${id}.html`, html });
      }
    }
    if (pages.includes('wordpress')) {
      const { startSitePair } = await import('./wordpress.ts');
      const { startSandboxForTests } = await import('../test/node/gateway-fixture.ts');
      const { NEWEST_WORDPRESS, wordpressMissing } = await import('../test/wordpress/wordpress.ts');
      const missing = wordpressMissing(NEWEST_WORDPRESS);
      if (missing) notes.push(`WordPress pages not measured: ${missing}`);
      else {
        const sandbox = await startSandboxForTests();
        stops.push(() => sandbox.close());
        const { self, through } = await startSitePair(sandbox, stops);
        // With --compare-checkout, the same two sites again with that checkout's plugin (its zip: its PHP and its dist/).
        const comparedZip = compareCheckout && path.join(compareCheckout, 'dist/wordpress/merchant-elements.zip');
        if (comparedZip && !existsSync(comparedZip)) throw new Error(`--compare-checkout ${compareCheckout}: no ${comparedZip} (npm run build there)`);
        const base = comparedZip ? await startSitePair(sandbox, stops, comparedZip) : undefined;
        for (const [id, label, link, baseLink] of [
          ['wordpress-self', 'WordPress page, self-fetch (data blocks)', self.link, base?.self.link],
          ['wordpress-gateway', 'WordPress page, through a gateway (server-rendered)', through.link, base?.through.link],
        ] as const) {
          const u = new URL(link);
          const b = baseLink ? new URL(baseLink) : undefined;
          kinds.push({
            id,
            label,
            upstream: u.origin,
            path: u.pathname + u.search,
            ...(b && { compared: { upstream: b.origin, path: b.pathname + b.search } }),
          });
          // Warm every cache behind the page (the plugin's, the gateway's, the renders' transients).
          for (const warm of [link, baseLink]) for (let i = 0; warm && i < 3; i++) await (await fetch(warm)).arrayBuffer();
        }
      }
    }

    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    stops.push(() => browser.close());
    const variants: Variant[] = [];
    for (const kind of kinds) {
      const own = kind.html === undefined ? {} : { pages: { [kind.path]: kind.html } };
      const page = await startFront({ upstream: kind.upstream, ...own });
      stops.push(() => page.close());
      variants.push({ kind, role: 'page', front: page });
      const staticPages: Record<string, string> = {};
      const copy = await startFront({ upstream: kind.upstream, pages: staticPages });
      stops.push(() => copy.close());
      staticPages[kind.path] = (await staticCopy(browser, page.origin + kind.path)).replaceAll(page.origin, copy.origin);
      variants.push({ kind, role: 'static copy', front: copy });
      if (kind.compared) {
        const { upstream, path, html } = kind.compared;
        const other = await startFront({ upstream, ...(html === undefined ? {} : { pages: { [path]: html } }) });
        stops.push(() => other.close());
        variants.push({ kind, role: 'compared build', front: other });
      } else if (compareDist) {
        const other = await startFront({ upstream: kind.upstream, ...own, distDir: compareDist });
        stops.push(() => other.close());
        variants.push({ kind, role: 'compared build', front: other });
      }
      notes.push(
        `${kind.label}: ${(kind.html ?? (await (await fetch(page.origin + kind.path)).text())).length.toLocaleString('en-US')} characters of HTML; its static copy ${staticPages[kind.path]!.length.toLocaleString('en-US')}.`,
      );
    }

    const samples = new Map<string, Sample[]>();
    // A sample that fails (an element never ready) is reported, not hidden: its variant's medians are of the others.
    const failures: string[] = [];
    const key = (profile: Profile, v: Variant) => `${profile.id}|${v.kind.id}|${v.role}`;
    for (const profile of profiles) {
      for (let r = 0; r < warmup + runs; r++) {
        const order = variants.map((_, i) => variants[(i + r) % variants.length]!);
        for (const v of order) {
          const s = await sample(
            browser,
            v.front.origin + (v.role === 'compared build' && v.kind.compared ? v.kind.compared.path : v.kind.path),
            profile,
          ).catch((error: Error) => {
            failures.push(`${profile.id}: ${v.kind.label} (${v.role}), round ${r + 1}: ${error.message.split('\n')[0]}`);
            return null;
          });
          if (s)
            console.log(`  ${profile.id} round ${r + 1}: ${v.kind.label} (${v.role}): ready ${round(s.ready, 0)} ms, ${s.bytes} B, chain ${s.chain.length}`);
          if (r < warmup || !s) continue;
          const list = samples.get(key(profile, v)) ?? [];
          list.push(s);
          samples.set(key(profile, v), list);
        }
      }
    }

    const figures: Figure[] = [];
    for (const profile of profiles) {
      const of = (kind: PageKind, role: Variant['role']) => samples.get(`${profile.id}|${kind.id}|${role}`) ?? [];
      for (const kind of kinds) {
        const page = of(kind, 'page');
        const copy = of(kind, 'static copy');
        const other = of(kind, 'compared build');
        for (const [name, unit, pick] of METRICS) {
          figures.push(
            figure(
              `${profile.id}: ${kind.label}: ${name}`,
              'median',
              median(page.map(pick)),
              unit,
              { subject: 'its static copy', value: median(copy.map(pick)) },
              {
                runs,
                warmup,
                page: page.map((s) => round(pick(s), 1)),
                staticCopy: copy.map((s) => round(pick(s), 1)),
              },
            ),
          );
          if (other.length)
            figures.push(
              figure(
                `${profile.id}: ${kind.label}, build ${compareCheckout ?? compareDist}: ${name}`,
                'median',
                median(other.map(pick)),
                unit,
                { subject: 'this build (dist/)', value: median(page.map(pick)) },
                {
                  compared: other.map((s) => round(pick(s), 1)),
                  page: page.map((s) => round(pick(s), 1)),
                },
              ),
            );
        }
        const errors = page.reduce((n, s) => n + s.errors, 0) + other.reduce((n, s) => n + s.errors, 0);
        if (errors) notes.push(`${profile.id}: ${kind.label}: ${errors} element(s) ended in the error state across the samples.`);
        const last = page.at(-1);
        if (last)
          notes.push(
            `${profile.id}: ${kind.label}: ${last.elements} elements; longest chain before ready (last sample): ${last.chain.join(' → ')}; ` +
              `requests before ready: ${last.log.join('; ')}.`,
          );
      }
      // The issue's goals compare the server-rendered showcase with the client-rendered one.
      const client = kinds.find((k) => k.id === 'showcase');
      const server = kinds.find((k) => k.id === 'ssr');
      if (client && server)
        for (const [name, unit, pick] of METRICS.slice(0, 4))
          figures.push(
            figure(`${profile.id}: server-rendered showcase: ${name}`, 'median', median(of(server, 'page').map(pick)), unit, {
              subject: 'the client-rendered showcase',
              value: median(of(client, 'page').map(pick)),
            }),
          );
    }
    for (const failure of failures) notes.push(`failed sample: ${failure}`);
    if (failures.length) console.error(`bench mobile: ${failures.length} failed sample(s):\n  ${failures.join('\n  ')}`);
    return {
      bench: 'mobile',
      title: 'Pages on a phone (mobile profile) and on loopback: each page against its static copy (median)',
      method:
        `Profiles: ${profiles.map((p) => `${p.id} = ${p.description}`).join('; ')}. Pages: ${kinds.map((k) => k.label).join(', ')}; each and its static copy ` +
        '(the finished page serialized with declarative shadow DOM and inlined styles, every script removed) served over real HTTP by a front server of its own ' +
        '(bench/front-server.ts: compresses like a host, passes the rest to the real server: npm start in-process, WordPress on php -S and MariaDB, caches warm). ' +
        `Chromium via playwright-core, a fresh context per sample, every variant of a profile in rotating order, ${warmup} warm-up round(s) discarded, ${runs} measured. ` +
        'FCP from the paint timeline; LCP = the last largest-contentful-paint entry before ready; ready (bench/ready-signal.ts) = every non-lazy merchant-* element (not the provider) defined, ' +
        'out of "loading", updateComplete, layout forced (static copy: DOMContentLoaded + layout), looked for at those events, not polled. Before ready, from CDP Network events: requests started, ' +
        "bytes on the wire (encodedDataLength, headers included), and the longest chain of requests each started by the one before (initiator: the parser's document, " +
        "the calling script's stack, the redirecting request). Ratios against the static copy, measured side by side.",
      date: new Date().toISOString(),
      environment: environment(true),
      figures,
      notes,
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  }
}

function listFlag(name: string): string[] | undefined {
  const at = process.argv.indexOf(name);
  const value = at >= 0 ? process.argv[at + 1] : process.argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
  return value === undefined
    ? undefined
    : value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
}

if (isMain(import.meta.url)) {
  const quick = process.argv.includes('--quick');
  const profileFlag = listFlag('--profile') ?? ['both'];
  const profiles = (profileFlag.includes('both') ? ['loopback', 'mobile'] : profileFlag) as Profile['id'][];
  for (const p of profiles) if (!(p in PROFILES)) throw new Error(`--profile ${p}: one of loopback, mobile, both`);
  const compareDist = listFlag('--compare-dist')?.[0] ?? process.env.MERCHANT_BENCH_COMPARE_DIST;
  const compareCheckout = listFlag('--compare-checkout')?.[0] ?? process.env.MERCHANT_BENCH_COMPARE_CHECKOUT;
  const result = await runMobileBench({
    runs: numberFlag('--runs', quick ? 3 : 5),
    warmup: 1,
    profiles,
    pages: listFlag('--pages'),
    compareDist: compareDist || undefined,
    compareCheckout: compareCheckout || undefined,
  });
  writeResult(result);
  printResult(result);
  for (const note of result.notes ?? []) console.log(`- ${note}`);
}
