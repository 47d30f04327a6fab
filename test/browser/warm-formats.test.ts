/**
 * The page's first Intl formatters are made ahead of the elements' renders (src/elements/shared/warm-formats.ts): not
 * in the bundle's task, not before the next frame (first paint), not in the frame's callbacks nor a microtask after
 * them but in a task of their own, in the locale each element will resolve, and through formats.ts's cache, so that
 * the element's render makes none of them again.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { numberFormat, utcDateTimeFormat, WEEKDAY_NAME } from '../../src/elements/shared/formats.ts';
import { warmFormats } from '../../src/elements/shared/warm-formats.ts';
import { firstFormats as hoursFirstFormats } from '../../src/elements/hours/loader-hints.ts';
import { firstFormats as menuFirstFormats } from '../../src/elements/menu/loader-hints.ts';

/** The rules the bundle gives warmFormats, from the element table (each element's loader-hints.ts `firstFormats`). */
const RULES = new Map([
  ['merchant-hours', hoursFirstFormats],
  ['merchant-menu', menuFirstFormats],
]);

/** Logs, in order, each frame callback, idle callback and Intl formatter made from here on; `restore` undoes it. */
function record(options: { idleCallbacks: boolean }) {
  const log: string[] = [];
  const restore: (() => void)[] = [];
  const replace = <K extends keyof typeof globalThis>(owner: typeof globalThis, key: K, value: unknown) => {
    const original = owner[key];
    (owner as Record<string, unknown>)[key] = value;
    restore.push(() => ((owner as Record<string, unknown>)[key] = original));
  };
  for (const name of ['NumberFormat', 'DateTimeFormat'] as const) {
    replace(
      Intl as unknown as typeof globalThis,
      name as keyof typeof globalThis,
      new Proxy(Intl[name], {
        construct(target, args: [string, object?]) {
          log.push(`${name} ${args[0]} ${JSON.stringify(args[1] ?? {})}`);
          return Reflect.construct(target, args) as object;
        },
      }),
    );
  }
  const frame = requestAnimationFrame.bind(window);
  // 'frame end' is logged in a microtask queued after the frame's callback: a formatter made in that callback, or in a
  // microtask it queued, comes before it.
  replace(window, 'requestAnimationFrame', (callback: FrameRequestCallback) =>
    frame((time) => {
      log.push('frame');
      callback(time);
      queueMicrotask(() => log.push('frame end'));
    }),
  );
  const idle = requestIdleCallback.bind(window);
  replace(
    window,
    'requestIdleCallback',
    options.idleCallbacks
      ? (callback: IdleRequestCallback, opts?: IdleRequestOptions) =>
          idle((deadline) => {
            log.push('idle');
            callback(deadline);
          }, opts)
      : undefined,
  );
  return { log, restore: () => restore.reverse().forEach((undo) => undo()) };
}

function page(html: string): HTMLElement {
  const root = document.createElement('div');
  // Not defined here: the tags as the loader finds them, before their modules arrive.
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

const made = (log: string[]) => log.filter((entry) => entry.includes('Format '));

describe('warmFormats', () => {
  it("makes the hours' and the menu's first formatters in a task after the next frame, in their locales, through the shared cache", async () => {
    const root = page('<merchant-provider locale="de-AT"><merchant-hours></merchant-hours></merchant-provider><merchant-menu lang="fr"></merchant-menu>');
    const { log, restore } = record({ idleCallbacks: true });
    try {
      warmFormats(RULES, root);
      log.push('returned');
      await waitUntil(() => made(log).length === 2, 'the formatters were not made', { timeout: 20_000 });
      expect(log).to.deep.equal(['returned', 'frame', 'frame end', 'DateTimeFormat de-AT {"weekday":"long","timeZone":"UTC"}', 'NumberFormat fr {}']);
      // What the elements' renders ask for is the one already made: nothing is made again.
      utcDateTimeFormat('de-AT', WEEKDAY_NAME).format(0);
      numberFormat('fr').format(1);
      expect(made(log)).to.have.length(2);
    } finally {
      restore();
      root.remove();
    }
  });

  it('does not wait for an idle callback (none in Safari): a task after the next frame', async () => {
    const root = page('<merchant-hours locale="es"></merchant-hours>');
    const { log, restore } = record({ idleCallbacks: false });
    try {
      warmFormats(RULES, root);
      log.push('returned');
      await waitUntil(() => made(log).length === 1, 'the formatter was not made', { timeout: 20_000 });
      expect(log).to.deep.equal(['returned', 'frame', 'frame end', 'DateTimeFormat es {"weekday":"long","timeZone":"UTC"}']);
    } finally {
      restore();
      root.remove();
    }
  });

  it('makes nothing on a page without an element that makes a formatter whatever its data (a lazy one renders after ready), nor once cancelled', async () => {
    const root = page('<merchant-photos></merchant-photos><merchant-hours lazy></merchant-hours>');
    const { log, restore } = record({ idleCallbacks: true });
    try {
      warmFormats(RULES, root);
      const menu = page('<merchant-menu locale="it"></merchant-menu>');
      warmFormats(RULES, menu)();
      menu.remove();
      // Past the next frame and the task queued in it (the warm-up's, which runs before this later timer).
      await new Promise((resolve) => requestAnimationFrame(resolve));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(made(log)).to.deep.equal([]);
    } finally {
      restore();
      root.remove();
    }
  });
});
