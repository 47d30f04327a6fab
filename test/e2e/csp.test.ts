/**
 * Issue 5's must-show: the built dist/merchant-elements.js, on a page served with a strict
 * Content-Security-Policy and Trusted Types enforced, renders every element from the real gateway and
 * sandbox with no console error. The same page loads the bundle a second time (another URL) and the
 * classic build: neither may throw or log. A second page puts the bundle next to an unrelated element
 * built on another copy of Lit; Lit's Trusted Types policy name can then only be created twice with
 * 'allow-duplicates', which is what docs/distribution.md tells such pages to add.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { startServe, type Serving } from '../../src/cli/serve.ts';
import { collectProblems, launch, settledStates, startTestServer, type TestServer } from './helpers.ts';
import { builtFile, dataElementTags } from '../node/dist-helpers.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Exactly the policy the README promises. */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: http://127.0.0.1:*; connect-src 'self' http://127.0.0.1:*; require-trusted-types-for 'script'; trusted-types lit-html";
const CSP_WITHOUT_TRUSTED_TYPES = CSP.replace("; require-trusted-types-for 'script'; trusted-types lit-html", '');
const CSP_WITH_ANOTHER_LIT = CSP.replace('trusted-types lit-html', "trusted-types lit-html 'allow-duplicates'");

const DATA_TAGS = dataElementTags();

let serving: Serving;
let site: TestServer;
/** Another origin serving dist/ with no CORS headers, as some file hosts do. */
let cdn: TestServer;
let browser: Browser;
let otherLit = '';
const pages = new Map<string, { csp: string; html: string }>();

function pageWith(scripts: string[], body: string, lang = 'en'): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
  <meta charset="utf-8">
  <title>Strict CSP</title>
  ${scripts.join('\n  ')}
</head>
<body>
${body}
</body>
</html>`;
}

before(async () => {
  // Another element on another copy of Lit, as a host page might already have.
  const other = await build({
    stdin: {
      contents:
        "import { LitElement, html } from 'lit'; customElements.define('other-lit-element', class extends LitElement { render() { return html`<p>another Lit</p>`; } });",
      resolveDir: root,
    },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  otherLit = other.outputFiles[0]!.text;

  site = await startTestServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const page = pages.get(url.pathname);
    if (page) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': page.csp });
      return void res.end(page.html);
    }
    if (url.pathname === '/other-lit.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      return void res.end(otherLit);
    }
    // The bundles and their on-demand modules (languages, error view, JSON-LD writers); under /broken/, a copy
    // of dist/ whose error view cannot be loaded; under /slow/, one whose on-demand modules come 600 ms late.
    const dist = url.pathname.match(/^(\/broken|\/slow)?(\/dist\/merchant-elements(\.classic|\.standalone|-[a-z0-9-]+)?\.js)$/);
    if (dist?.[1] === '/slow' && /-[0-9a-f]{8}\.js$/.test(dist[2]!)) await new Promise((resolve) => setTimeout(resolve, 600));
    if (dist && !(dist[1] === '/broken' && /-error-view-[0-9a-f]{8}\.js$/.test(dist[2]!))) {
      const file = await readFile(path.join(root, dist[2]!)).catch(() => null);
      if (file) res.writeHead(200, { 'content-type': 'text/javascript' });
      return void (file ? res.end(file) : res.writeHead(404).end());
    }
    if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
    res.writeHead(404).end();
  });
  cdn = await startTestServer(async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    const file = /^\/dist\/merchant-elements[\w.-]*\.js$/.test(pathname) ? await readFile(path.join(root, pathname)).catch(() => null) : null;
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/javascript' });
    res.end(file);
  });
  serving = await startServe({ port: 0, logLevel: 'silent', allowOrigins: [site.origin] });
  const attrs = `endpoint="${serving.gatewayUrl}" location-id="${serving.featuredLocationId}"`;
  const elements = `  <merchant-provider ${attrs}>
    ${DATA_TAGS.map((tag) => `<${tag}></${tag}>`).join('\n    ')}
  </merchant-provider>`;
  // The module build runs first (module and deferred scripts run in the page's order) and its element files come
  // late: the classic copies' would come first. Only the first copy has Lit's Trusted Types policy
  // (scripts/rollup-lit-policy.mjs), so an element a later copy registered would render nothing.
  pages.set('/strict.html', {
    csp: CSP,
    html: pageWith(
      [
        '<script type="module" src="/slow/dist/merchant-elements.js"></script>',
        '<script type="module" src="/slow/dist/merchant-elements.js?second-copy"></script>',
        '<script src="/dist/merchant-elements.classic.js" defer></script>',
        '<script src="/dist/merchant-elements.classic.js" defer></script>',
      ],
      elements,
    ),
  });
  // The module build under an address with a query string, against the advice (docs/distribution.md): its element
  // files import the bundle at its plain address, a second instance of the same copy, which registers them. (With
  // Trusted Types enforced this cannot work: the first instance holds Lit's policy; so a policy without them.)
  pages.set('/with-query.html', {
    csp: CSP_WITHOUT_TRUSTED_TYPES,
    html: pageWith(['<script type="module" src="/dist/merchant-elements.js?ver=2"></script>'], elements),
  });
  // The standalone script after the bundle: it would register every element as it runs, before the bundle's files come.
  pages.set('/bundle-then-standalone.html', {
    csp: CSP,
    html: pageWith(
      ['<script type="module" src="/dist/merchant-elements.js"></script>', '<script src="/dist/merchant-elements.standalone.js" defer></script>'],
      elements,
    ),
  });
  pages.set('/next-to-lit.html', {
    csp: CSP_WITH_ANOTHER_LIT,
    html: pageWith(
      ['<script type="module" src="/other-lit.js"></script>', '<script type="module" src="/dist/merchant-elements.js"></script>'],
      `  <other-lit-element></other-lit-element>\n${elements}`,
    ),
  });
  // The same elements in French, once through each build: the French strings are a separate module
  // (dist/merchant-elements-i18n-fr.js) that both builds import on demand, under the same policy.
  for (const [name, script] of [
    ['module', '<script type="module" src="/dist/merchant-elements.js"></script>'],
    ['classic', '<script src="/dist/merchant-elements.classic.js" defer></script>'],
  ]) {
    for (const lang of ['en', 'fr']) pages.set(`/${lang}-${name}.html`, { csp: CSP, html: pageWith([script], elements, lang) });
    // A configuration mistake (no location id; no request is made), whose explanation is a module loaded on demand;
    // and the same where that module cannot be loaded.
    const mistake = `  <merchant-hours endpoint="${serving.gatewayUrl}"></merchant-hours>`;
    pages.set(`/mistake-${name}.html`, { csp: CSP, html: pageWith([script], mistake) });
    pages.set(`/mistake-broken-${name}.html`, { csp: CSP, html: pageWith([script.replace('/dist/', '/broken/dist/')], mistake) });
    // Menu and hours without structured data: the JSON-LD writers are never downloaded.
    const noLd = `  <merchant-provider ${attrs}>\n    <merchant-menu no-structured-data></merchant-menu>\n    <merchant-hours no-structured-data></merchant-hours>\n  </merchant-provider>`;
    pages.set(`/no-ld-${name}.html`, { csp: CSP, html: pageWith([script], noLd) });
  }
  // The standalone script from another origin that sends no CORS headers: a classic script is not fetched in CORS
  // mode, and it imports nothing (the classic build's elements are modules, which import() fetches in CORS mode).
  pages.set('/standalone-no-cors.html', {
    csp: CSP.replace("script-src 'self'", `script-src 'self' ${cdn.origin}`),
    html: pageWith([`<script src="${cdn.origin}/dist/merchant-elements.standalone.js" defer></script>`], elements, 'fr'),
  });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await serving?.close();
  await site?.close();
  await cdn?.close();
});

async function renderedWithoutProblems(pathname: string, csp: string) {
  const tab = await browser.newPage();
  const problems = collectProblems(tab);
  const response = await tab.goto(`${site.origin}${pathname}`);
  assert.equal(response?.headers()['content-security-policy'], csp);

  const states = await settledStates(tab, 'merchant-provider, merchant-provider > *', problems);
  assert.deepEqual(Object.keys(states).sort(), ['merchant-provider', ...DATA_TAGS].sort(), 'every element is on the page and defined');
  for (const [tag, state] of Object.entries(states)) assert.equal(state, 'ready', `<${tag}> ended in state ${state}`);

  // Each data element rendered real content into its shadow root (not only a skeleton): text, or images (the photos'
  // grid has no text of its own until the lightbox opens).
  const texts = await tab.evaluate(
    (tags) =>
      Object.fromEntries(
        tags.map((t) => {
          const root = document.querySelector(`merchant-provider > ${t}`)?.shadowRoot;
          return [t, (root?.textContent?.trim().length ?? 0) + (root?.querySelectorAll('img').length ?? 0)];
        }),
      ),
    DATA_TAGS,
  );
  for (const tag of DATA_TAGS) {
    if (texts[tag]! > 0) continue;
    // Say what it rendered instead, and what the page complained about.
    const rendered = await tab.evaluate((t) => document.querySelector(`merchant-provider > ${t}`)?.shadowRoot?.innerHTML ?? '(no shadow root)', tag);
    assert.fail(`<${tag}> rendered no content: ${rendered.slice(0, 600)}; problems: ${JSON.stringify(problems)}`);
  }
  return { tab, problems };
}

test('every element renders from the gateway under the strict CSP with Trusted Types, without a console error, with the bundle loaded four times', async () => {
  const { tab, problems } = await renderedWithoutProblems('/strict.html', CSP);
  assert.deepEqual(problems, []);

  // Trusted Types are really enforced on this page (else the test would prove nothing): a raw string
  // into innerHTML is refused. Checked last, because the refusal itself logs a console error.
  const enforced = await tab.evaluate(() => {
    try {
      document.createElement('div').innerHTML = '<b>x</b>';
      return false;
    } catch {
      return true;
    }
  });
  assert.ok(enforced, 'Trusted Types are not enforced');
  await tab.close();
});

test('of several copies of the elements on a page, the first registers them and loads their files; a later one from another address loads none', async () => {
  const fetched = (tab: import('playwright-core').Page) =>
    tab.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
  const strict = await renderedWithoutProblems('/strict.html', CSP);
  assert.deepEqual(strict.problems, []);
  const files = await fetched(strict.tab);
  assert.ok(
    files.some((file) => /^\/slow\/dist\/merchant-elements-(actions|all)-/.test(file)),
    `the module build's element files: ${files}`,
  );
  assert.deepEqual(
    files.filter((file) => file.includes('merchant-elements-classic-')),
    [],
    'the classic copies load no file of their own',
  );
  await strict.tab.close();

  const withQuery = await renderedWithoutProblems('/with-query.html', CSP_WITHOUT_TRUSTED_TYPES);
  assert.deepEqual(withQuery.problems, []);
  await withQuery.tab.close();

  const standalone = await renderedWithoutProblems('/bundle-then-standalone.html', CSP);
  assert.deepEqual(standalone.problems, []);
  const standaloneMenu = await standalone.tab.evaluate(() => {
    const own = (window as unknown as { MerchantElements?: { MerchantMenu?: unknown } }).MerchantElements?.MerchantMenu;
    return { ran: typeof own === 'function', registered: own === customElements.get('merchant-menu') };
  });
  assert.deepEqual(standaloneMenu, { ran: true, registered: false }, 'the standalone script ran, and its classes are not the registered ones');
  await standalone.tab.close();
});

test("next to another copy of Lit (Trusted Types with 'allow-duplicates'), both render without a console error", async () => {
  const { tab, problems } = await renderedWithoutProblems('/next-to-lit.html', CSP_WITH_ANOTHER_LIT);
  assert.equal(await tab.evaluate(() => document.querySelector('other-lit-element')?.shadowRoot?.textContent), 'another Lit');
  assert.deepEqual(problems, []);
  await tab.close();
});

test('the on-demand modules (French strings, JSON-LD writers, error view, menu navigation, lightbox) load through the ES build and through the classic build, under the same policy', async () => {
  const shadowTexts = (tab: import('playwright-core').Page) =>
    // Text and accessible names (the photos' grid says what it shows in its thumbnails' labels only).
    tab.evaluate(
      (tags) =>
        tags.map((t) => {
          const root = document.querySelector(`merchant-provider > ${t}`)?.shadowRoot;
          const labels = [...(root?.querySelectorAll('[aria-label]') ?? [])].map((el) => el.getAttribute('aria-label')).join(' ');
          return `${root?.textContent ?? ''} ${labels}`.replace(/\s+/g, ' ').trim();
        }),
      DATA_TAGS,
    );
  for (const build of ['module', 'classic']) {
    // The classic build has its own copies of the on-demand modules (the languages are the same files).
    const chunk = (name: string) => path.basename(builtFile(name, build === 'classic'));
    const english = await renderedWithoutProblems(`/en-${build}.html`, CSP);
    const englishTexts = await shadowTexts(english.tab);
    assert.deepEqual(english.problems, []);

    // The JSON-LD writers are modules loaded on demand too: written into the light DOM under Trusted Types.
    const jsonLd = await english.tab.evaluate(async () => {
      for (let i = 0; i < 100; i++) {
        const scripts = ['merchant-menu', 'merchant-hours'].map((tag) => document.querySelector(`${tag} > script[type="application/ld+json"]`));
        if (scripts.every(Boolean)) return scripts.map((script) => JSON.parse(script!.textContent!));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return [];
    });
    assert.ok(jsonLd[0]?.['@graph']?.length > 0, `${build}: <merchant-menu> wrote its schema.org Menu JSON-LD`);
    assert.equal(jsonLd[1]?.['@type'], 'LocalBusiness', `${build}: <merchant-hours> wrote its schema.org JSON-LD`);
    assert.deepEqual(english.problems, [], `${build}: writing JSON-LD caused no violation`);
    const fetched = (tab: import('playwright-core').Page) =>
      tab.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name.replace(/^.*\//, '')));
    assert.ok(!(await fetched(english.tab)).includes(chunk('error-view')), `${build}: a working page does not download the error view`);
    // The menu's tabs (this location has several menus) and the photos lightbox, opened, are on-demand modules too.
    assert.ok((await fetched(english.tab)).includes(chunk('menu-navigation')), `${build}: the menu's navigation module loaded`);
    assert.ok((await english.tab.locator('merchant-menu [role=tab]').count()) > 1, `${build}: the menu shows its tabs`);
    await english.tab.locator('merchant-photos [part=thumbnail]').first().click();
    await english.tab.locator('merchant-photos dialog[open] [part=lightbox-image]').waitFor({ timeout: 5_000 });
    assert.deepEqual(english.problems, [], `${build}: the navigation and the lightbox caused no violation`);
    await english.tab.close();

    const noLd = await browser.newPage();
    const noLdProblems = collectProblems(noLd);
    await noLd.goto(`${site.origin}/no-ld-${build}.html`);
    assert.deepEqual(Object.values(await settledStates(noLd, 'merchant-menu, merchant-hours', noLdProblems)), ['ready', 'ready']);
    await noLd.waitForTimeout(300);
    assert.deepEqual(
      (await fetched(noLd)).filter((name) => name.includes('json-ld')),
      [],
      `${build}: no-structured-data downloads no JSON-LD writer`,
    );
    assert.deepEqual(noLdProblems, []);
    await noLd.close();

    const mistake = await browser.newPage();
    const mistakeProblems = collectProblems(mistake);
    await mistake.goto(`${site.origin}/mistake-${build}.html`);
    assert.deepEqual(await settledStates(mistake, 'merchant-hours', mistakeProblems), { 'merchant-hours': 'error' });
    const explained = await mistake.evaluate(() => document.querySelector('merchant-hours')!.shadowRoot!.querySelector('[part=error-message]')?.textContent);
    assert.match(explained ?? '', /location ID/, `${build}: the configuration mistake is explained`);
    assert.ok(
      await mistake.evaluate((file) => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(`/dist/${file}`)), chunk('error-view')),
    );
    assert.deepEqual(mistakeProblems, []);
    await mistake.close();

    // Without its error view the element still ends in its error state, with the generic message, and nothing throws.
    const broken = await browser.newPage();
    const brokenProblems = collectProblems(broken);
    await broken.goto(`${site.origin}/mistake-broken-${build}.html`);
    assert.deepEqual(await settledStates(broken, 'merchant-hours', brokenProblems), { 'merchant-hours': 'error' });
    const generic = await broken.evaluate(() => document.querySelector('merchant-hours')!.shadowRoot!.querySelector('[part=error-message]')?.textContent);
    assert.equal(generic, 'This cannot be shown right now. Please try again later.');
    assert.ok(
      brokenProblems.length > 0 && brokenProblems.every((problem) => /404|merchant-elements-(classic-)?error-view-[0-9a-f]{8}\.js/.test(problem)),
      `${build}: only the missing module is reported: ${brokenProblems}`,
    );
    await broken.close();

    const french = await renderedWithoutProblems(`/fr-${build}.html`, CSP);
    const frenchModule = await french.tab.evaluate(
      (file) => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(file)),
      `/${builtFile('i18n-fr')}`,
    );
    assert.ok(frenchModule, `${build}: the French module was loaded`);
    const frenchTexts = await shadowTexts(french.tab);
    assert.deepEqual(french.problems, []);
    // Every element shows some text of its own in French (a heading, a label, a badge, a unit...).
    DATA_TAGS.forEach((tag, i) => assert.notEqual(frenchTexts[i], englishTexts[i], `${build}: <${tag}> is the same in French as in English`));
    await french.tab.close();
  }
});

test('the standalone script served from an origin without CORS headers: every element renders, translated, with its JSON-LD', async () => {
  const tab = await browser.newPage();
  const problems = collectProblems(tab);
  const requested: string[] = [];
  tab.on('request', (request) => requested.push(request.url()));
  await tab.goto(`${site.origin}/standalone-no-cors.html`);
  const states = await settledStates(tab, 'merchant-provider, merchant-provider > *', problems);
  for (const [tag, state] of Object.entries(states)) assert.equal(state, 'ready', `<${tag}> ended in state ${state}`);
  // Everything is in the one script: the French strings and the JSON-LD writers too; no other file is asked for.
  const heading = await tab.evaluate(() => document.querySelector('merchant-hours')!.shadowRoot!.textContent!);
  assert.match(heading, /Ouvert|Ouvre|Ferm/);
  await tab.waitForFunction(() => document.querySelectorAll('script[type="application/ld+json"]').length > 0);
  assert.deepEqual(
    requested.filter((url) => url.startsWith(cdn.origin)),
    [`${cdn.origin}/dist/merchant-elements.standalone.js`],
  );
  assert.deepEqual(problems, []);
  await tab.close();
});
