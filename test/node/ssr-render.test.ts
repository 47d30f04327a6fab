/**
 * Server rendering (issue 14, first part): the render route of a gateway given the renderer, and the renderer
 * itself on hostile data. The element renders from the same class and templates as in the browser, in a
 * declarative shadow root with its styles, with the answers it used as data blocks for the takeover.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { renderElement, styleHashes } from '../../src/ssr/render.ts';
import type { PageResponse } from '../../src/contract/index.ts';
import { gatewayFor, startSandboxForTests } from './gateway-fixture.ts';
import type { RunningSandbox } from '../../src/sandbox/server.ts';
import type { RunningGateway } from '../../src/adapters/node/server.ts';

describe('GET /v1/locations/{id}/render/{element}', () => {
  let sandbox: RunningSandbox;
  let gateway: RunningGateway;
  const get = (path: string, init?: RequestInit) => fetch(gateway.url + path, init);

  before(async () => {
    sandbox = await startSandboxForTests();
    gateway = await gatewayFor(sandbox, { MERCHANT_LOG_LEVEL: 'silent' }, { renderElement });
  });
  after(async () => {
    await gateway?.close();
    await sandbox?.close();
  });

  it('renders the short menu as HTML: the element, its shadow root with styles, prices, JSON-LD and its data', async () => {
    const response = await get('/v1/locations/test-pizzeria/render/menu?format=short');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type')!, /^text\/html/);
    assert.match(response.headers.get('etag')!, /^"[\w-]+"$/);
    const html = await response.text();
    const { menus } = (await (await get('/v1/locations/test-pizzeria/menus?format=short')).json()) as { menus: PageResponse['menus'] & object };
    const open = /<merchant-menu\s[^>]*>/.exec(html)![0];
    for (const attribute of [`endpoint="${gateway.url}"`, 'location-id="test-pizzeria"', 'format="short"', 'state="ready"', ' data-merchant-ssr']) {
      assert.ok(open.includes(attribute), `${attribute} in ${open}`);
    }
    assert.match(html, /<template shadowroot="open" shadowrootmode="open"><style>/);
    for (const item of menus[0]!.sections[0]!.items) assert.ok(html.includes(item.name.replace(/&/g, '&amp;')), item.name);
    assert.match(html, /part="price"/);
    assert.match(html, /<script type="application\/ld\+json" data-merchant-structured-data>\{"@context":"https:\/\/schema.org","@graph":\[\{"@type":"Menu"/);
    const block = new RegExp(
      `<script type="application/json" data-merchant-url="${gateway.url}/v1/locations/test-pizzeria/menus\\?format=short"` +
        ' data-merchant-fetched="(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ)" data-merchant-fresh="(\\d+)" data-merchant-etag="&quot;([\\w-]+)&quot;">(.*?)</script>',
    ).exec(html);
    assert.ok(
      block,
      `the short menus as a data block, with its age: ${html.slice(html.indexOf('<script type="application/json"'), html.indexOf('<script type="application/json"') + 300)}`,
    );
    assert.deepEqual(JSON.parse(block[4]!), { menus });
    // Its age is the gateway's: when the menus were fetched upstream (to the second), the gateway's freshness window,
    // and the ETag the data's own URL answers (a revalidation with it gets a 304).
    const direct = await get('/v1/locations/test-pizzeria/menus?format=short', { headers: { 'accept-encoding': 'identity' } });
    const fetchedAt = Date.parse(direct.headers.get('last-modified')!);
    assert.equal(Date.parse(block[1]!), fetchedAt);
    assert.ok(Math.abs(Date.now() - fetchedAt) < 60_000, 'fetched just now');
    assert.equal(block[2], /s-maxage=(\d+)/.exec(direct.headers.get('cache-control')!)![1]);
    assert.equal(`"${block[3]}"`, direct.headers.get('etag'));
    // A browser asks with compression: the identity ETag names that answer too.
    const revalidated = await get('/v1/locations/test-pizzeria/menus?format=short', {
      headers: { 'if-none-match': `"${block[3]}"`, 'accept-encoding': 'gzip, br' },
    });
    assert.equal(revalidated.status, 304);
    const again = await get('/v1/locations/test-pizzeria/render/menu?format=short', { headers: { 'if-none-match': response.headers.get('etag')! } });
    assert.equal(again.status, 304);
  });

  it('renders every data element of the location', async () => {
    for (const element of ['hours', 'location', 'photos', 'actions']) {
      const response = await get(`/v1/locations/test-pizzeria/render/${element}`);
      assert.equal(response.status, 200, element);
      const html = await response.text();
      assert.match(html, new RegExp(`<merchant-${element}[^>]* state="ready"`), element);
      assert.match(html, /data-merchant-url="[^"]*\/page\?include=location,menus,photos,actions"/, element);
    }
    // `lazy` waits for a viewport, which a server has not: the element is rendered with its data, and the attribute is
    // written, so that in the browser it keeps this content until the visitor comes near it, then becomes live.
    const lazy = await (await get('/v1/locations/test-pizzeria/render/hours?lazy=')).text();
    const open = /<merchant-hours\s[^>]*>/.exec(lazy)![0];
    assert.match(open, /state="ready"/);
    assert.match(open, /\slazy[\s>]/);
    assert.match(lazy, /<tr part="day/);
    assert.match(lazy, /data-merchant-url="[^"]*\/page\?include=location,menus,photos,actions"/);
  });

  it("marks the hours' status with the time it was computed (the element's own server-only note), in the render's language", async () => {
    // Without Lit's comment markers, which wrap every binding.
    const text = async (path: string) => (await (await get(path)).text()).replace(/<!--[^]*?-->/g, '');
    const html = await text('/v1/locations/test-pizzeria/render/hours');
    assert.match(
      html,
      /<span part="next-change" class="detail">[^<]+<\/span> ?<time part="computed-at" class="detail" datetime="\d{4}-\d\d-\d\dT[\d:.]+Z">\(as of \d{1,2}:\d\d\s?[AP]M\)<\/time>\s*<\/p>/,
    );
    const french = await text('/v1/locations/test-pizzeria/render/hours?locale=fr');
    assert.match(french, /\(à \d{1,2}:\d\d\)<\/time>/);
    const german = await text('/v1/locations/test-pizzeria/render/hours?locale=de');
    assert.match(german, /\(Stand \d{1,2}:\d\d\)<\/time>/);
  });

  it("renders the element's empty state for a location with nothing to show, as the browser would", async () => {
    const { withoutMenus } = sandbox.dataset.examples();
    const response = await get(`/v1/locations/${withoutMenus}/render/menu`);
    assert.equal(response.status, 200);
    const html = await response.text();
    assert.match(html, /<merchant-menu\s[^>]*state="empty"/);
    assert.match(html, /<slot name="empty">/);
    assert.doesNotMatch(html, /application\/ld\+json/, 'no JSON-LD for an empty menu');
  });

  it("carries Lit's hydration markers, with the digest of each element's outer template as the browser builds minify it (issue 29 part 3, hydration)", async () => {
    // The browser hydrates the server's markup (src/elements/shared/takeover.ts): Lit finds each template by a digest
    // of its strings, so the route renders the templates minified as the browser builds minify them (src/ssr/render.ts).
    const { digestForTemplateResult } = await import('@lit-labs/ssr-client');
    const { minifyModuleTemplates } = await import('../../scripts/rollup-minify-templates.mjs');
    // MerchantElement's outer template (its render()), minified as the builds minify it, then made into a template.
    const source = 'html`<div part="base" class="base" aria-busy=${busy}>${view}</div>`';
    const minified = await minifyModuleTemplates(`import { html } from 'lit';\nexport const outer = (busy, view) => ${source};`, 'outer.ts');
    const strings = /html`([^`]*)`/.exec(minified)![1]!.split(/\$\{[^}]*\}/);
    const digest = digestForTemplateResult({ ['_$litType$']: 1, strings: Object.assign(strings, { raw: strings }), values: [] } as never);
    for (const element of ['menu', 'hours', 'location', 'photos', 'actions', 'nearby']) {
      const html = await (await get(`/v1/locations/test-pizzeria/render/${element}`)).text();
      assert.match(html, /<template shadowroot="open" shadowrootmode="open"><style>/, element);
      // The route's own wrapper is not hydrated: the fragment is the element alone.
      assert.match(html, new RegExp(`^<merchant-${element}\\s[^]*</merchant-${element}>$`), element);
      assert.ok(html.includes(`</style><!--lit-part ${digest}--><!--lit-node 0--><div part="base"`), `${element}: ${/<\/style>.{0,80}/.exec(html)?.[0]}`);
    }
  });

  it("carries none of its templates' indentation: no space or tab beside a line break, but in a style, a script or an attribute value (issue 29 part 3)", async () => {
    for (const element of ['menu', 'hours', 'location', 'photos', 'actions', 'nearby']) {
      const html = await (await get(`/v1/locations/test-pizzeria/render/${element}`)).text();
      const outside = html.replace(/<(style|script)\b[^>]*>[^]*?<\/\1>|"[^"]*"/g, '');
      assert.doesNotMatch(outside, /[ \t]\n|\n[ \t]/, `${element}: ${JSON.stringify(/.{0,40}(?:[ \t]\n|\n[ \t]).{0,40}/s.exec(outside)?.[0])}`);
    }
  });

  it("writes each shadow root's stylesheet minified (no comment, no line break), and that text is what its published hash names (issue 29 part 3)", async () => {
    const hashes = styleHashes();
    for (const element of ['menu', 'hours', 'location', 'photos', 'actions', 'nearby']) {
      const html = await (await get(`/v1/locations/test-pizzeria/render/${element}`)).text();
      const style = /<template shadowroot[^>]*><style>([^]*?)<\/style>/.exec(html)![1]!;
      assert.doesNotMatch(style, /\/\*|\n/, `${element}: ${style.slice(0, 80)}`);
      assert.match(style, /^:host\{/, element);
      assert.equal(`sha256-${createHash('sha256').update(style).digest('base64')}`, hashes[`merchant-${element}`], element);
    }
  });

  it('answers clear errors: unknown element, unknown attribute, endpoint in the query, unknown location', async () => {
    const error = async (path: string, status: number, code: string) => {
      const response = await get(path);
      assert.equal(response.status, status, path);
      const body = (await response.json()) as { error: string; message: string };
      assert.equal(body.error, code, path);
      return body.message;
    };
    await error('/v1/locations/test-pizzeria/render/carousel', 400, 'UNKNOWN_ELEMENT');
    await error('/v1/locations/test-pizzeria/render/provider', 400, 'UNKNOWN_ELEMENT');
    assert.match(await error('/v1/locations/test-pizzeria/render/menu?colour=red', 400, 'INVALID_PARAMETER'), /"colour".*known: .*format/);
    await error('/v1/locations/test-pizzeria/render/menu?endpoint=https://elsewhere.example', 400, 'INVALID_PARAMETER');
    await error('/v1/locations/no-such-place/render/menu', 404, 'LOCATION_DOES_NOT_EXIST');
  });
});

describe('the renderer on hostile data', () => {
  const hostile = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';
  const page: PageResponse = {
    location: {
      id: 'x',
      name: hostile,
      phone: null,
      address: {
        line1: hostile,
        line2: null,
        city: 'c',
        region: null,
        postalCode: null,
        country: null,
        crossStreet: null,
        neighborhood: null,
        directions: null,
      },
      coordinates: null,
      businessType: null,
      cuisines: [hostile],
      ownerVerified: false,
      createdAt: null,
      updatedAt: null,
      numericId: null,
      description: hostile,
      email: null,
      website: 'javascript:alert(3)',
      timeZone: null,
      timeZoneSource: null,
      hours: null,
      attributes: {
        takeOut: null,
        dineIn: null,
        delivery: null,
        driveThru: null,
        reservations: null,
        catering: null,
        wheelchairAccess: null,
        alcohol: null,
        averagePrice: null,
        priceRating: null,
        mealsServed: [],
        paymentTypes: [],
      },
      hasMenus: null,
      hasPhotos: null,
      publishedAt: null,
    },
  };
  const fetchGateway = async () => new Response(JSON.stringify(page), { headers: { 'content-type': 'application/json' } });

  it('writes upstream text as text: nothing in the HTML can run or open a tag', async () => {
    const { html } = await renderElement({ tag: 'merchant-location', attributes: { endpoint: 'https://gw.example', 'location-id': 'x' }, fetchGateway });
    assert.ok(!html.includes('<script>alert'), 'no script opened');
    assert.ok(!html.includes('<img src=x'), 'no image tag from the data');
    assert.ok(!/href="javascript:/i.test(html), 'no javascript: link');
    assert.ok(html.includes('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;'), 'the name is there, as text');
    // The data block holds the same data, with every < escaped, so it cannot end its script element.
    const block = /<script type="application\/json" data-merchant-url="[^"]+">(.*?)<\/script>/.exec(html);
    assert.ok(block && !block[1]!.includes('<'));
    assert.deepEqual(JSON.parse(block[1]!), page);
  });
});
