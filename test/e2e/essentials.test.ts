/**
 * End to end: the essentials one tap away (issue 25, part 7) and the open-now badge (part 9).
 * - `<merchant-actions essentials>` at the top of a page (the showcase, and the dark page with theme="dark"): Call (`tel:` from the location's phone), Directions (a maps
 *   route to the location's coordinates) and the top action (the Actions data's first, as `top` shows it) in one row,
 *   each a 48px target, reached in that order by Tab; axe clean; at 375 and 1280 px, light and dark. Screenshots
 *   (test-results/screenshots/essentials-<width>-<scheme>.png).
 * - The demo pages draw the hours' "Open now" / "Closes soon" as a badge (padding, rounded, its own background), every
 *   state's badge one height, and the hours stay within the height the page reserves at every half hour of a day (the
 *   page's clock moved: `page.clock.setFixedTime`).
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
        await page.waitForFunction(() => document.querySelector('merchant-actions[essentials]')?.getAttribute('state') === 'ready', null, { timeout: 30_000 });
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

/** One hours element at one moment: its status (the badge's parts), the badge's box, and the element's height and reserve. */
interface HoursAt {
  index: number;
  status: string;
  badge: { height: number; padding: number; radius: number; background: string };
  height: number;
  reserved: number;
}

describe('the open-now badge on the demo pages, through a day', () => {
  // Every page that draws the status as a badge or reserves the hours' height (cms.html draws no badge, and reserves
  // for the compact hours only as measured).
  for (const file of ['index.html', 'dark.html', 'de.html', 'es.html', 'fr.html']) {
    for (const width of [375, 1280]) {
      test(`${file} at ${width} px: "Open now" and "Closes soon" are badges (padding, rounded, a background); every state's badge one height; the hours within their reserved space at every half hour of a day`, async () => {
        const page = await demo.context.newPage();
        try {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(new URL(file === 'index.html' ? '/' : `/${file}`, demo.serving.demoUrl).href, { waitUntil: 'domcontentloaded' });
          await settleAll(page);
          // The page's clock moved through the next 24 hours (the elements read `new Date()` as they render; the data is
          // the sandbox's, so the states come from the place's own hours), each hours element rendered again at each.
          const start = Date.now();
          const moments: HoursAt[][] = [];
          for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
            await page.clock.setFixedTime(new Date(start + minutes * 60_000));
            moments.push(
              await page.evaluate(() =>
                Promise.all(
                  [...document.querySelectorAll('merchant-hours')].map(async (hours, index) => {
                    const element = hours as HTMLElement & { requestUpdate(): void; updateComplete: Promise<unknown> };
                    element.requestUpdate();
                    await element.updateComplete;
                    const badge = element.shadowRoot!.querySelector('[part~=badge]')!;
                    const style = getComputedStyle(badge);
                    const reserved = parseFloat(getComputedStyle(element).minHeight) || 0;
                    // Its own height: the reserve lifted for the measure, then put back.
                    element.style.minHeight = '0';
                    const height = element.getBoundingClientRect().height;
                    element.style.minHeight = '';
                    return {
                      index,
                      status: badge.getAttribute('part')!,
                      badge: {
                        height: badge.getBoundingClientRect().height,
                        padding: parseFloat(style.paddingLeft),
                        radius: parseFloat(style.borderTopLeftRadius),
                        background: style.backgroundColor,
                      },
                      height,
                      reserved,
                    };
                  }),
                ),
              ),
            );
          }
          const all = moments.flat();
          const statuses = new Set(all.map((at) => at.status));
          assert.ok(
            ['badge badge-open', 'badge badge-closed'].every((status) => statuses.has(status)),
            `a day holds open and closed hours (seen: ${[...statuses].join(', ')})`,
          );
          for (const at of all.filter((at) => /badge-(open|soon)/.test(at.status))) {
            assert.ok(at.badge.padding > 0 && at.badge.radius > 0, `the badge has padding and round corners: ${JSON.stringify(at)}`);
            assert.notEqual(at.badge.background, 'rgba(0, 0, 0, 0)', `the badge has its own background: ${JSON.stringify(at)}`);
          }
          for (const index of new Set(all.map((at) => at.index))) {
            const own = all.filter((at) => at.index === index);
            const heights = [...new Set(own.map((at) => `${at.status}: ${at.badge.height}`))];
            assert.equal(new Set(own.map((at) => at.badge.height)).size, 1, `hours ${index}: one badge height in every state (${heights.join('; ')})`);
            const over = own.filter((at) => at.reserved > 0 && at.height > at.reserved + 0.5);
            assert.deepEqual(
              over.map((at) => `${at.status}: ${at.height} px, ${at.reserved} px reserved`),
              [],
              `hours ${index} within their reserve at every moment (re-measure: node --import tsx scripts/measure-reserved-heights.ts ${file})`,
            );
          }
          const violations = await axeViolations(page);
          assert.deepEqual(violations, [], `axe:\n  ${violations.join('\n  ')}`);
        } finally {
          await page.close();
        }
      });
    }
  }
});
