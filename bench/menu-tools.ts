/**
 * The menu's diner tools: typing one letter into the search and toggling one dietary chip, on menus of 100, 1,000
 * and 5,000 dishes, against hiding the same rows with a plain DOM loop, in Chromium (playwright-core).
 *
 * What one sample measures (performance.now() in the page): from the event to the next rendered frame (a
 * requestAnimationFrame, then a task after it: the frame's style, layout and paint are done).
 * - element: `<merchant-menu>` (the tools loaded with its data), its search box given one letter (an `input` event), or
 *   its "Vegetarian" chip clicked; the element hides the rows out of the view and marks the letter in those shown.
 * - plain loop: a shadow root with the element's rendered markup and the same style sheets; a loop over its dishes
 *   sets `display: none` on those that do not match (the same letter in the name or description, or the same badge).
 * - plain loop that marks (the search only): the same, and the letter wrapped in `<mark>` in the names and descriptions
 *   of the rows shown, as the element marks them: the same work done by hand.
 * All in the same page, one after the other, the order rotating each round, warm-up rounds discarded; the state is
 * reset (search cleared, chip off, rows shown, marks removed) between samples, untimed.
 *
 * Another build side by side: `--compare-dist <dir>` (or MERCHANT_BENCH_COMPARE_DIST=<dir>) also samples the element of
 * the build in <dir> (e.g. a copy of an earlier commit's dist/), on a page of its own in the same browser, in the same
 * rounds; its figures are reported against the same plain loop.
 *
 *   node --import tsx bench/menu-tools.ts [--runs 7] [--quick] [--compare-dist <dir>]      (npm run bench -- --only menu-tools)
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
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
import { SIZES, startBenchServer } from './render-menu.ts';

type Kind = 'element' | 'loop' | 'marking' | 'compared';
type Action = 'search' | 'filter';

export async function runMenuToolsBench(options: { runs?: number; warmup?: number; compareDist?: string } = {}): Promise<BenchResult> {
  if (options.compareDist && !existsSync(path.join(options.compareDist, 'merchant-elements.js')))
    throw new Error(`--compare-dist ${options.compareDist}: no merchant-elements.js there`);
  const runs = options.runs ?? 7;
  const warmup = options.warmup ?? 2;
  const server = await startBenchServer();
  const compared = options.compareDist ? await startBenchServer(SIZES, path.resolve(options.compareDist)) : undefined;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const figures: Figure[] = [];
  const notes: string[] = [];
  try {
    const errors: string[] = [];
    /** A page of `server` (its build), ready to create menus. */
    const openPage = async (url: string) => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      page.on('pageerror', (e) => errors.push(String(e)));
      // tsx (esbuild, keepNames) wraps named inner functions of the callbacks we send into pages in __name().
      await page.addInitScript('window.__name = (fn) => fn;');
      await page.goto(`${url}/`);
      await page.waitForFunction(() => (window as unknown as { __ready?: boolean }).__ready === true, null, { timeout: 30_000 });
      return page;
    };
    const page = await openPage(server.url);
    const comparedPage = compared && (await openPage(compared.url));
    for (const n of SIZES) {
      // The element, loaded once; the plain copy of its markup beside it (on this build's page).
      const info = await setUp(page, server.url, n, true);
      if (!info.tools) throw new Error(`merchant-menu of ${n} dishes shows no search box: are the tools built (dist/merchant-elements-menu-tools-<hash>.js)?`);
      // The compared build's page holds the plain copy too (unused there), so both elements lay out a page of the same size.
      if (comparedPage && !(await setUp(comparedPage, compared.url, n, true)).tools) throw new Error(`the compared build shows no search box for ${n} dishes`);
      const samples: Record<Action, Record<Kind, number[]>> = {
        search: { element: [], loop: [], marking: [], compared: [] },
        filter: { element: [], loop: [], marking: [], compared: [] },
      };
      for (let r = 0; r < warmup + runs; r++) {
        for (const action of ['search', 'filter'] as const) {
          // The loop that also marks the letter only where the element marks (the search).
          const kinds: Kind[] = ['element', 'loop', ...(action === 'search' ? (['marking'] as const) : []), ...(comparedPage ? (['compared'] as const) : [])];
          // A different order each round (rotated, and reversed every other round).
          const rotated = [...kinds.slice(r % kinds.length), ...kinds.slice(0, r % kinds.length)];
          for (const kind of r % 2 ? rotated.reverse() : rotated) {
            const target = kind === 'compared' ? comparedPage! : page;
            await target.bringToFront();
            const ms = await target.evaluate(sample, { action, kind: kind === 'compared' ? 'element' : kind });
            if (r >= warmup) samples[action][kind].push(ms);
          }
        }
      }
      for (const action of ['search', 'filter'] as const) {
        const { element, loop, marking, compared: other } = samples[action];
        const what = `merchant-menu, ${n.toLocaleString('en-US')} dishes: ${action === 'search' ? 'one letter typed into the search' : 'the Vegetarian chip toggled'}`;
        figures.push(
          figure(
            what,
            'median time to the next rendered frame',
            median(element),
            'ms',
            { subject: 'a plain DOM loop hiding the same rows (display: none)', value: median(loop) },
            { runs, warmup, elementMs: element.map((x) => round(x, 1)), loopMs: loop.map((x) => round(x, 1)), items: info.items },
          ),
        );
        if (action === 'search')
          figures.push(
            figure(
              `${what} (against a loop that marks too)`,
              'median time to the next rendered frame',
              median(element),
              'ms',
              { subject: 'a plain DOM loop hiding the same rows and marking the letter in the rows shown (<mark>)', value: median(marking) },
              { runs, warmup, elementMs: element.map((x) => round(x, 1)), markingMs: marking.map((x) => round(x, 1)) },
            ),
          );
        if (comparedPage)
          figures.push(
            figure(
              `${what}, build ${options.compareDist}`,
              'median time to the next rendered frame',
              median(other),
              'ms',
              { subject: 'a plain DOM loop hiding the same rows (display: none)', value: median(loop) },
              { runs, warmup, comparedMs: other.map((x) => round(x, 1)), elementMs: element.map((x) => round(x, 1)) },
            ),
          );
      }
      for (const target of comparedPage ? [page, comparedPage] : [page]) await target.evaluate(() => document.getElementById('stage')!.replaceChildren());
    }
    if (errors.length) notes.push(`page errors: ${errors.slice(0, 3).join(' | ')}`);
    return {
      bench: 'menu-tools',
      title: "The menu's diner tools in Chromium: search and a dietary chip on <merchant-menu> vs a plain DOM loop (median ms to the next frame)",
      method:
        'One menu of N dishes (bench/render-menu.ts benchMenu: sections of 25, some vegetarian or vegan). Element: one letter into its search box (input event) or its Vegetarian chip clicked, then Lit re-renders. ' +
        `Plain loop: the element's rendered markup in a shadow root with the same sheets, rows hidden with display:none by a loop testing the same letter or badge. ` +
        `From the event to the next rendered frame (rAF, then a task). Same page, order alternating each round, ${warmup} warm-up rounds discarded, ${runs} measured, median.`,
      date: new Date().toISOString(),
      environment: environment(true),
      figures,
      notes,
    };
  } finally {
    await browser.close();
    await server.close();
    await compared?.close();
  }
}

/** Creates the menu of `n` dishes on `page` (and, with `copy`, the plain copy of its markup beside it). */
async function setUp(page: Page, endpoint: string, n: number, copy: boolean): Promise<{ items: number; tools: boolean }> {
  return page.evaluate(
    async ({ endpoint, id, copy }) => {
      const stage = document.getElementById('stage')!;
      const el = document.createElement('merchant-menu') as HTMLElement & { updateComplete: Promise<unknown> };
      el.setAttribute('endpoint', endpoint);
      el.setAttribute('location-id', id);
      el.setAttribute('no-structured-data', '');
      const loaded = new Promise((resolve) => el.addEventListener('merchant-load', resolve, { once: true }));
      stage.replaceChildren(el);
      await loaded;
      await el.updateComplete;
      const w = window as unknown as { __el: typeof el; __copy: ShadowRoot };
      w.__el = el;
      if (copy) {
        const host = document.createElement('div');
        const root = host.attachShadow({ mode: 'open' });
        root.adoptedStyleSheets = [...el.shadowRoot!.adoptedStyleSheets];
        root.innerHTML = el.shadowRoot!.innerHTML.replace(/<!--[^]*?-->/g, '');
        stage.append(host);
        w.__copy = root;
      }
      return { items: el.shadowRoot!.querySelectorAll('[part~="item"]').length, tools: !!el.shadowRoot!.querySelector('[part="search"]') };
    },
    { endpoint, id: `bench-${n}`, copy },
  );
}

/** One sample, in the page: `action` by the element or by the plain loop, from the event to the next rendered frame. */
async function sample({ action, kind }: { action: Action; kind: 'element' | 'loop' | 'marking' }): Promise<number> {
  const w = window as unknown as { __el: HTMLElement & { updateComplete: Promise<unknown> }; __copy: ShadowRoot };
  const root = w.__el.shadowRoot!;
  const frame = () =>
    new Promise<void>((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(0);
      }),
    );
  const search = root.querySelector<HTMLInputElement>('[part="search"]')!;
  const chip = [...root.querySelectorAll<HTMLButtonElement>('[part="chip"]')].find((b) => b.textContent === 'Vegetarian')!;
  const rows = kind === 'element' ? [] : [...w.__copy.querySelectorAll<HTMLElement>('[part~="item"]')];
  const marked: [Element, string][] = [];
  await frame();
  const t0 = performance.now();
  if (kind === 'element' && action === 'search') {
    search.value = 's';
    search.dispatchEvent(new Event('input'));
  } else if (kind === 'element') chip.click();
  else
    for (const row of rows) {
      const text = row.querySelector('.text')!;
      const keep =
        action === 'search'
          ? `${text.querySelector('b')!.textContent} ${text.querySelector('.note')?.textContent ?? ''}`.toLowerCase().includes('s')
          : [...row.querySelectorAll('[part="badge"]')].some((b) => b.textContent === 'Vegetarian' || b.textContent === 'Vegan');
      row.style.display = keep ? '' : 'none';
      // As the element marks: the letter, case ignored, in the name and the description of the rows shown.
      if (kind === 'marking' && keep)
        for (const part of [text.querySelector('b')!, text.querySelector('.note')]) {
          const before = part?.textContent;
          if (!part || !before) continue;
          marked.push([part, before]);
          part.replaceChildren(...before.split(/(s)/i).map((run, i) => (i % 2 ? Object.assign(document.createElement('mark'), { textContent: run }) : run)));
        }
    }
  await frame();
  const t1 = performance.now();
  // Back as it was (untimed).
  if (kind === 'element' && action === 'search') {
    search.value = '';
    search.dispatchEvent(new Event('input'));
  } else if (kind === 'element') chip.click();
  else {
    for (const row of rows) row.style.display = '';
    for (const [part, before] of marked) part.textContent = before;
  }
  await w.__el.updateComplete;
  await frame();
  return t1 - t0;
}

if (isMain(import.meta.url)) {
  const quick = process.argv.includes('--quick');
  const at = process.argv.indexOf('--compare-dist');
  const compareDist = (at >= 0 ? process.argv[at + 1] : undefined) ?? process.env.MERCHANT_BENCH_COMPARE_DIST ?? undefined;
  const result = await runMenuToolsBench({ runs: numberFlag('--runs', quick ? 3 : 7), warmup: quick ? 1 : 2, compareDist: compareDist || undefined });
  writeResult(result);
  printResult(result);
}
