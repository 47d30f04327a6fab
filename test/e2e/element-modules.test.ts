/**
 * Issue 25's size condition: the script-tag bundle is what the elements share and a loader; each element is a file of
 * its own (dist/merchant-elements-<name>.js), imported when the page holds its tag (src/elements/autoload.ts). In
 * Chromium, against `npm start`'s gateway, on pages a test server here makes (it serves dist/, and can hold a file
 * back):
 * - a page with only `<merchant-hours>` requests the bundle and the hours' file, and no other element's (module and
 *   classic builds);
 * - the loader starts the location's data as it finds the tag, so the data does not wait for the element's file: with
 *   that file held back by the test, the data request starts before the file arrives (page → script → {file, data});
 *   a short menu's own request (its menus, not the page data: its folder's loader-hints.ts) the same way, once; and a
 *   full menu's navigation and diner tools modules with its data;
 * - an element added to the page later (a CMS that writes its content after load) is found, loaded and shown;
 * - the modules a full menu loads beside its data are the ones its rule names (its class's `modulesBesideData`),
 *   which the pages that hint them (the render route's composer, the WordPress plugin) read;
 * - a short menu that turns out to need both its navigation and its tools asks for both at once (with the navigation
 *   held back by the test, the tools are requested before it arrives);
 * - the hours' first Intl formatter is made after the first frame, while the hours' file is held back, and once.
 *
 *   node --import tsx --test test/e2e/element-modules.test.ts        (needs `npm run build`)
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { startServe, type Serving } from '../../src/cli/serve.ts';
import { collectProblems, launch, settledStates, startTestServer, type TestServer } from './helpers.ts';
import { builtFile, root } from '../node/dist-helpers.ts';
import { listElements, registeredElements } from '../../scripts/elements.mjs';
import type { BuildFiles } from '../../src/contract/element-files.ts';

/** The files of dist/ that are an element's own or hold every element (each build's, as its file list names them). */
const elementFiles = new Set([...listElements(root).map(({ name }) => name), 'all'].flatMap((name) => [`/${builtFile(name)}`, `/${builtFile(name, true)}`]));
/** The bundles, each element's file, and the file holding every element. */
const isBundleOrElement = (pathname: string) => elementFiles.has(pathname) || /^\/dist\/merchant-elements(\.classic)?\.js$/.test(pathname);

let serving: Serving;
let site: TestServer;
let browser: Browser;
/** The page the site answers at /page.html (each test sets it). */
let pageHtml = '';
/** A file of dist/ the site holds back until this resolves (each test may set it). */
let holdBack: { file: string; until: Promise<unknown>; answered: () => void } | undefined;

/**
 * Holds `file` back until the returned function is called (or 5 s, and then the test that waits for it fails);
 * `answered` runs once the file has been sent.
 */
function holdBackUntilReleased(file: string, answered: () => void): () => void {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  holdBack = { file, until: Promise.race([released, new Promise((resolve) => setTimeout(resolve, 5_000))]), answered };
  return release;
}

before(async () => {
  serving = await startServe({ port: 0, logLevel: 'silent' });
  site = await startTestServer(async (req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    if (pathname === '/favicon.ico') return void res.writeHead(204).end();
    if (pathname === '/page.html') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml);
    const file = pathname.match(/^\/dist\/(merchant-elements[\w.-]*\.js)$/)?.[1];
    if (!file) return void res.writeHead(404).end();
    const held = holdBack?.file === file ? holdBack : undefined;
    if (held) await held.until;
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(await readFile(path.join(root, 'dist', file)));
    held?.answered();
  });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await site?.close();
  await serving?.close();
});

const BUILDS = [
  { name: 'module', script: (src: string) => `<script type="module" src="${src}merchant-elements.js"></script>`, classic: false },
  { name: 'classic', script: (src: string) => `<script defer src="${src}merchant-elements.classic.js"></script>`, classic: true },
];

/** A page of the demo server's origin (so its CSP and gateway apply) made of `body`, with one of the builds. */
async function openPage(context: BrowserContext, body: string, script: string) {
  pageHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Element modules</title>${script}</head><body>${body}</body></html>`;
  const url = `${site.origin}/page.html`;
  const page = await context.newPage();
  const problems = collectProblems(page);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto(url);
  return { page, problems, requested };
}

const hours = () => `<merchant-hours endpoint="${serving.gatewayUrl}" location-id="${serving.featuredLocationId}"></merchant-hours>`;

describe('each element is a file of its own, loaded when the page holds its tag', () => {
  for (const build of BUILDS) {
    test(`${build.name} build: a page with only <merchant-hours> requests the bundle and the hours' file, no other element's`, async () => {
      const context = await browser.newContext();
      try {
        const { page, problems, requested } = await openPage(context, hours(), build.script('/dist/'));
        assert.deepEqual(await settledStates(page, 'merchant-hours', problems), { 'merchant-hours': 'ready' });
        assert.deepEqual(problems, []);
        // (What the hours' view imports on demand, its JSON-LD writer, is not an element's file.)
        const scripts = requested.filter(isBundleOrElement).sort();
        const bundle = build.name === 'module' ? '/dist/merchant-elements.js' : '/dist/merchant-elements.classic.js';
        assert.deepEqual(scripts, [`/${builtFile('hours', build.classic)}`, bundle].sort(), 'the bundle and the hours’ file, nothing else');
      } finally {
        await context.close();
      }
    });
  }

  for (const build of BUILDS) {
    test(`${build.name} build: a page with every element requests the file holding them all, and no element's own file`, async () => {
      const context = await browser.newContext();
      try {
        const connection = `endpoint="${serving.gatewayUrl}" location-id="${serving.featuredLocationId}"`;
        const tags = listElements(root).map(({ tag }) => tag);
        const body = tags.map((tag) => `<${tag} ${connection}></${tag}>`).join('');
        // Which elements are defined when each one's definition is announced (its microtasks, in the task that defined it).
        await context.addInitScript((all: string[]) => {
          const seen: Record<string, string[]> = {};
          (window as unknown as { definedWith: typeof seen }).definedWith = seen;
          for (const tag of all) void customElements.whenDefined(tag).then(() => (seen[tag] = all.filter((other) => customElements.get(other))));
        }, tags);
        const { page, problems, requested } = await openPage(context, body, build.script('/dist/'));
        const states = await settledStates(page, tags.join(), problems);
        for (const tag of tags) assert.ok(['ready', 'empty'].includes(states[tag]!), `${tag}: ${states[tag]}`);
        assert.deepEqual(problems, []);
        const bundle = build.name === 'module' ? '/dist/merchant-elements.js' : '/dist/merchant-elements.classic.js';
        const scripts = requested.filter(isBundleOrElement).sort();
        assert.deepEqual(scripts, [`/${builtFile('all', build.classic)}`, bundle].sort(), 'the bundle and the combined file, once each');
        // One element defined (and so first rendered) per task, in the table's order, not all seven in the one task
        // that evaluates the file (issue 29: that was one long task).
        const definedWith = await page.evaluate(() => (window as unknown as { definedWith: Record<string, string[]> }).definedWith);
        const order = registeredElements(root).map((name) => `merchant-${name}`);
        assert.deepEqual(
          order.map((tag) => [...definedWith[tag]!].sort()),
          order.map((_tag, i) => order.slice(0, i + 1).sort()),
          'each element defined in a task of its own',
        );
      } finally {
        await context.close();
      }
    });
  }

  const PAGE_DATA = /\/v1\/locations\/[^/]+\/page\?/;
  const SHORT_MENUS = /\/v1\/locations\/[^/]+\/menus\?format=short$/;
  /**
   * What the loader starts as it finds a tag, with the element's file held back until the element's first data (or the
   * last module it starts beside it) has been asked for (or 5 s, and then the test fails): the requests seen (once
   * each, in order) against that file's answer.
   */
  const firstDataCases = [
    {
      title: "the data request starts before the element's file arrives (no round trip added before the data)",
      element: 'hours',
      markup: () => hours(),
      seen: [[PAGE_DATA, 'data requested']],
      firstData: PAGE_DATA,
      expected: ['data requested', 'hours file answered'],
      message: 'the data was requested while the element’s file was on its way, once',
    },
    {
      title: "a short menu's own request (its menus, not the page data) starts before its file arrives, and is made once",
      element: 'menu',
      markup: () => `<merchant-menu format="short" endpoint="${serving.gatewayUrl}" location-id="${serving.featuredLocationId}"></merchant-menu>`,
      seen: [
        [PAGE_DATA, 'page data requested'],
        [SHORT_MENUS, 'short menus requested'],
      ],
      firstData: SHORT_MENUS,
      expected: ['short menus requested', 'menu file answered'],
      message: 'the menus were requested while the menu’s file was on its way, once',
    },
    {
      title: "a full menu's navigation and diner tools are started with its data, before its file arrives (menu-modules.ts)",
      element: 'menu',
      markup: () => `<merchant-menu endpoint="${serving.gatewayUrl}" location-id="${serving.featuredLocationId}"></merchant-menu>`,
      seen: [
        [PAGE_DATA, 'page data requested'],
        [/\/merchant-elements-menu-navigation-\w+\.js$/, 'navigation requested'],
        [/\/merchant-elements-menu-tools-\w+\.js$/, 'tools requested'],
      ],
      firstData: /\/merchant-elements-menu-tools-\w+\.js$/,
      expected: ['page data requested', 'navigation requested', 'tools requested', 'menu file answered'],
      message: 'both modules were requested with the data, while the menu’s file was on its way, once',
    },
  ] as const;
  for (const { title, element, markup, seen, firstData, expected, message } of firstDataCases) {
    test(title, async () => {
      const context = await browser.newContext();
      try {
        const events: string[] = [];
        const dataAsked = holdBackUntilReleased(path.basename(builtFile(element)), () => events.push(`${element} file answered`));
        context.on('request', (request) => {
          for (const [pattern, event] of seen) if (pattern.test(request.url())) events.push(event);
          if (firstData.test(request.url())) dataAsked();
        });
        const { page, problems } = await openPage(context, markup(), BUILDS[0]!.script('/dist/'));
        assert.deepEqual(await settledStates(page, `merchant-${element}`, problems), { [`merchant-${element}`]: 'ready' });
        assert.deepEqual(problems, []);
        assert.deepEqual(events, expected, message);
      } finally {
        holdBack = undefined;
        await context.close();
      }
    });
  }

  for (const build of BUILDS) {
    // Issue 29: the page's first Intl formatter costs 130–220 ms at a phone's 4× CPU (V8's one-time locale set),
    // whichever it is; the bundle makes the ones the elements' first ready views need whatever their data while the
    // page waits for the elements' files and data (src/elements/shared/warm-formats.ts), through the shared cache.
    test(`${build.name} build: the hours' first formatter is made after the first frame, while its file is on its way, and once`, async () => {
      const context = await browser.newContext();
      try {
        const events: string[] = [];
        // The hours' file held back until the formatter has been made (or 5 s, and then the test fails).
        const made = holdBackUntilReleased(path.basename(builtFile('hours', build.classic)), () => events.push('hours file answered'));
        await context.exposeBinding('formatterMade', (_source, options: string) => {
          events.push(`formatter made ${options}`);
          made();
        });
        // Before the page's first script: each DateTimeFormat made, and whether the first animation frame has run.
        await context.addInitScript(() => {
          const log = window as unknown as { frames: number; formatterMade(options: string): void };
          log.frames = 0;
          requestAnimationFrame(() => log.frames++);
          Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
            construct(target, args: [string?, Intl.DateTimeFormatOptions?]) {
              void log.formatterMade(`${JSON.stringify(args[1] ?? {})} after ${log.frames} frame(s)`);
              return Reflect.construct(target, args) as object;
            },
          });
        });
        const { page, problems } = await openPage(context, `<h1>Opening hours</h1>${hours()}`, build.script('/dist/'));
        assert.deepEqual(await settledStates(page, 'merchant-hours', problems), { 'merchant-hours': 'ready' });
        assert.deepEqual(problems, []);
        const weekdays = events.filter((event) => event.startsWith('formatter made {"weekday":"long","timeZone":"UTC"}'));
        assert.deepEqual(weekdays, ['formatter made {"weekday":"long","timeZone":"UTC"} after 1 frame(s)'], 'made once, after the first frame');
        assert.equal(events[0], weekdays[0], 'the page’s first formatter, made before the hours’ file was answered');
        assert.ok(events.includes('hours file answered'));
      } finally {
        holdBack = undefined;
        await context.close();
      }
    });
  }

  test('an element added to the page later is loaded and shown', async () => {
    const context = await browser.newContext();
    try {
      const { page, problems, requested } = await openPage(context, '<main></main>', BUILDS[0]!.script('/dist/'));
      await page.waitForFunction(() => document.readyState === 'complete');
      assert.deepEqual(requested.filter(isBundleOrElement), ['/dist/merchant-elements.js'], 'no element’s file for a page without elements');
      await page.evaluate(
        ([endpoint, id]) => {
          const photos = document.createElement('merchant-photos');
          photos.setAttribute('endpoint', endpoint!);
          photos.setAttribute('location-id', id!);
          document.querySelector('main')!.append(photos);
        },
        [serving.gatewayUrl, serving.featuredLocationId],
      );
      assert.deepEqual(await settledStates(page, 'merchant-photos', problems), { 'merchant-photos': 'ready' });
      assert.ok(requested.includes(`/${builtFile('photos')}`));
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});

test('a full menu loads beside its data the modules its rule names, which pages hint with its file', async () => {
  const context = await browser.newContext();
  try {
    const files = (JSON.parse(await readFile(path.join(root, 'dist/merchant-elements-files.json'), 'utf8')) as BuildFiles).files;
    const { page, problems, requested } = await openPage(
      context,
      `<merchant-menu endpoint="${serving.gatewayUrl}" location-id="${serving.featuredLocationId}"></merchant-menu>`,
      BUILDS[0]!.script('/dist/'),
    );
    assert.deepEqual(await settledStates(page, 'merchant-menu', problems), { 'merchant-menu': 'ready' });
    assert.deepEqual(problems, []);
    // The menu's own on-demand modules that make its view (not its JSON-LD writer, written when idle).
    const loaded = Object.entries(files)
      .filter(([name, file]) => name.startsWith('menu-') && !name.endsWith('json-ld') && requested.includes(`/dist/${file}`))
      .map(([name]) => name);
    // The rule as the menu's class declares it (src/ssr/render.ts and the WordPress build read the same).
    const rule = await page.evaluate(
      () =>
        (customElements.get('merchant-menu') as unknown as { modulesBesideData?: { modules: string[]; unless?: { attribute: string; value: string } } })
          ?.modulesBesideData,
    );
    assert.ok(rule && rule.modules.length > 0, 'a full menu has modules beside its data');
    assert.deepEqual(loaded.sort(), [...rule.modules].sort(), 'what the menu loaded against what its rule names');
    // A short menu: none (it loads them only if it turns out to need them).
    assert.deepEqual(rule.unless, { attribute: 'format', value: 'short' });
  } finally {
    await context.close();
  }
});

test('a short menu that needs its navigation and its tools asks for both at once (one round trip after its data, not two)', async () => {
  const context = await browser.newContext();
  const files = (JSON.parse(await readFile(path.join(root, 'dist/merchant-elements-files.json'), 'utf8')) as BuildFiles).files;
  const navigationFile = files['menu-navigation']!;
  const toolsFile = files['menu-tools']!;
  try {
    const events: string[] = [];
    // The navigation module held back until the tools have been asked for (or 5 s, and then the test fails).
    const toolsAsked = holdBackUntilReleased(path.basename(navigationFile), () => events.push('navigation answered'));
    context.on('request', (request) => {
      if (new URL(request.url()).pathname !== `/dist/${path.basename(toolsFile)}`) return;
      events.push('tools requested');
      toolsAsked();
    });
    const { page, problems } = await openPage(
      context,
      `<merchant-menu format="short" endpoint="${serving.gatewayUrl}" location-id="${serving.featuredLocationId}"></merchant-menu>`,
      BUILDS[0]!.script('/dist/'),
    );
    assert.deepEqual(await settledStates(page, 'merchant-menu', problems), { 'merchant-menu': 'ready' });
    assert.deepEqual(problems, []);
    // The sandbox's short menus need both: tabs (several menus) and the tools (a long menu).
    const shown = await page.evaluate(() => {
      const root = document.querySelector('merchant-menu')!.shadowRoot!;
      return { tabs: root.querySelectorAll('[role="tab"]').length, search: root.querySelectorAll('input[type="search"]').length };
    });
    assert.ok(shown.tabs > 1 && shown.search === 1, `tabs and the tools shown: ${JSON.stringify(shown)}`);
    assert.deepEqual(events, ['tools requested', 'navigation answered'], 'the tools were asked for while the navigation module was on its way');
  } finally {
    holdBack = undefined;
    await context.close();
  }
});
