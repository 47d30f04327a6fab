/**
 * End to end: the essentials one tap away (issue 25, part 7) and the open-now badge (part 9).
 * - `<merchant-actions essentials>` at the top of a page (the showcase, and the dark page with theme="dark"): Call (`tel:` from the location's phone), Directions (a maps
 *   route to the location's coordinates) and the top action (the Actions data's first, as `top` shows it) in one row,
 *   each a 48px target, reached in that order by Tab; axe clean; at 375 and 1280 px, light and dark. Screenshots
 *   (test-results/screenshots/essentials-<width>-<scheme>.png).
 * - The demo pages draw the hours' "Open now" / "Closes soon" as a badge (padding, rounded, its own background).
 *
 *   node --import tsx --test test/e2e/essentials.test.ts        (needs `npm run build`)
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { VIEWS, axeViolations, demoSession, focused, root, settleAll, view } from './page-checks.ts';

const SCREENSHOTS = path.join(root, 'test-results/screenshots');

const demo = demoSession({ out: SCREENSHOTS });

describe('the essentials row', () => {
  for (const v of VIEWS) {
    test(`${v.name}: call, directions and the top action in one row of 48px targets, by Tab in that order; axe clean`, async () => {
      const page = await demo.context.newPage();
      try {
        await view(page, v);
        // An owner puts the row at the top of a page: here the showcase (light) or the dark page (theme="dark").
        await page.goto(new URL(v.scheme === 'dark' ? '/dark.html' : '/', demo.serving.demoUrl).href, { waitUntil: 'domcontentloaded' });
        await settleAll(page);
        await page.evaluate((dark) => {
          const row = document.createElement('merchant-actions');
          row.setAttribute('essentials', '');
          if (dark) row.setAttribute('theme', 'dark');
          document.querySelector('header')!.prepend(row);
        }, v.scheme === 'dark');
        await page.waitForFunction(() => document.querySelector('merchant-actions[essentials]')?.getAttribute('state') === 'ready', null, { timeout: 10_000 });
        await page.screenshot({ path: path.join(SCREENSHOTS, `essentials-${v.width}-${v.scheme}.png`), clip: { x: 0, y: 0, width: v.width, height: 200 } });
        const links = page.locator('merchant-actions[essentials] [part~=essentials] a');
        assert.equal(await links.count(), 3, 'three links: call, directions, the top action');
        const parts = await links.evaluateAll((els) => els.map((el) => el.getAttribute('part')));
        assert.deepEqual(parts, ['button call', 'button directions', 'button'], 'call, directions, then the top action');
        const [call, directions] = await links.evaluateAll((els) => els.map((el) => el.getAttribute('href')!));
        assert.match(call!, /^tel:\+?\d{6,}$/, 'Call dials the location');
        assert.match(directions!, /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=-?\d+\.\d+%2C-?\d+\.\d+$/, 'Directions to the coordinates');
        const firstAction = await page.evaluate(
          () => (document.querySelector('merchant-actions[essentials]') as unknown as { data: { actions: { url: string }[] } }).data.actions[0]!.url,
        );
        assert.equal(new URL((await links.nth(2).getAttribute('href'))!).href, new URL(firstAction).href, 'the third is the top action');
        const boxes = await Promise.all([0, 1, 2].map(async (i) => (await links.nth(i).boundingBox())!));
        for (const [i, box] of boxes.entries()) assert.ok(box.height >= 48 && box.width >= 48, `link ${i} is a 48px target (${box.width}×${box.height})`);
        assert.ok(
          boxes.every((box) => Math.abs(box.y - boxes[0]!.y) < 1 && Math.abs(box.height - boxes[0]!.height) < 1),
          `one row of equal heights: ${JSON.stringify(boxes)}`,
        );
        assert.ok(boxes[2]!.x + boxes[2]!.width <= v.width, 'the row fits the width');
        for (const expected of ['call', 'directions', 'button']) {
          await page.keyboard.press('Tab');
          assert.equal((await focused(page))?.part, expected === 'button' ? 'button' : `button ${expected}`, `Tab reaches ${expected}`);
        }
        const violations = await axeViolations(page);
        assert.deepEqual(violations, [], `axe at ${v.name}:\n  ${violations.join('\n  ')}`);
      } finally {
        await page.close();
      }
    });
  }
});

describe('the open-now badge on the demo pages', () => {
  for (const file of ['index.html', 'dark.html']) {
    test(`${file}: the hours' status is a badge (padding, rounded, a background of its own)`, async () => {
      const page = await demo.context.newPage();
      try {
        await page.goto(new URL(file === 'index.html' ? '/' : `/${file}`, demo.serving.demoUrl).href, { waitUntil: 'domcontentloaded' });
        await settleAll(page);
        const badges = await page.evaluate(() =>
          [...document.querySelectorAll('merchant-hours')].flatMap((hours) =>
            [...hours.shadowRoot!.querySelectorAll('[part~=badge-open], [part~=badge-soon]')].map((badge) => {
              const style = getComputedStyle(badge);
              return { padding: parseFloat(style.paddingLeft), radius: parseFloat(style.borderTopLeftRadius), background: style.backgroundColor };
            }),
          ),
        );
        // The sandbox's clock decides whether the place is open: a closed one shows no open/soon badge to check.
        if (!badges.length) return;
        for (const badge of badges) {
          assert.ok(badge.padding > 0 && badge.radius > 0, `the badge has padding and round corners: ${JSON.stringify(badge)}`);
          assert.notEqual(badge.background, 'rgba(0, 0, 0, 0)', 'the badge has its own background');
        }
        const violations = await axeViolations(page);
        assert.deepEqual(violations, [], `axe:\n  ${violations.join('\n  ')}`);
      } finally {
        await page.close();
      }
    });
  }
});
