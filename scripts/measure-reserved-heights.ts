/**
 * Measures what each demo page should reserve for its elements: every element's height once ready, at 1280 px
 * (the wide layout) and 375 px (the narrow one), with the reserved minimum lifted, so the figures in
 * demo/*.css (--merchant-<name>-min-height) can be set to the real heights, rounded up.
 *
 *   node --import tsx scripts/measure-reserved-heights.ts [page.html …]
 *
 * Prints one line per page and width: the selector-free figure for each element name (the tallest instance), and
 * each instance with its distinguishing attributes, so a page that styles instances apart can set them apart.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startServe } from '../src/cli/serve.ts';
import { launch } from '../test/e2e/helpers.ts';
import { elementsOf, showsData } from '../demo/element-options.js';
import { root } from './elements.mjs';

/** The elements that reserve a height (those that show data; not the provider), from the built manifest. */
function measuredSelector(manifest: unknown): string {
  return elementsOf(manifest)
    .filter(showsData)
    .map((element) => element.tagName)
    .join(', ');
}

const selector = measuredSelector(JSON.parse(readFileSync(path.join(root, 'dist/custom-elements.json'), 'utf8')));

const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['index.html', 'cms.html', 'dark.html', 'es.html'];
const serving = await startServe({ port: 0, logLevel: 'silent' });
const browser = await launch();
try {
  for (const file of pages) {
    for (const width of [1280, 375]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(new URL(file, serving.demoUrl).href);
      // Lazy elements load when near: scroll through the page.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      });
      await page.waitForFunction(
        (measured) => {
          const elements = [...document.querySelectorAll(measured)];
          return (
            elements.length > 0 &&
            elements.every((el) => customElements.get(el.localName) && ['ready', 'empty', 'error'].includes(el.getAttribute('state') ?? ''))
          );
        },
        selector,
        { timeout: 30_000 },
      );
      // The pages run under a strict CSP (no inline style): lift the minimum through the CSSOM instead, on the host
      // and inside it (the element's own `.base` reserves the same custom property: lifting only the host's measured
      // the figure itself whenever the content is shorter).
      await page.evaluate((measured) => {
        for (const el of document.querySelectorAll<HTMLElement>(measured)) {
          el.style.setProperty('min-height', '0', 'important');
          el.style.setProperty(`--${el.localName}-min-height`, '0px');
        }
      }, selector);
      const heights = await page.evaluate(
        (measured) =>
          [...document.querySelectorAll(measured)].map((el) => ({
            name: el.localName.replace('merchant-', ''),
            which:
              [...el.attributes]
                .filter((a) => ['top', 'variant', 'format', 'id'].includes(a.name))
                .map((a) => (a.value ? `${a.name}=${a.value}` : a.name))
                .join(' ') || '',
            section: el.closest('section[id]')?.id ?? '',
            height: Math.ceil(el.getBoundingClientRect().height),
            state: el.getAttribute('state'),
          })),
        selector,
      );
      const tallest = new Map<string, number>();
      for (const { name, height } of heights) tallest.set(name, Math.max(tallest.get(name) ?? 0, height));
      console.log(`${file} @ ${width}px: ${[...tallest].map(([name, height]) => `--merchant-${name}-min-height: ${height}px;`).join(' ')}`);
      for (const h of heights) console.log(`    ${h.name}${h.which ? ` [${h.which}]` : ''}${h.section ? ` #${h.section}` : ''}: ${h.height}px (${h.state})`);
      await page.close();
    }
  }
} finally {
  await browser.close();
  await serving.close();
}
