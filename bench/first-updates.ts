/**
 * What each element renders before the page is ready, counted rather than timed (issue 29): under a profile (the mobile
 * one by default), a page of this checkout and the same page of another checkout (`--compare-checkout DIR`, built),
 * round after round in alternating order, each sample a fresh browser context. Per sample, up to ready
 * (bench/ready-signal.ts: every non-lazy merchant-* element but the provider out of `loading`, its update complete): the elements' updates, the loading views
 * rendered (an update that left the `skeleton` part in its shadow root), and when the page's own requests started,
 * for the chain (a short menu's `menus?format=short` against its element file). Medians, and every sample's figures.
 *
 *   node --import tsx bench/first-updates.ts [--pages /,/de.html] [--runs 7] [--profile mobile|loopback] [--compare-checkout DIR]
 */
import { chromium } from 'playwright-core';
import { startServe } from '../src/cli/serve.ts';
import { startCheckout } from './mobile.ts';
import { applyProfile, PROFILES } from './mobile-profile.ts';
import { readySignal, waitForReady } from './ready-signal.ts';
import { CHROMIUM_ARGS, chromiumPath, median, numberFlag } from './lib.ts';

/** Counts each merchant-* element's updates (and which left its loading view) until the page is ready. */
const INIT = `(() => {
  const t = (window.__counts = { updates: 0, loadingViews: 0, byTag: {} });
  const define = customElements.define.bind(customElements);
  customElements.define = (name, cls, options) => {
    if (name.startsWith('merchant-') && name !== 'merchant-provider') {
      const update = cls.prototype.update;
      cls.prototype.update = function (changed) {
        update.call(this, changed);
        if (window.__ready.at !== null) return;
        const loading = !!this.shadowRoot?.querySelector('[part~="skeleton"]');
        t.updates++;
        if (loading) t.loadingViews++;
        (t.byTag[this.localName] ??= []).push(loading ? 'loading' : this.getAttribute('state') ?? '?');
      };
    }
    return define(name, cls, options);
  };
})();`;

interface Counts {
  ready: number;
  updates: number;
  loadingViews: number;
  byTag: Record<string, string[]>;
  /** Start of each request of the page's own (ms from navigation), by short name. */
  requests: Record<string, number>;
}

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const runs = numberFlag('--runs', 7);
const pages = (flag('--pages') ?? '/').split(',');
const profile = PROFILES[(flag('--profile') ?? 'mobile') as 'mobile' | 'loopback'];
const compareDir = flag('--compare-checkout');

const serving = await startServe({ port: 0, logLevel: 'silent' });
const compared = compareDir ? await startCheckout(compareDir) : null;
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const builds = [{ name: 'this checkout', demoUrl: serving.demoUrl }, ...(compared ? [{ name: `compared (${compareDir})`, demoUrl: compared.demoUrl }] : [])];

async function sample(demoUrl: string, pagePath: string): Promise<Counts> {
  const context = await browser.newContext(profile.context);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await applyProfile(cdp, profile);
    const requests: Record<string, number> = {};
    let navigationStart = 0;
    cdp.on('Network.requestWillBeSent', (e: { request: { url: string }; timestamp: number }) => {
      const url = new URL(e.request.url);
      if (!navigationStart) navigationStart = e.timestamp;
      const name = url.pathname.split('/').pop()! + (url.search.includes('format=short') ? '?format=short' : '');
      requests[name] ??= Math.round((e.timestamp - navigationStart) * 1000);
    });
    await page.addInitScript(readySignal());
    await page.addInitScript(INIT);
    await page.goto(new URL(pagePath, demoUrl).href);
    const { at: ready } = await waitForReady(page);
    const counts = await page.evaluate(() => (window as unknown as { __counts: Omit<Counts, 'requests' | 'ready'> }).__counts);
    return { ...counts, ready, requests };
  } finally {
    await context.close();
  }
}

try {
  for (const pagePath of pages) {
    const samples = new Map(builds.map((build) => [build.name, [] as Counts[]]));
    for (let round = 0; round < runs; round++) {
      const order = round % 2 ? [...builds].reverse() : builds;
      for (const build of order) samples.get(build.name)!.push(await sample(build.demoUrl, pagePath));
    }
    console.log(`\n${pagePath} (${profile.id} profile, ${runs} rounds, medians)`);
    for (const [name, list] of samples) {
      const m = (f: (c: Counts) => number) => median(list.map(f));
      console.log(`  ${name}: ready ${Math.round(m((c) => c.ready))} ms, updates ${m((c) => c.updates)}, loading views ${m((c) => c.loadingViews)}`);
      console.log(
        `    per round: ready ${list.map((c) => Math.round(c.ready)).join(' ')} ms; updates ${list.map((c) => c.updates).join(' ')}; loading views ${list.map((c) => c.loadingViews).join(' ')}`,
      );
      const last = list.at(-1)!;
      console.log(
        `    last round's views: ${Object.entries(last.byTag)
          .map(([tag, views]) => `${tag} [${views.join(', ')}]`)
          .join('; ')}`,
      );
      const menuFile = (c: Counts) => Object.entries(c.requests).find(([n]) => /^merchant-elements-(menu|all)/.test(n))?.[1];
      const shortMenus = (c: Counts) => c.requests['menus?format=short'];
      if (list.some((c) => shortMenus(c) !== undefined))
        console.log(`    short menus requested (ms) ${list.map((c) => shortMenus(c)).join(' ')}; element file ${list.map(menuFile).join(' ')}`);
    }
  }
} finally {
  await browser.close();
  await serving.close();
  await compared?.stop();
}
