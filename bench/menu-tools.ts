/**
 * The menu's diner tools: typing one letter into the search and toggling one dietary chip, on menus of 100, 1,000
 * and 5,000 dishes, against hiding the same rows with a plain DOM loop, in Chromium (playwright-core).
 *
 * What one sample measures (performance.now() in the page): from the event to the next rendered frame (a
 * requestAnimationFrame, then a task after it: the frame's style, layout and paint are done).
 * - element: `<merchant-menu>` (the tools loaded with its data), its search box given one letter (an `input` event), or
 *   its "Vegetarian" chip clicked; Lit re-renders the dishes that match.
 * - plain loop: a shadow root with the element's rendered markup and the same style sheets; a loop over its dishes
 *   sets `display: none` on those that do not match (the same letter in the name or description, or the same badge).
 * Both in the same page, one after the other, the order alternating each round, warm-up rounds discarded; the state is
 * reset (search cleared, chip off, rows shown) between samples, untimed.
 *
 *   node --import tsx bench/menu-tools.ts [--runs 7] [--quick]      (npm run bench -- --only menu-tools)
 */
import { chromium } from 'playwright-core';
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

type Kind = 'element' | 'loop';
type Action = 'search' | 'filter';

export async function runMenuToolsBench(options: { runs?: number; warmup?: number } = {}): Promise<BenchResult> {
  const runs = options.runs ?? 7;
  const warmup = options.warmup ?? 2;
  const server = await startBenchServer();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const figures: Figure[] = [];
  const notes: string[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    // tsx (esbuild, keepNames) wraps named inner functions of the callbacks we send into pages in __name().
    await page.addInitScript('window.__name = (fn) => fn;');
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => (window as unknown as { __ready?: boolean }).__ready === true, null, { timeout: 30_000 });
    for (const n of SIZES) {
      // The element, loaded once; the plain copy of its markup beside it.
      const info = await page.evaluate(
        async ({ endpoint, id }) => {
          const stage = document.getElementById('stage')!;
          const el = document.createElement('merchant-menu') as HTMLElement & { updateComplete: Promise<unknown> };
          el.setAttribute('endpoint', endpoint);
          el.setAttribute('location-id', id);
          el.setAttribute('no-structured-data', '');
          const loaded = new Promise((resolve) => el.addEventListener('merchant-load', resolve, { once: true }));
          stage.replaceChildren(el);
          await loaded;
          await el.updateComplete;
          const copy = document.createElement('div');
          const root = copy.attachShadow({ mode: 'open' });
          root.adoptedStyleSheets = [...el.shadowRoot!.adoptedStyleSheets];
          root.innerHTML = el.shadowRoot!.innerHTML.replace(/<!--[^]*?-->/g, '');
          stage.append(copy);
          const w = window as unknown as { __el: typeof el; __copy: ShadowRoot };
          w.__el = el;
          w.__copy = root;
          return { items: el.shadowRoot!.querySelectorAll('[part~="item"]').length, tools: !!el.shadowRoot!.querySelector('[part="search"]') };
        },
        { endpoint: server.url, id: `bench-${n}` },
      );
      if (!info.tools) throw new Error(`merchant-menu of ${n} dishes shows no search box: are the tools built (dist/merchant-elements-menu-tools.js)?`);
      const samples: Record<Action, Record<Kind, number[]>> = { search: { element: [], loop: [] }, filter: { element: [], loop: [] } };
      for (let r = 0; r < warmup + runs; r++) {
        for (const action of ['search', 'filter'] as const) {
          const order: Kind[] = r % 2 === 0 ? ['element', 'loop'] : ['loop', 'element'];
          for (const kind of order) {
            const ms = await page.evaluate(
              async ({ action, kind }) => {
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
                const rows = [...w.__copy.querySelectorAll<HTMLElement>('[part~="item"]')];
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
                  }
                await frame();
                const t1 = performance.now();
                // Back as it was (untimed).
                if (kind === 'element' && action === 'search') {
                  search.value = '';
                  search.dispatchEvent(new Event('input'));
                } else if (kind === 'element') chip.click();
                else for (const row of rows) row.style.display = '';
                await w.__el.updateComplete;
                await frame();
                return t1 - t0;
              },
              { action, kind },
            );
            if (r >= warmup) samples[action][kind].push(ms);
          }
        }
      }
      for (const action of ['search', 'filter'] as const) {
        const { element, loop } = samples[action];
        figures.push(
          figure(
            `merchant-menu, ${n.toLocaleString('en-US')} dishes: ${action === 'search' ? 'one letter typed into the search' : 'the Vegetarian chip toggled'}`,
            'median time to the next rendered frame',
            median(element),
            'ms',
            { subject: 'a plain DOM loop hiding the same rows (display: none)', value: median(loop) },
            { runs, warmup, elementMs: element.map((x) => round(x, 1)), loopMs: loop.map((x) => round(x, 1)), items: info.items },
          ),
        );
      }
      await page.evaluate(() => document.getElementById('stage')!.replaceChildren());
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
  }
}

if (isMain(import.meta.url)) {
  const quick = process.argv.includes('--quick');
  const result = await runMenuToolsBench({ runs: numberFlag('--runs', quick ? 3 : 7), warmup: quick ? 1 : 2 });
  writeResult(result);
  printResult(result);
}
