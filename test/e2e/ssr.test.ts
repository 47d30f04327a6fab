/**
 * Server-rendered elements in Chromium (issues 14 and 20): a page holding the menu, hours, location and actions as
 * the gateway's render route returns them. With scripts off, the content is there and styled, and the JSON-LD is in
 * the HTML. With scripts on (the one ordinary bundle, as on any page), the elements become live with no request for
 * their data, no layout shift, nothing shown twice and no console error, and end with the same DOM as a client
 * render of the same data.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { renderElement, styleHashes } from '../../src/ssr/render.ts';
import { gatewayFor, startSandboxForTests } from '../node/gateway-fixture.ts';
import type { RunningSandbox } from '../../src/sandbox/server.ts';
import type { RunningGateway } from '../../src/adapters/node/server.ts';
import { collectProblems, launch, settledStates, startTestServer, type TestServer } from './helpers.ts';
import { renderCommand } from '../../src/cli/render.ts';
import { dataAfterContent, dataOncePerPage } from '../../src/ssr/page.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ELEMENTS: [name: string, query: string][] = [
  ['menu', '?format=short'],
  ['hours', ''],
  ['location', ''],
  ['actions', ''],
];

/**
 * Records every element a server-rendered element's shadow root gains, by kind: its loading view (`skeleton`), the
 * takeover's hiding mark (`mark`), and a render's outer element (`base`).
 */
const WATCH_SHADOW_ROOTS = `window.__added = {};
for (const el of document.querySelectorAll('main > :not(script)')) {
  const added = (window.__added[el.localName] = { skeleton: 0, mark: 0, base: 0 });
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) {
      if (!(node instanceof Element)) continue;
      added.skeleton += node.querySelectorAll('[part~="skeleton"]').length + node.matches('[part~="skeleton"]');
      added.mark += node.matches('[data-merchant-takeover]');
      added.base += node.querySelectorAll('[part~="base"]').length + node.matches('[part~="base"]');
    }
  }).observe(el.shadowRoot, { childList: true, subtree: true });
}`;

/**
 * Records every layout shift (not after input): when, how much, and what moved (the node, its text, its box before and
 * after), for `shiftsFromScripts`. A function the page runs as it is (an init script), so no helper of the test's
 * transform is in it.
 */
function watchShifts(): void {
  type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node; previousRect: DOMRect; currentRect: DOMRect }[] };
  const w = window as unknown as { __shiftEntries: { at: number; value: number; what: string[] }[] };
  w.__shiftEntries = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Shift[]) {
      if (entry.hadRecentInput) continue;
      const what = entry.sources.map(({ node, previousRect: from, currentRect: to }) => {
        const name = node instanceof Element ? `${node.localName}.${node.className}` : (node?.nodeName ?? 'a node in a shadow root');
        const text = (node?.textContent ?? '').trim().slice(0, 40);
        return `${name} "${text}" ${JSON.stringify([from.x, from.y, from.width, from.height])} → ${JSON.stringify([to.x, to.y, to.width, to.height])}`;
      });
      w.__shiftEntries.push({ at: entry.startTime, value: entry.value, what });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * Marks (`__parsedAndPainted`, a time) the first frame after one that laid out the server's markup whole: the page was
 * parsed past `<main>` (its end tag, or the parse's end), and a frame holding it was painted. An init script, as text:
 * the test's transform would add a helper of its own to a function's named inner functions.
 */
const MARK_PARSED_AND_PAINTED = `{
  window.__parsedAndPainted = 0;
  const parsed = () => document.readyState !== 'loading' || document.querySelector('main ~ *') !== null;
  const watch = () =>
    requestAnimationFrame(() => {
      if (!parsed()) return watch();
      // This frame lays the whole markup out; the next frame's callback runs once it was painted.
      requestAnimationFrame(() => (window.__parsedAndPainted = performance.now()));
    });
  watch();
}`;

/**
 * Holds the elements' scripts (every request under /dist/) until the page has painted its server markup whole
 * (`MARK_PARSED_AND_PAINTED`), then lets them through. A browser paints a page as it parses it, and a frame painted with
 * part of the markup can move what it showed when the rest arrives: on a busy machine (fresh-clone CI) a dish's parts
 * moved so in the first frame after the parse, which also held the scripts' first work, so no time could tell the two
 * apart. Held, every shift after the mark is the scripts', and each takeover or hydration starts from a painted page:
 * a shift it makes cannot hide in a first paint that comes after it.
 */
async function holdScriptsUntilPainted(page: Page): Promise<void> {
  await page.addInitScript(MARK_PARSED_AND_PAINTED);
  await page.route('**/dist/**', async (route) => {
    // Not painted within the time: let the script through; `shiftsFromScripts` then fails, saying so.
    await page
      .waitForFunction(() => (window as unknown as { __parsedAndPainted: number }).__parsedAndPainted > 0, undefined, { timeout: 10_000 })
      .catch(() => {});
    await route.continue();
  });
}

/**
 * The layout shifts the elements' scripts made: those after the server markup was painted whole, with the scripts
 * held until then (`holdScriptsUntilPainted`). Shifts before it come from the browser painting the page as it parsed it
 * (the same on the page's static copy); they are left out, and named in the result.
 */
async function shiftsFromScripts(page: Page): Promise<{ shifts: number; sources: string[] }> {
  const entries = await page.evaluate(() => (window as unknown as { __shiftEntries: { at: number; value: number; what: string[] }[] }).__shiftEntries);
  const painted = await page.evaluate(() => (window as unknown as { __parsedAndPainted: number }).__parsedAndPainted);
  assert.ok(painted > 0, 'the server markup was painted whole before the scripts ran');
  const after = entries.filter((entry) => entry.at >= painted);
  const whileParsing = entries.filter((entry) => entry.at < painted);
  if (whileParsing.length) console.log(`# left out, painted while the HTML was parsed (to ${Math.round(painted)} ms): ${JSON.stringify(whileParsing)}`);
  return {
    shifts: after.reduce((sum, entry) => sum + entry.value, 0),
    sources: after.flatMap((entry) => entry.what.map((what) => `${Math.round(entry.at)} ms ${what}`)),
  };
}

let sandbox: RunningSandbox;
let gateway: RunningGateway;
let site: TestServer;
let browser: Browser;
let serverHtml = '';
/** The same elements, each with its own copy of the data it was made from (pages put together before issue 29). */
let everyCopyHtml = '';
let frenchHtml = '';
/** The same elements with the location `lazy` and far below them: its content on the page, its element live near the viewport. */
let lazyHtml = '';
let styleSrc = '';

function pageHtml(body: string, end = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Luigi's</title><link rel="icon" href="data:,">
<script type="module" src="/dist/merchant-elements.js"></script></head><body><main>${body}</main>${end}</body></html>`;
}

before(async () => {
  sandbox = await startSandboxForTests();
  let origin = '';
  site = await startTestServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname.startsWith('/dist/')) {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      return void res.end(readFileSync(path.join(ROOT, 'dist', path.basename(url.pathname))));
    }
    const client = ELEMENTS.map(([name, query]) => {
      const format = new URLSearchParams(query).get('format');
      return `<merchant-${name} endpoint="${gateway.url}" location-id="test-pizzeria"${format ? ` format="${format}"` : ''}></merchant-${name}>`;
    }).join('\n');
    const pages: Record<string, string> = {
      '/ssr.html': pageHtml(serverHtml),
      '/ssr-every-copy.html': pageHtml(everyCopyHtml),
      // The same page, watched: what each takeover adds to its shadow root, recorded from before the bundle runs (a
      // classic script at the end of the body runs as it is parsed, before the deferred module).
      '/ssr-watched.html': pageHtml(serverHtml, `<script>${WATCH_SHADOW_ROOTS}</script>`),
      // Inside a provider, whose upgrade must not lay the server's content out again (issue 29).
      '/ssr-provider.html': pageHtml(`<merchant-provider endpoint="${gateway.url}" location-id="test-pizzeria">${serverHtml}</merchant-provider>`),
      '/client.html': pageHtml(client),
      // A second copy of the elements on the page: the classic build, at the end of the body (it runs first).
      '/ssr-twice.html': pageHtml(serverHtml, '<script src="/dist/merchant-elements.classic.js"></script>'),
      '/ssr-fr.html': pageHtml(frenchHtml),
      '/ssr-lazy.html': pageHtml(lazyHtml),
      // The hours as a page cached hours ago shows them: a status the browser's clock no longer gives.
      '/ssr-stale.html': pageHtml(
        serverHtml.replace(/<merchant-hours[^]*?<\/merchant-hours>/, (hours) =>
          hours
            .replace(/(<span part="badge[^"]*">(?:<!--lit-part-->)?)[^<]+/, '$1STALE')
            .replace(/(<span part="next-change" class="detail">(?:<!--lit-part-->)?)[^<]*/, '$1STALE'),
        ),
        `<script>${WATCH_SHADOW_ROOTS}</script>`,
      ),
      // The hours rendered by another build (a template digest the browser's templates do not have): hydration fails,
      // and the element falls back to the takeover.
      '/ssr-mismatch.html': pageHtml(serverHtml.replace(/(<merchant-hours[^]*?<\/style>)<!--lit-part [\w+/=]+-->/, '$1<!--lit-part AAAAAAAAAAA=-->')),
      // The standalone script (hosts without CORS headers), which leaves Lit's hydration out: the takeover instead.
      '/ssr-standalone.html': pageHtml(serverHtml, `<script>${WATCH_SHADOW_ROOTS}</script>`).replace(
        '<script type="module" src="/dist/merchant-elements.js"></script>',
        '<script src="/dist/merchant-elements.standalone.js" defer></script>',
      ),
      // As a browser without declarative shadow DOM parses the page: each server render's template left inert, no
      // shadow root attached (here by the template's attribute renamed); the elements render as client-rendered ones.
      '/ssr-no-declarative-shadow-dom.html': pageHtml(serverHtml.replaceAll(' shadowrootmode="open"', ' data-shadowrootmode="open"')),
      // A damaged data block: the elements ask the gateway, and what they show may not be what the server rendered.
      '/ssr-damaged.html': pageHtml(serverHtml.replace(/(<script type="application\/json" data-merchant-url="[^"]*"[^>]*>)\{/g, '$1{damaged')),
      // A browser without constructable stylesheets (Safari before 16.4: `new CSSStyleSheet()` throws) and so without
      // declarative shadow roots: the takeover must not stop the bundle from running the client-rendered elements.
      '/old-browser.html': pageHtml(client).replace(
        '<script type="module"',
        '<script>window.CSSStyleSheet = function CSSStyleSheet() { throw new TypeError("Illegal constructor"); };</script><script type="module"',
      ),
    };
    // A strict policy: no inline style or script; the published hashes of the elements' stylesheets, or none (control).
    const strict = (styleSrc: string) =>
      `default-src 'none'; script-src 'self'; style-src 'self' ${styleSrc}; img-src 'self' data: http://127.0.0.1:*; connect-src http://127.0.0.1:*`;
    if (url.pathname === '/csp.html' || url.pathname === '/csp-without-hashes.html') {
      const policy = strict(url.pathname === '/csp.html' ? styleSrc : '');
      return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': policy }).end(pageHtml(serverHtml));
    }
    if (!pages[url.pathname]) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pages[url.pathname]);
  });
  origin = site.origin;
  gateway = await gatewayFor(
    sandbox,
    { MERCHANT_ALLOWED_ORIGINS: origin, MERCHANT_LOG_LEVEL: 'silent', MERCHANT_RATE_LIMIT: '0', MERCHANT_MISS_RATE_LIMIT: '0' },
    { renderElement, renderStyleHashes: styleHashes },
  );
  // What a site's build step or its CMS does: fetch each element's HTML from the render route, once.
  const parts: string[] = [];
  for (const [name, query] of ELEMENTS) {
    const response = await fetch(`${gateway.url}/v1/locations/test-pizzeria/render/${name}${query}`);
    assert.equal(response.status, 200, name);
    parts.push(await response.text());
  }
  // Each answer once per page, after the page's content (src/ssr/page.ts); the French page keeps each answer's block in
  // the first element that used it, and `everyCopyHtml` every element's own: the takeover reads all three.
  serverHtml = dataAfterContent(parts).join('\n');
  everyCopyHtml = parts.join('\n');
  const french: string[] = [];
  for (const [name] of ELEMENTS) french.push(await (await fetch(`${gateway.url}/v1/locations/test-pizzeria/render/${name}?locale=fr`)).text());
  frenchHtml = dataOncePerPage(french).join('\n');
  // The location rendered `lazy` (the route keeps the attribute), after three screens of the page.
  const lazyParts = ELEMENTS.map(([name], i) => (name === 'location' ? '' : parts[i]!)).filter(Boolean);
  const lazyLocation = await (await fetch(`${gateway.url}/v1/locations/test-pizzeria/render/location?lazy=`)).text();
  const [menu, hours, actions, location, ...blocks] = dataAfterContent([...lazyParts, lazyLocation]);
  lazyHtml = [menu, hours, actions, '<div style="height: 300vh"></div>', location, ...blocks].join('\n');
  ({ styleSrc } = (await (await fetch(`${gateway.url}/v1/render/styles`)).json()) as { styleSrc: string });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await site?.close();
  await gateway?.close();
  await sandbox?.close();
});

/**
 * The shadow DOM of every element, without Lit's comment markers (which differ between a server and a client render)
 * and without the server's `<style>` (a hydrated element keeps it, where a client render adopts the same stylesheet);
 * each element's attributes in one order (Lit's SSR writes them in the template's order, a client render sets the
 * bound ones after the static ones) and without an input's `value` attribute (Lit's SSR writes one for a `.value`
 * property binding). Made in an inert template, so nothing in it loads.
 */
const shadows = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main > :not(script)')].map((el) => {
      const copy = document.createElement('template');
      copy.innerHTML = el.shadowRoot!.innerHTML.replace(/<!--[^]*?-->|<style>[^]*?<\/style>/g, '');
      for (const node of copy.content.querySelectorAll('*')) {
        const attributes = [...node.attributes].map((attribute) => [attribute.name, attribute.value]).sort(([a], [b]) => (a! < b! ? -1 : 1));
        for (const [name] of attributes) node.removeAttribute(name!);
        for (const [name, value] of attributes) if (!(node.localName === 'input' && name === 'value')) node.setAttribute(name!, value!);
      }
      return [el.localName, copy.innerHTML];
    }),
  );

/** What in a page (shadow roots included) could run: a hostile script that ran, handlers, script-like elements, unsafe URLs. */
const inertProblems = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    if ((window as unknown as { __pwned?: number }).__pwned) found.push('a hostile script ran');
    // A stack, not a recursive helper: the test runner's transform would name a helper with a function the page lacks.
    const roots: (Document | ShadowRoot)[] = [document];
    while (roots.length) {
      for (const el of roots.pop()!.querySelectorAll('*')) {
        if (['iframe', 'object', 'embed'].includes(el.localName)) found.push(`<${el.localName}>`);
        if (el.localName === 'script' && !['application/json', 'application/ld+json'].includes(el.getAttribute('type') ?? ''))
          found.push(`<script type=${el.getAttribute('type')}>`);
        for (const name of el.getAttributeNames()) {
          if (/^on/i.test(name)) found.push(`${name} on <${el.localName}>`);
          if (
            ['href', 'src', 'srcset', 'action', 'formaction'].includes(name) &&
            !/^(https?:\/\/|tel:|mailto:|#)/i.test((el.getAttribute(name) ?? '').trim())
          ) {
            found.push(`${name}="${el.getAttribute(name)}" on <${el.localName}>`);
          }
        }
        if (el.shadowRoot) roots.push(el.shadowRoot);
      }
    }
    return found;
  });

const HOSTILE_TEXT = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned=1">"><b onmouseover=alert(1)>x</b>';

describe('server-rendered elements', () => {
  it('with scripts off: menu items and prices, the week, the address and the call-to-action links are there, styled, and the JSON-LD is in the HTML', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.origin}/ssr.html`);
    const prices = page.locator('merchant-menu b[part="price"]');
    assert.ok((await prices.count()) > 3);
    assert.match((await prices.first().textContent())!, /^\$\d+\.\d\d/);
    assert.ok(await prices.first().isVisible());
    assert.equal(await page.locator('merchant-hours tbody tr').count(), 7);
    assert.match((await page.locator('merchant-location address').textContent())!, /Bleecker St/);
    assert.ok((await page.locator('merchant-actions a[href^="https://"]').count()) > 0);
    // Styled from the shadow root's own stylesheet: the price column is at the end edge, the tabs are buttons.
    assert.equal(
      await page
        .locator('merchant-menu .prices')
        .first()
        .evaluate((el) => getComputedStyle(el).textAlign),
      'end',
    );
    assert.equal(
      await page
        .locator('merchant-menu [role="tab"]')
        .first()
        .evaluate((el) => getComputedStyle(el).cursor),
      'pointer',
    );
    const html = await (await fetch(`${site.origin}/ssr.html`)).text();
    assert.match(html, /<script type="application\/ld\+json" data-merchant-structured-data>\{"@context":"https:\/\/schema.org","@graph":\[\{"@type":"Menu"/);
    assert.match(html, /<script type="application\/ld\+json" data-merchant-structured-data>\{"@context":"https:\/\/schema.org","@type":"LocalBusiness"/);
    await context.close();
  });

  /** Opens `file` with the ordinary bundle, recording its console problems, its requests and its layout shifts. */
  async function openWatched(file: string, init?: string) {
    const page = await browser.newPage();
    if (init) await page.addInitScript(init);
    const problems = collectProblems(page);
    const dataRequests: string[] = [];
    const moduleRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(gateway.url)) dataRequests.push(request.url());
      if (request.url().includes('/dist/')) moduleRequests.push(path.basename(new URL(request.url()).pathname));
    });
    await page.addInitScript(watchShifts);
    await holdScriptsUntilPainted(page);
    await page.goto(`${site.origin}/${file}`);
    return { page, problems, dataRequests, moduleRequests };
  }

  /** Opens `file` (openWatched) and waits until every element is defined and settled. */
  async function takeOver(file: string, init?: string) {
    const opened = await openWatched(file, init);
    await opened.page.waitForFunction(() => [...document.querySelectorAll('main > :not(script)')].every((el) => customElements.get(el.localName)));
    await opened.page.waitForTimeout(1000);
    return opened;
  }

  /** Each element's light DOM (what is left beside its shadow root) and how many times its content is in its shadow root. */
  const contents = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('main > :not(script)')].map((el) => ({
        tag: el.localName,
        light: [...el.children].map((child) => `${child.localName}[${child.getAttributeNames().join(',')}]`),
        attributes: el
          .getAttributeNames()
          // The render route's own marks: server-rendered, and the modules its view loaded (for the page's hints).
          .filter((name) => name !== 'data-merchant-ssr' && name !== 'data-merchant-modules')
          .sort(),
        bases: el.shadowRoot!.querySelectorAll('[part~="base"]').length,
        text: [...el.shadowRoot!.childNodes]
          .filter((node) => node.nodeName !== 'STYLE' && node.nodeType !== Node.COMMENT_NODE)
          .map((node) => node.textContent)
          .join('')
          .replace(/\s+/g, ' ')
          .trim(),
      })),
    );

  /**
   * What every takeover must be: no request for the elements' data, no console problem, no layout shift, and each
   * element's content there once. Returns the elements' contents for further checks.
   */
  async function assertCleanTakeover({ page, problems, dataRequests }: Awaited<ReturnType<typeof takeOver>>) {
    assert.deepEqual(dataRequests, [], 'no request to the gateway');
    assert.deepEqual(problems, []);
    const { shifts, sources } = await shiftsFromScripts(page);
    assert.equal(shifts, 0, `no layout shift; what moved: ${sources.join('; ')}`);
    const taken = await contents(page);
    assert.ok(
      taken.every((element) => element.bases === 1 && element.text.length > 0),
      JSON.stringify(taken),
    );
    return taken;
  }

  it('with the ordinary bundle: live with no request for their data, no layout shift, nothing twice, no console error, and the DOM of a client render', async () => {
    const takeover = await takeOver('ssr.html');
    const { page } = takeover;
    const states = await page.evaluate(() => [...document.querySelectorAll('main > :not(script)')].map((el) => el.getAttribute('state')));
    assert.deepEqual(states, ['ready', 'ready', 'ready', 'ready']);
    const taken = await assertCleanTakeover(takeover);
    // The JSON-LD the server wrote is the one the element keeps: one each, not a second copy, and not written again
    // (its data is what the server rendered from): no schema module loaded for it.
    await page.waitForTimeout(300);
    assert.equal(await page.locator('merchant-menu > script[type="application/ld+json"]').count(), 1);
    assert.equal(await page.locator('merchant-hours > script[type="application/ld+json"]').count(), 1);
    assert.deepEqual(
      takeover.moduleRequests.filter((file) => /json-ld/.test(file)),
      [],
      `no JSON-LD module for a server-rendered element (loaded: ${takeover.moduleRequests.join(', ')})`,
    );
    // Live: the menu's second tab works as in a client render.
    await page.locator('merchant-menu [role="tab"]').nth(1).click();
    assert.equal(await page.locator('merchant-menu [role="tab"]').nth(1).getAttribute('aria-selected'), 'true');
    await page.locator('merchant-menu [role="tab"]').nth(0).click();

    const client = await browser.newPage();
    await client.goto(`${site.origin}/client.html`);
    await client.waitForFunction(() => [...document.querySelectorAll('main > :not(script)')].every((el) => el.getAttribute('state') === 'ready'));
    await client.waitForTimeout(300);
    assert.deepEqual(await shadows(page), await shadows(client));
    // The JSON-LD kept from the server is the one a client render writes.
    const jsonLd = (of: Page) =>
      of.evaluate(() => [...document.querySelectorAll('main > * > script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent!)));
    await client.waitForFunction(() => document.querySelectorAll('main > * > script[type="application/ld+json"]').length === 2);
    assert.deepEqual(await jsonLd(page), await jsonLd(client));
    // Nothing twice, and nothing of the server's left: each element's content once (above), its light DOM as a client
    // render's, read again now that the tabs were used.
    assert.deepEqual(await contents(page), await contents(client));
    assert.equal(taken.length, 4);
    await client.close();
    await page.close();
  });

  it("a `lazy` element far down keeps the server's content, loads no module and makes no request until the visitor comes near it; then it is live as the others: no request, no shift, nothing twice", async () => {
    const files = JSON.parse(readFileSync(path.join(ROOT, 'dist/merchant-elements-files.json'), 'utf8')) as { files: Record<string, string> };
    const { page, problems, dataRequests, moduleRequests } = await openWatched('ssr-lazy.html');
    assert.deepEqual(await settledStates(page, 'merchant-menu, merchant-hours, merchant-actions', problems), {
      'merchant-menu': 'ready',
      'merchant-hours': 'ready',
      'merchant-actions': 'ready',
    });
    await page.waitForTimeout(1000);
    const location = page.locator('merchant-location');
    assert.equal(await page.evaluate(() => customElements.get('merchant-location') === undefined), true, 'not defined yet');
    assert.deepEqual(
      moduleRequests.filter((file) => file === files.files.location || file === files.files.all),
      [],
      `neither its file nor the one with every element: ${moduleRequests.join(', ')}`,
    );
    assert.equal(await location.evaluate((element) => element.shadowRoot!.querySelectorAll('[part~="address"]').length), 1, "the server's content is there");

    await location.scrollIntoViewIfNeeded();
    assert.deepEqual(await settledStates(page, 'merchant-location', problems), { 'merchant-location': 'ready' });
    await page.waitForTimeout(500);
    assert.deepEqual(
      moduleRequests.filter((file) => file === files.files.location),
      [files.files.location],
      'its own file, once, as it came near',
    );
    assert.deepEqual(dataRequests, [], 'no request to the gateway');
    assert.deepEqual(problems, []);
    const { shifts, sources } = await shiftsFromScripts(page);
    assert.equal(shifts, 0, `no layout shift; what moved: ${sources.join('; ')}`);
    const taken = await page.evaluate(() =>
      [...document.querySelectorAll('main > [data-merchant-ssr]')].map(
        (element) => `${element.localName} ${element.shadowRoot!.querySelectorAll('[part~="base"]').length}`,
      ),
    );
    assert.deepEqual(taken, ['merchant-menu 1', 'merchant-hours 1', 'merchant-actions 1', 'merchant-location 1'], 'each content once');
    await page.close();
  });

  it("each element's first render is its ready view, bound to the server's markup by Lit's hydration: nothing rendered again, nothing hidden", async () => {
    const takeover = await takeOver('ssr-watched.html');
    await assertCleanTakeover(takeover);
    const added = await takeover.page.evaluate(
      () => (window as unknown as { __added: Record<string, { skeleton: number; mark: number; base: number }> }).__added,
    );
    // Hydrated: the server's DOM is the element's (the takeover, its fallback, would add one `base` each).
    const none = { skeleton: 0, mark: 0, base: 0 };
    assert.deepEqual(added, { 'merchant-menu': none, 'merchant-hours': none, 'merchant-location': none, 'merchant-actions': none });
    await takeover.page.close();
  });

  it('one render per element in its first update where hydration bound its view as it is; a second only where that render holds parts of its own', async () => {
    // Each element class's render() counted while its first update is under way (before hasUpdated), defined as the bundle defines it.
    const countFirstRenders = `window.__firstRenders = {};
      const define = customElements.define.bind(customElements);
      customElements.define = function (name, constructor, options) {
        const render = constructor.prototype.render;
        if (name.startsWith('merchant-') && typeof render === 'function')
          constructor.prototype.render = function () {
            if (!this.hasUpdated) window.__firstRenders[name] = (window.__firstRenders[name] || 0) + 1;
            return render.call(this);
          };
        return define(name, constructor, options);
      };`;
    const takeover = await takeOver('ssr-watched.html', countFirstRenders);
    await assertCleanTakeover(takeover);
    const renders = await takeover.page.evaluate(() => (window as unknown as { __firstRenders: Record<string, number> }).__firstRenders);
    // Twice where the render hydration binds holds parts of its own (shared/hydrating.ts), which the render after it
    // writes: the hours' time-dependent text (timely) and server-only note, the menu's print-only copies of its other
    // menus. The others' hydrated render is their view: not made again.
    assert.deepEqual(renders, { 'merchant-menu': 2, 'merchant-hours': 2, 'merchant-location': 1, 'merchant-actions': 1 });
    await takeover.page.close();
  });

  it("a damaged data block: the elements load from the gateway and write their own JSON-LD (the server's is not kept), once each", async () => {
    const { page, moduleRequests, dataRequests } = await takeOver('ssr-damaged.html');
    await page.waitForFunction(() => document.querySelectorAll('main > * > script[type="application/ld+json"]').length === 2);
    assert.ok(dataRequests.length > 0, 'the data came from the gateway');
    assert.ok(
      moduleRequests.some((file) => /json-ld/.test(file)),
      `the JSON-LD written again by the elements (loaded: ${moduleRequests.join(', ')})`,
    );
    assert.equal(await page.locator('merchant-menu > script[type="application/ld+json"]').count(), 1);
    assert.equal(await page.locator('merchant-hours > script[type="application/ld+json"]').count(), 1);
    await page.close();
  });

  it('each answer once per page: one data block per URL serves every element of the location (and a page with every copy still works)', async () => {
    const urls = (html: string) => [...html.matchAll(/<script type="application\/json" data-merchant-url="([^"]*)"/g)].map((match) => match[1]);
    assert.equal(urls(everyCopyHtml).length, ELEMENTS.length, 'each rendered element carries its data');
    assert.deepEqual(urls(serverHtml), [...new Set(urls(everyCopyHtml))], 'the page carries each answer once');
    const everyCopy = await takeOver('ssr-every-copy.html');
    await assertCleanTakeover(everyCopy);
    await everyCopy.page.close();
  });

  it("inside a provider: the provider's upgrade lays nothing out again (the largest paint stays the first), no shift, no request", async () => {
    const page = await browser.newPage();
    const problems = collectProblems(page);
    const dataRequests: string[] = [];
    page.on('request', (request) => void (request.url().startsWith(gateway.url) && dataRequests.push(request.url())));
    await page.addInitScript(watchShifts);
    await holdScriptsUntilPainted(page);
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number[]; __providerDefined: number };
      w.__lcp = [];
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => w.__lcp.push(entry.startTime))).observe({
        type: 'largest-contentful-paint',
        buffered: true,
      });
      void customElements.whenDefined('merchant-provider').then(() => (w.__providerDefined = performance.now()));
    });
    await page.goto(`${site.origin}/ssr-provider.html`);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('merchant-provider > :not(script)')].every(
        (el) => customElements.get(el.localName) && el.getAttribute('state') === 'ready',
      ),
    );
    await page.waitForTimeout(1000);
    const { lcp, providerDefined, shadowRoot } = await page.evaluate(() => {
      const w = window as unknown as { __lcp: number[]; __providerDefined: number };
      return { lcp: w.__lcp, providerDefined: w.__providerDefined, shadowRoot: !!document.querySelector('merchant-provider')!.shadowRoot };
    });
    const { shifts, sources } = await shiftsFromScripts(page);
    assert.equal(shadowRoot, false, 'the provider has no shadow root');
    assert.ok(lcp.length > 0 && providerDefined > 0);
    // The page was painted before the bundle ran (holdScriptsUntilPainted): no largest paint may follow the definition,
    // the page laid out again by the upgrade.
    assert.ok(lcp[0] < providerDefined, 'the first largest paint came before the bundle');
    assert.deepEqual(
      lcp.filter((time) => time > providerDefined),
      [],
      `no largest paint after the first once the provider was defined at ${Math.round(providerDefined)} ms (entries at ${lcp.map(Math.round).join(', ')} ms)`,
    );
    assert.equal(shifts, 0, `no layout shift; what moved: ${sources.join('; ')}`);
    assert.deepEqual(dataRequests, []);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it("time-dependent text (the hours' open-now badge) shows the browser's own after hydration, not the server's; the server-only note goes", async () => {
    const takeover = await takeOver('ssr-stale.html');
    await assertCleanTakeover(takeover);
    const { page } = takeover;
    const hours = page.locator('merchant-hours');
    assert.doesNotMatch((await hours.locator('[part~="status"]').textContent())!, /STALE/);
    assert.equal(await hours.locator('[part~="computed-at"]').count(), 0);
    const client = await browser.newPage();
    await client.goto(`${site.origin}/client.html`);
    await client.waitForFunction(() => document.querySelector('merchant-hours')?.getAttribute('state') === 'ready');
    const status = (from: Page) => from.locator('merchant-hours [part~="status"]').evaluate((el) => el.textContent!.replace(/\s+/g, ' ').trim());
    assert.equal(await status(page), await status(client));
    // Still hydrated (the server's elements kept): the badge's text written in place.
    const added = await page.evaluate(() => (window as unknown as { __added: Record<string, { base: number }> }).__added['merchant-hours']);
    assert.equal(added!.base, 0);
    await client.close();
    await page.close();
  });

  it('markup that hydration cannot bind (rendered by another build) falls back to the takeover: live, nothing twice, no shift, no request, no console error', async () => {
    const takeover = await takeOver('ssr-mismatch.html');
    const taken = await assertCleanTakeover(takeover);
    assert.match(taken.find((element) => element.tag === 'merchant-hours')!.text, /Monday/);
    assert.equal(await takeover.page.locator('merchant-hours').getAttribute('state'), 'ready');
    await takeover.page.close();
  });

  it('the standalone script, which carries no hydration, takes each element over: live, nothing twice, no shift, no request, no console error', async () => {
    const takeover = await takeOver('ssr-standalone.html');
    await assertCleanTakeover(takeover);
    assert.deepEqual(takeover.moduleRequests, ['merchant-elements.standalone.js']);
    const states = await takeover.page.evaluate(() => [...document.querySelectorAll('main > :not(script)')].map((el) => el.getAttribute('state')));
    assert.deepEqual(states, ['ready', 'ready', 'ready', 'ready']);
    // Taken over: each element's own render added once (hydration would add none).
    const added = await takeover.page.evaluate(() => (window as unknown as { __added: Record<string, { base: number }> }).__added);
    assert.deepEqual(
      Object.values(added).map((each) => each.base),
      [1, 1, 1, 1],
    );
    await takeover.page.close();
  });

  it("a browser without declarative shadow DOM (no shadow root attached from the server render) does not load Lit's hydration", async () => {
    const page = await browser.newPage();
    const problems = collectProblems(page);
    const modules: string[] = [];
    page.on('request', (request) => void (request.url().includes('/dist/') && modules.push(path.basename(new URL(request.url()).pathname))));
    await page.goto(`${site.origin}/ssr-no-declarative-shadow-dom.html`);
    await page.waitForFunction(() => [...document.querySelectorAll('main > :not(script)')].every((el) => el.getAttribute('state') === 'ready'));
    await page.waitForTimeout(300);
    assert.deepEqual(
      modules.filter((file) => /hydrate/.test(file)),
      [],
      `loaded: ${modules.join(', ')}`,
    );
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('in French: the language module loads before the takeover shows anything else (no layout shift, nothing twice, no request for data)', async () => {
    const takeover = await takeOver('ssr-fr.html');
    const taken = await assertCleanTakeover(takeover);
    assert.match(taken.find((element) => element.tag === 'merchant-hours')!.text, /Lundi/i);
    await takeover.page.close();
  });

  it('a browser without constructable stylesheets still runs the client-rendered elements (the takeover makes its stylesheet only for a server-rendered element)', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${site.origin}/old-browser.html`);
    await page.waitForFunction(() => [...document.querySelectorAll('main > :not(script)')].every((el) => el.getAttribute('state') === 'ready'), undefined, {
      timeout: 10_000,
    });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a second copy of the elements (the classic build too) takes over once: nothing emptied, nothing twice', async () => {
    const takeover = await takeOver('ssr-twice.html');
    await assertCleanTakeover(takeover);
    await takeover.page.close();
  });

  it("under a strict CSP (no 'unsafe-inline'), the gateway's published style hashes style the elements before any script, and the takeover is clean", async () => {
    const textAlign = async (file: string, javaScriptEnabled: boolean) => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      const problems = collectProblems(page);
      await page.goto(`${site.origin}/${file}`);
      if (javaScriptEnabled)
        await page.waitForFunction(() => [...document.querySelectorAll('main > :not(script)')].every((el) => el.getAttribute('state') === 'ready'));
      const align = await page
        .locator('merchant-menu .prices')
        .first()
        .evaluate((el) => getComputedStyle(el).textAlign);
      await context.close();
      return { align, problems };
    };
    assert.match(styleSrc, /^'sha256-[\w+/=]+'( 'sha256-[\w+/=]+')+$/);
    assert.deepEqual(await textAlign('csp.html', false), { align: 'end', problems: [] });
    // The control: the same page without the hashes is unstyled (the browser refuses the inline styles).
    const unstyled = await textAlign('csp-without-hashes.html', false);
    assert.notEqual(unstyled.align, 'end');
    assert.ok(
      unstyled.problems.some((problem) => /Content Security Policy/.test(problem)),
      'the browser says why',
    );
    // With the script: the takeover renders the elements' own (constructed) stylesheets, allowed by the policy.
    assert.deepEqual(await textAlign('csp.html', true), { align: 'end', problems: [] });
  });

  it('hostile upstream text rendered by the CLI is inert in the page: no script runs, no handler, no unsafe URL', async () => {
    const HOSTILE_URLS = ['javascript:window.__pwned=1', 'data:text/html,<script>window.__pwned=1</script>', ' JaVaScRiPt:window.__pwned=1'];
    let n = 0;
    const poison = (value: unknown, key = ''): unknown => {
      if (typeof value === 'string') {
        if (['type', 'id', 'locationId', 'currency', 'timeZone', 'open', 'close', 'expiration', 'createdAt', 'updatedAt', 'publishedAt'].includes(key))
          return value;
        return /url|image|link|website|asset|source|email/i.test(key) ? HOSTILE_URLS[n++ % HOSTILE_URLS.length] : HOSTILE_TEXT;
      }
      if (Array.isArray(value)) return value.map((item) => poison(item, key));
      if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v, k)]));
      return value;
    };
    const page = poison(await (await fetch(`${gateway.url}/v1/locations/test-pizzeria/page?include=location,menus,photos,actions`)).json());
    const fake = await startTestServer((_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(page)));
    try {
      let html = '';
      for (const element of ['menu', 'hours', 'location', 'photos', 'actions']) {
        await renderCommand(['--element', element, '--location', 'test-pizzeria', '--endpoint', fake.origin], (text) => (html += text));
      }
      const browserPage = await browser.newPage();
      await browserPage.setContent(`<!doctype html><html lang="en"><body>${html}</body></html>`);
      const problems = await inertProblems(browserPage);
      assert.deepEqual(problems, []);
      assert.ok(html.includes('&lt;script&gt;window.__pwned = 1&lt;/script&gt;'), 'the hostile text is shown, as text');
      await browserPage.close();
    } finally {
      await fake.close();
    }
  });

  it('hostile upstream text through the render route is inert too: the gateway normalizes it, the renderer writes it as text', async () => {
    // A gateway whose upstream answers (the sandbox's, as the Publisher and Actions APIs send them) have every text
    // field replaced with markup and every URL with javascript:, as a compromised upstream might send them.
    const STRUCTURE =
      /^(id|location_id|photo_id|type|menu_type|currency|time_zone|created|updated|published|expiration|order_num|status|code|next|days?|open|close|hours|latitude|longitude)$/;
    const poison = (value: unknown, key = ''): unknown => {
      if (typeof value === 'string')
        return STRUCTURE.test(key) ? value : /url|image|link|website|asset|source/i.test(key) ? 'javascript:window.__pwned=1' : HOSTILE_TEXT;
      if (Array.isArray(value)) return value.map((item) => poison(item, key));
      if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v, k)]));
      return value;
    };
    const hostile = await gatewayFor(
      sandbox,
      { MERCHANT_LOG_LEVEL: 'silent', MERCHANT_RATE_LIMIT: '0', MERCHANT_MISS_RATE_LIMIT: '0' },
      {
        renderElement,
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          const body: unknown = await response.json().catch(() => null);
          return new Response(JSON.stringify(poison(body)), { status: response.status, headers: { 'content-type': 'application/json' } });
        },
      },
    );
    try {
      let html = '';
      for (const element of ['menu', 'location', 'actions']) {
        const response = await fetch(`${hostile.url}/v1/locations/test-pizzeria/render/${element}`);
        assert.equal(response.status, 200, `${element}: ${response.status === 200 ? '' : await response.clone().text()}`);
        html += await response.text();
      }
      assert.ok(html.includes('&lt;script&gt;window.__pwned = 1&lt;/script&gt;'), 'the hostile text reached the HTML, as text');
      const page = await browser.newPage();
      await page.setContent(`<!doctype html><html lang="en"><body>${html}</body></html>`);
      assert.deepEqual(await inertProblems(page), []);
      await page.close();
    } finally {
      await hostile.close();
    }
  });
});
