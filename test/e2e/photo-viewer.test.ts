/**
 * End to end: the photo viewer (issue 25, part 5) on the showcase (light) and the dark page (dark), at 375 and 1280 px:
 * - one frame size whatever the photo's shape: the dialog and its Close, Previous and Next buttons are in the same
 *   place on a landscape photo and on one of another shape (reached by keyboard: Enter on a thumbnail, ArrowRight);
 * - a swipe on the photo moves (towards the start edge: the next photo; back: the previous one): a touch swipe on
 *   the phone (through the DevTools protocol's touch events), a mouse drag on the desktop;
 * - axe clean with the viewer open; Escape closes, the focus returns to the thumbnail, and the figure (with its swipe
 *   listeners) is gone.
 * Screenshots of the viewer on the two photos go to test-results/screenshots/ (viewer-<width>-<scheme>-<a|b>.png).
 *
 *   node --import tsx --test test/e2e/photo-viewer.test.ts        (needs `npm run build`)
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { VIEWS, axeViolations, demoSession, focused, root, settleAll, view } from './page-checks.ts';

const SCREENSHOTS = path.join(root, 'test-results/screenshots');

const demo = demoSession({ out: SCREENSHOTS });

const DIALOG = 'merchant-photos dialog[open]';

/** Where the frame and its buttons are, rounded to the pixel. */
async function frame(page: Page) {
  const box = async (selector: string) => {
    const b = (await page.locator(selector).boundingBox())!;
    return [b.x, b.y, b.width, b.height].map(Math.round).join(',');
  };
  return {
    dialog: await box(DIALOG),
    close: await box(`${DIALOG} [part~=close]`),
    previous: await box(`${DIALOG} [part~=previous]`),
    next: await box(`${DIALOG} [part~=next]`),
  };
}

/** The counter's text ("Photo 2 of 7"). */
const counter = (page: Page) => page.locator(`${DIALOG} [part=counter]`).textContent();

/** The shown photo's natural shape (width / height, two decimals), once it has loaded. */
async function shape(page: Page): Promise<number> {
  const image = page.locator(`${DIALOG} [part=lightbox-image]`);
  await image.evaluate((img: HTMLImageElement) => img.decode().catch(() => {}));
  return image.evaluate((img: HTMLImageElement) => Math.round((img.naturalWidth / img.naturalHeight) * 100) / 100);
}

/** A horizontal swipe across the photo by `dx` pixels: touch on a phone, a mouse drag on a desktop. */
async function swipe(page: Page, dx: number, touch: boolean): Promise<void> {
  const b = (await page.locator(`${DIALOG} figure`).boundingBox())!;
  const x = b.x + b.width / 2 - dx / 2;
  const y = b.y + b.height / 3;
  if (touch) {
    const cdp = await demo.context.newCDPSession(page);
    const point = (at: number) => [{ x: at, y }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(x) });
    for (let i = 1; i <= 5; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x + (dx * i) / 5) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  } else {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx, y, { steps: 5 });
    await page.mouse.up();
  }
}

describe('the photo viewer', () => {
  for (const v of VIEWS) {
    test(`${v.name}: one frame for photos of different shapes (by keyboard), swipes move, axe clean, Escape returns the focus`, async () => {
      const page = await demo.context.newPage();
      try {
        await view(page, v);
        // The showcase is a light site; the dark page's elements are theme="dark".
        await page.goto(new URL(v.scheme === 'dark' ? '/dark.html' : '/', demo.serving.demoUrl).href, { waitUntil: 'domcontentloaded' });
        await settleAll(page);
        // Open the first photo by keyboard.
        const thumbnail = page.locator('merchant-photos [part=thumbnail]').first();
        await thumbnail.focus();
        await page.keyboard.press('Enter');
        await page.locator(DIALOG).waitFor({ state: 'visible', timeout: 5_000 });
        const first = await shape(page);
        const before = await frame(page);
        await page.screenshot({ path: path.join(SCREENSHOTS, `viewer-${v.width}-${v.scheme}-a.png`) });
        const violations = await axeViolations(page);
        assert.deepEqual(violations, [], `axe with the viewer open at ${v.name}:\n  ${violations.join('\n  ')}`);

        // ArrowRight until a photo of another shape shows: the frame and the buttons stay where they were.
        let other = first;
        const total = await page.locator('merchant-photos [part=thumbnail]').count();
        for (let i = 1; i < total && other === first; i++) {
          const was = await counter(page);
          await page.keyboard.press('ArrowRight');
          await page.waitForFunction(
            ([selector, text]) => document.querySelector('merchant-photos')!.shadowRoot!.querySelector(selector!)?.textContent !== text,
            ['dialog[open] [part=counter]', was] as const,
          );
          other = await shape(page);
        }
        assert.notEqual(other, first, `the showcase has photos of two shapes (${first})`);
        await page.screenshot({ path: path.join(SCREENSHOTS, `viewer-${v.width}-${v.scheme}-b.png`) });
        assert.deepEqual(await frame(page), before, `the frame and its buttons moved between a ${first} photo and a ${other} one`);

        // Swipes: towards the start edge, the next photo; back, the previous one.
        const at = await counter(page);
        await swipe(page, -120, v.width < 600);
        await page.waitForFunction(
          ([text]) => document.querySelector('merchant-photos')!.shadowRoot!.querySelector('dialog[open] [part=counter]')?.textContent !== text,
          [at] as const,
          {
            timeout: 3_000,
          },
        );
        const afterSwipe = await counter(page);
        assert.notEqual(afterSwipe, at, 'a swipe moves to the next photo');
        await swipe(page, 120, v.width < 600);
        await page.waitForFunction(
          ([text]) => document.querySelector('merchant-photos')!.shadowRoot!.querySelector('dialog[open] [part=counter]')?.textContent === text,
          [at] as const,
          {
            timeout: 3_000,
          },
        );
        // A short or mostly vertical move is no swipe.
        await swipe(page, 20, v.width < 600);
        assert.equal(await counter(page), at, 'a short move does not change the photo');
        assert.deepEqual(await frame(page), before, 'the frame did not move while swiping');

        await page.keyboard.press('Escape');
        await page.locator(DIALOG).waitFor({ state: 'detached', timeout: 5_000 });
        assert.equal((await focused(page))?.part, 'thumbnail', 'the focus returns to a thumbnail');
        const figures = await page.evaluate(() => document.querySelector('merchant-photos')!.shadowRoot!.querySelectorAll('figure').length);
        assert.equal(figures, 0, 'the figure (and its swipe listeners) is gone once closed');
      } finally {
        await page.close();
      }
    });
  }
});
