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
import { startServe } from '../src/cli/serve.ts';
import { launch } from '../test/e2e/helpers.ts';

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
      await page.waitForFunction(() => {
        const elements = [...document.querySelectorAll('*')].filter((el) => el.localName.startsWith('merchant-') && el.localName !== 'merchant-provider');
        return elements.length > 0 && elements.every((el) => customElements.get(el.localName) && ['ready', 'empty', 'error'].includes(el.getAttribute('state') ?? ''));
      }, undefined, { timeout: 30_000 });
      // The pages run under a strict CSP (no inline style): lift the minimum through the CSSOM instead.
      await page.evaluate(() => {
        for (const el of document.querySelectorAll<HTMLElement>('merchant-actions, merchant-hours, merchant-location, merchant-menu, merchant-nearby, merchant-photos')) {
          el.style.setProperty('min-height', '0', 'important');
        }
      });
      const heights = await page.evaluate(() =>
        [...document.querySelectorAll('merchant-actions, merchant-hours, merchant-location, merchant-menu, merchant-nearby, merchant-photos')].map((el) => ({
          name: el.localName.replace('merchant-', ''),
          which: [...el.attributes].filter((a) => ['top', 'variant', 'format', 'id'].includes(a.name)).map((a) => (a.value ? `${a.name}=${a.value}` : a.name)).join(' ') || '',
          section: el.closest('section[id]')?.id ?? '',
          height: Math.ceil(el.getBoundingClientRect().height),
          state: el.getAttribute('state'),
        })));
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
