/**
 * The Intl objects each demo page builds before its elements are ready, and what they cost the main thread under the
 * mobile profile's 4× CPU (issue 29: a page's first `Intl.DateTimeFormat` cost about 85 ms at 4×). Counts, not times
 * on a loaded machine: which objects (kind, locale, options), how many, and the CPU profile's time inside them.
 *
 * Per sample (a fresh context, bench/mobile-profile.ts's mobile profile, the variants in rotating order; medians): an
 * init script wraps, before the page's first script, every Intl constructor (DateTimeFormat, NumberFormat,
 * PluralRules, Collator, ListFormat, RelativeTimeFormat, DisplayNames, Segmenter, Locale), the locale-sensitive
 * methods that build one inside (Date's toLocale*String, Number's and Array's toLocaleString, String's localeCompare)
 * and the formatters' format / formatToParts / formatRange / select, each in a function of its own named `Intl$…`.
 * The CPU profile (CDP Profiler, 100 µs sampling, navigation → ready) then has the time spent inside Intl as the
 * samples under those functions (a native builtin's time is its JS caller's), and the wrappers log each construction with its
 * own duration (performance.now(), throttled), whether it came before ready (bench/long-tasks.ts's signal) and whether
 * inside an element's update (Lit's performUpdate on its stack: the task that renders) or ahead of it.
 *
 * Pages: bench/long-tasks.ts's demo pages, and `bare`: the showcase with its preload and modulepreload hints taken out
 * (the page a site builder makes with the script tag alone), where the loader's requests for the element modules and
 * the data start only once the bundle has run, so the main thread waits a round trip for them
 * (src/elements/shared/warm-formats.ts makes the first formatters then).
 *
 *   node --import tsx bench/intl-costs.ts [--runs 5] [--pages showcase,bare,de] [--compare-checkout <dir>]
 *
 * `--compare-checkout <dir>` (another checkout, built, with its node_modules) serves the same pages from that
 * checkout's own `npm start` in the same rounds (ratio = that build / this one).
 */
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startServe } from '../src/cli/serve.ts';
import { startFront } from './front-server.ts';
import { demoPages } from './long-tasks.ts';
import { startCheckout } from './mobile.ts';
import { applyProfile, PROFILES } from './mobile-profile.ts';
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
  round,
  writeResult,
  type BenchResult,
  type Figure,
} from './lib.ts';

const SHIM = 'window.__name = (fn) => fn;';
const KINDS = ['DateTimeFormat', 'NumberFormat', 'PluralRules', 'Collator', 'ListFormat', 'RelativeTimeFormat', 'DisplayNames', 'Segmenter', 'Locale'];
const METHODS = ['format', 'formatToParts', 'formatRange', 'formatRangeToParts', 'select', 'compare'];
const LOCALE_METHODS: [owner: string, method: string][] = [
  ['Date', 'toLocaleString'],
  ['Date', 'toLocaleDateString'],
  ['Date', 'toLocaleTimeString'],
  ['Number', 'toLocaleString'],
  ['Array', 'toLocaleString'],
  ['String', 'localeCompare'],
];
const WRAPPER_NAMES = [
  ...KINDS.flatMap((kind) => [`Intl$${kind}`, ...METHODS.flatMap((m) => [`Intl$${kind}$${m}`, `Intl$${kind}$${m}$call`])]),
  ...LOCALE_METHODS.map(([owner, m]) => `Intl$${owner}_${m}`),
];

/** Wraps Intl (see the file's comment); ready is bench/ready-signal.ts's, as bench/long-tasks.ts waits for it. */
const INIT = `(() => {
  const t = (window.__intl = { made: [] });
  // Each wrapper is declared with its own name, as a CPU profile shows a function (a computed name is not shown).
  // (A formatter's bound format: one wrapper per formatter, calling the one named function with it.)
  const wrappers = { ${WRAPPER_NAMES.map((name) =>
    name.endsWith('$call')
      ? `${name}: function ${name}(bound, args) { return bound(...args); }`
      : `${name}: function ${name}(...args) { return wrappers.${name}.fn.call(this, args, new.target); }`,
  ).join(', ')} };
  const named = (name, fn) => { const w = wrappers[name]; if (!w) throw new Error(name); w.fn = fn; return w; };
  const log = (kind, args, start) => t.made.push({ kind, locale: String(args[0] ?? ''), options: JSON.stringify(args[1] ?? {}), ms: performance.now() - start, at: start, beforeReady: window.__ready.at === null, inUpdate: inUpdate() });
  const inUpdate = () => { const limit = Error.stackTraceLimit; Error.stackTraceLimit = 200; const stack = new Error().stack; Error.stackTraceLimit = limit; return /performUpdate/.test(stack); };
  const methods = ${JSON.stringify(METHODS)};
  for (const kind of ${JSON.stringify(KINDS)}) {
    const Original = Intl[kind];
    if (!Original) continue;
    const proto = Original.prototype;
    for (const m of methods) {
      const d = Object.getOwnPropertyDescriptor(proto, m);
      if (!d) continue;
      if (d.get) {
        const get = d.get;
        Object.defineProperty(proto, m, { ...d, get: named('Intl$' + kind + '$' + m, function () { const bound = get.call(this); const call = wrappers['Intl$' + kind + '$' + m + '$call']; return (...args) => call(bound, args); }) });
      } else if (typeof d.value === 'function') {
        const f = d.value;
        proto[m] = named('Intl$' + kind + '$' + m, function (args) { return f.apply(this, args); });
      }
    }
    const Wrapped = named('Intl$' + kind, function (args, target) {
      const start = performance.now();
      const made = Reflect.construct(Original, args, target ?? Original);
      log(kind, args, start);
      return made;
    });
    Wrapped.prototype = proto;
    Object.setPrototypeOf(Wrapped, Original);
    Intl[kind] = Wrapped;
  }
  const wrapMethod = (owner, m, kind) => {
    const f = owner.prototype[m];
    owner.prototype[m] = named('Intl$' + kind.replace('.', '_'), function (args) { const start = performance.now(); const r = f.apply(this, args); if (args.length) log(kind, args, start); return r; });
  };
  for (const [owner, m] of ${JSON.stringify(LOCALE_METHODS)}) wrapMethod(globalThis[owner], m, owner + '.' + m);
})();`;

/** Adds `bare` to a checkout's pages: its showcase without hints (see the file's comment), from a front of its own. */
async function withBarePage(pages: Record<string, string>, stops: (() => Promise<unknown>)[]): Promise<Record<string, string>> {
  const hint = /<link rel="(?:module)?preload"[^>]*>\s*/g;
  const html = await (await fetch(pages.showcase!)).text();
  const bare = html.replace(hint, '');
  if (bare === html) throw new Error('the showcase has no hint to take out');
  const front = await startFront({ upstream: new URL(pages.showcase!).origin, pages: { '/script-tag-only.html': bare } });
  stops.push(() => front.close());
  return { ...pages, bare: `${front.origin}/script-tag-only.html` };
}

interface Made {
  kind: string;
  locale: string;
  options: string;
  ms: number;
  at: number;
  beforeReady: boolean;
  /** Built inside an element's update (Lit's performUpdate on the stack: its render's task), not ahead of it. */
  inUpdate: boolean;
}

interface Sample {
  ready: number;
  made: Made[];
  /** CPU profile: time (ms) inside the Intl$… wrappers (the innermost on each sample's stack), by wrapper name. */
  profileMs: Record<string, number>;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string };
  children?: number[];
}

async function sample(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext(PROFILES.mobile.context);
  try {
    await context.addInitScript(SHIM);
    await context.addInitScript(readySignal({ withoutElements: 'load' }));
    await context.addInitScript(INIT);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await applyProfile(cdp, PROFILES.mobile);
    // The page's own renderer first (an image of the same origin, no script), so the profile follows the page: a
    // navigation to another site would move to a new process, out of this profiler's sight.
    await page.goto(new URL('/favicon.svg', url).href, { timeout: 60_000 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    const ready = await waitForReady(page);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
    const t = await page.evaluate(() => (window as unknown as { __intl: { made: Made[] } }).__intl);
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
    // The innermost Intl$ wrapper on a sample's stack: its time is Intl's (the wrapper's own code is a few calls).
    const wrapperOf = (id: number): string | undefined => {
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const name = byId.get(at)?.callFrame.functionName ?? '';
        if (name.startsWith('Intl$')) return name.replace(/\$call$/, '');
      }
      return undefined;
    };
    const profileMs: Record<string, number> = {};
    profile.samples.forEach((id, i) => {
      const name = wrapperOf(id);
      // A sample's time is the delta to the next one.
      if (name) profileMs[name] = (profileMs[name] ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000;
    });
    return { ready: ready.at, made: t.made, profileMs };
  } finally {
    await context.close();
  }
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export async function runIntlCostsBench(options: { runs?: number; pages?: string[]; compareCheckout?: string } = {}): Promise<BenchResult> {
  const runs = options.runs ?? 5;
  const compareCheckout = options.compareCheckout && path.resolve(options.compareCheckout);
  const stops: (() => Promise<unknown>)[] = [];
  const notes: string[] = [];
  try {
    const serving = await startServe({ port: 0, logLevel: 'silent' });
    stops.push(() => serving.close());
    const own = await withBarePage(await demoPages(serving.demoUrl, serving.gatewayUrl, serving.configuratorUrl, stops, true), stops);
    let theirs: Record<string, string> | undefined;
    if (compareCheckout) {
      const base = await startCheckout(compareCheckout);
      stops.push(() => base.stop());
      theirs = await withBarePage(await demoPages(base.demoUrl, base.gatewayUrl, new URL('/configurator.html', base.demoUrl).href, stops, false), stops);
    }
    const ids = Object.keys(own).filter((id) => !options.pages || options.pages.includes(id));
    const variants = ids.flatMap((id) => [
      { id, role: 'this build' as const, url: own[id]! },
      ...(theirs ? [{ id, role: 'compared build' as const, url: theirs[id]! }] : []),
    ]);
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    stops.push(() => browser.close());
    const samples = new Map<string, Sample[]>();
    for (let r = 0; r < runs; r++) {
      for (const v of variants.map((_, i) => variants[(i + r) % variants.length]!)) {
        const s = await sample(browser, v.url).catch((error: Error) => {
          notes.push(`failed sample: ${v.id} (${v.role}), round ${r}: ${error.message.split('\n')[0]}`);
          return null;
        });
        if (!s) continue;
        const before = s.made.filter((m) => m.beforeReady);
        const inProfile = sum(Object.values(s.profileMs));
        console.log(
          `  round ${r}: ${v.id} (${v.role}): ${before.length} Intl objects before ready (${round(sum(before.map((m) => m.ms)), 0)} ms constructing, ${before.filter((m) => m.inUpdate).length} in updates), CPU profile in Intl ${round(inProfile, 0)} ms, ready ${round(s.ready, 0)} ms`,
        );
        const key = `${v.id}|${v.role}`;
        samples.set(key, [...(samples.get(key) ?? []), s]);
      }
    }
    const metrics: [string, string, (s: Sample) => number][] = [
      ['Intl objects built before ready', 'objects', (s) => s.made.filter((m) => m.beforeReady).length],
      [
        'distinct Intl objects (kind, locale, options) before ready',
        'objects',
        (s) => new Set(s.made.filter((m) => m.beforeReady).map((m) => `${m.kind} ${m.locale} ${m.options}`)).size,
      ],
      ['time constructing them (throttled, performance.now)', 'ms', (s) => sum(s.made.filter((m) => m.beforeReady).map((m) => m.ms))],
      ["of which inside the elements' updates (their render's task)", 'ms', (s) => sum(s.made.filter((m) => m.beforeReady && m.inUpdate).map((m) => m.ms))],
      ["Intl objects built inside the elements' updates before ready", 'objects', (s) => s.made.filter((m) => m.beforeReady && m.inUpdate).length],
      ['CPU profile time inside Intl, navigation → ready', 'ms', (s) => sum(Object.values(s.profileMs))],
      ['navigation → ready', 'ms', (s) => s.ready],
    ];
    const figures: Figure[] = [];
    for (const id of ids) {
      const mine = samples.get(`${id}|this build`) ?? [];
      const other = samples.get(`${id}|compared build`) ?? [];
      for (const [name, unit, pick] of metrics)
        figures.push(
          figure(
            `${id}: ${name}`,
            'median',
            median(mine.map(pick)),
            unit,
            other.length ? { subject: `build ${compareCheckout}`, value: median(other.map(pick)) } : null,
            {
              runs,
              page: mine.map((s) => round(pick(s), 1)),
              ...(other.length && { compared: other.map((s) => round(pick(s), 1)) }),
            },
          ),
        );
      for (const [role, list] of [
        ['this build', mine],
        ['compared build', other],
      ] as const) {
        if (!list.length) continue;
        // Each distinct object: how many times, and its first construction's median cost.
        const firsts = new Map<string, number[]>();
        const counts = new Map<string, number>();
        for (const s of list) {
          const seen = new Set<string>();
          for (const m of s.made.filter((m) => m.beforeReady)) {
            const key = `${m.kind}(${m.locale}, ${m.options})`;
            counts.set(key, (counts.get(key) ?? 0) + 1 / list.length);
            if (seen.has(key)) continue;
            seen.add(key);
            firsts.set(key, [...(firsts.get(key) ?? []), m.ms]);
          }
        }
        const profiled = new Map<string, number[]>();
        for (const s of list) for (const [name, ms] of Object.entries(s.profileMs)) profiled.set(name, [...(profiled.get(name) ?? []), ms]);
        notes.push(
          `${id} (${role}), before ready, in the order first built: ${[...firsts].map(([key, ms]) => `${key} ×${round(counts.get(key)!, 1)}, first ${round(median(ms), 1)} ms`).join('; ') || 'none'}. ` +
            `CPU profile time by wrapper (median of ${list.length}, ms): ${[...profiled].map(([name, ms]) => `${name} ${round(median([...ms, ...Array(list.length - ms.length).fill(0)]), 1)}`).join(', ') || 'none'}.`,
        );
      }
    }
    return {
      bench: 'intl-costs',
      title: 'Intl objects built before ready on every demo page (mobile profile, median)',
      method:
        `${PROFILES.mobile.description}. Chromium via playwright-core, a fresh context per sample, variants in rotating order, ${runs} rounds. ` +
        'An init script wraps every Intl constructor, the toLocale*String / localeCompare methods and the formatters’ methods in functions named Intl$…; ' +
        'the samples under them in a CDP CPU profile (100 µs sampling, navigation → ready) is the time spent in Intl; ready as bench/long-tasks.ts.' +
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
    return at >= 0 ? process.argv[at + 1] : undefined;
  };
  const result = await runIntlCostsBench({
    runs: numberFlag('--runs', 5),
    pages: flag('--pages')?.split(','),
    compareCheckout: flag('--compare-checkout'),
  });
  writeResult(result);
  printResult(result);
  for (const note of result.notes ?? []) console.log(`- ${note}`);
}
