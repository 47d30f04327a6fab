/**
 * The page's first Intl formatters are made ahead of the elements' renders (src/elements/shared/warm-formats.ts): not
 * in the bundle's task, not before the next frame (first paint), only in an idle callback (or, without one, a task
 * after the frame), in the locale each element will resolve, and through formats.ts's cache, so that the element's
 * render makes none of them again.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { numberFormat, utcDateTimeFormat, WEEKDAY_NAME } from '../../src/elements/shared/formats.ts';
import { FORMATS_WORKER_URL, firstLocales, startFormatsWorker, warmFormats } from '../../src/elements/shared/warm-formats.ts';
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
  replace(window, 'requestAnimationFrame', (callback: FrameRequestCallback) =>
    frame((time) => {
      log.push('frame');
      callback(time);
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
  it("makes the hours' and the menu's first formatters after the next frame, in an idle callback, in their locales, through the shared cache", async () => {
    const root = page('<merchant-provider locale="de-AT"><merchant-hours></merchant-hours></merchant-provider><merchant-menu lang="fr"></merchant-menu>');
    const { log, restore } = record({ idleCallbacks: true });
    try {
      warmFormats(RULES, root);
      log.push('returned');
      await waitUntil(() => made(log).length === 2, 'the formatters were not made', { timeout: 20_000 });
      expect(log).to.deep.equal(['returned', 'frame', 'idle', 'DateTimeFormat de-AT {"weekday":"long","timeZone":"UTC"}', 'NumberFormat fr {}']);
      // What the elements' renders ask for is the one already made: nothing is made again.
      utcDateTimeFormat('de-AT', WEEKDAY_NAME).format(0);
      numberFormat('fr').format(1);
      expect(made(log)).to.have.length(2);
    } finally {
      restore();
      root.remove();
    }
  });

  it('without idle callbacks (Safari), makes them in a task after the next frame', async () => {
    const root = page('<merchant-hours locale="es"></merchant-hours>');
    const { log, restore } = record({ idleCallbacks: false });
    try {
      warmFormats(RULES, root);
      log.push('returned');
      await waitUntil(() => made(log).length === 1, 'the formatter was not made', { timeout: 20_000 });
      expect(log).to.deep.equal(['returned', 'frame', 'DateTimeFormat es {"weekday":"long","timeZone":"UTC"}']);
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
      // Past the idle callback's own deadline (1 s, when-idle.ts), and a frame more.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      await new Promise((resolve) => requestAnimationFrame(resolve));
      expect(made(log)).to.deep.equal([]);
    } finally {
      restore();
      root.remove();
    }
  });
});

/** Records each Worker constructed from here on (its address and what was posted to it), without starting any. */
function recordWorkers() {
  const started: { url: string; posted: unknown[] }[] = [];
  const original = window.Worker;
  window.Worker = class {
    constructor(url: string | URL) {
      const record = { url: String(url), posted: [] as unknown[] };
      started.push(record);
      (this as unknown as { postMessage: (message: unknown) => void }).postMessage = (message) => record.posted.push(message);
    }
  } as unknown as typeof Worker;
  return { started, restore: () => (window.Worker = original) };
}

const sameOrigin = new URL('/dist/merchant-elements-formats-worker.js', location.href);

describe('startFormatsWorker', () => {
  afterEach(() => delete (globalThis as { [FORMATS_WORKER_URL]?: unknown })[FORMATS_WORKER_URL]);

  it('starts the worker at the script URL the bundle made for it, and posts it the locales', () => {
    (globalThis as { [FORMATS_WORKER_URL]?: unknown })[FORMATS_WORKER_URL] = sameOrigin.href;
    const { started, restore } = recordWorkers();
    try {
      expect(startFormatsWorker(sameOrigin, ['de-AT', 'fr'])).to.equal(true);
    } finally {
      restore();
    }
    expect(started).to.deep.equal([{ url: sameOrigin.href, posted: [['de-AT', 'fr']] }]);
  });

  it('starts none where Trusted Types exist and the bundle made no script URL for it (the page may enforce them), nor from another origin', () => {
    const { started, restore } = recordWorkers();
    try {
      // Chromium has Trusted Types: without the URL the bundle's policy made, the page could refuse the address (a
      // console error on the host's page).
      expect('trustedTypes' in globalThis).to.equal(true);
      expect(startFormatsWorker(sameOrigin, ['en'])).to.equal(false);
      // A URL made for another address is not this one's.
      (globalThis as { [FORMATS_WORKER_URL]?: unknown })[FORMATS_WORKER_URL] = new URL('/elsewhere/worker.js', location.href).href;
      expect(startFormatsWorker(sameOrigin, ['en'])).to.equal(false);
      // A bundle from a CDN: a worker must come from the page's own origin.
      const cdn = new URL('https://cdn.example/dist/merchant-elements-formats-worker.js');
      (globalThis as { [FORMATS_WORKER_URL]?: unknown })[FORMATS_WORKER_URL] = cdn.href;
      expect(startFormatsWorker(cdn, ['en'])).to.equal(false);
    } finally {
      restore();
    }
    expect(started).to.deep.equal([]);
  });

  it("is given the first elements' locales, or the page's when none is on it yet", () => {
    const root = page(
      '<merchant-provider locale="de-AT"><merchant-hours></merchant-hours></merchant-provider><merchant-menu lang="fr"></merchant-menu><merchant-menu lang="it"></merchant-menu>',
    );
    const empty = page('<merchant-photos></merchant-photos>');
    const lang = document.documentElement.lang;
    document.documentElement.lang = 'pt-BR';
    try {
      expect(firstLocales(RULES, root)).to.deep.equal(['de-AT', 'fr']);
      expect(firstLocales(RULES, empty)).to.deep.equal(['pt-BR']);
    } finally {
      document.documentElement.lang = lang;
      root.remove();
      empty.remove();
    }
  });

  it('the worker (src/elements/shared/formats-worker.js) makes its formatters in any locale it is sent, a bad one included, and ends', async () => {
    const worker = new Worker(new URL('../../src/elements/shared/formats-worker.js', import.meta.url));
    const failed = new Promise<string>((resolve) => worker.addEventListener('error', (event) => resolve(event.message)));
    worker.postMessage(['de-AT', 'ja', 'not a locale!']);
    // A worker that has closed itself takes no more messages and raises no error: what it got was handled without one.
    const outcome = await Promise.race([failed, new Promise((resolve) => setTimeout(() => resolve('no error'), 1_500))]);
    worker.terminate();
    expect(outcome).to.equal('no error');
  });
});
