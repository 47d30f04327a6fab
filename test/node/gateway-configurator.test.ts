/**
 * What a gateway offers the owner's configurator (issue 27):
 * - GET /v1/origin-check?origin=: whether it allows a site, readable from any page (a browser can ask CORS only for
 *   its own origin), saying yes or no for the origin asked and nothing else of its configuration;
 * - GET /configurator: the configurator itself (an agency sends one link), its files and the plugin's zip, and nothing
 *   else of the package; off with MERCHANT_CONFIGURATOR=false.
 *
 *   node --import tsx --test test/node/gateway-configurator.test.ts        (needs `npm run build`)
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SIGNING_KEY, CLIENT_ID, setup, gatewayFor, type Fixture } from './gateway-fixture.ts';
import { openApiDocument } from '../../src/gateway/openapi.ts';
import { originCheckRoute } from '../../src/contract/routes.ts';

let f: Fixture;
before(async () => {
  f = await setup({ MERCHANT_ALLOWED_ORIGINS: 'https://shop.example,http://localhost:*' });
});
after(() => f.close());

const check = async (origin: string, from?: string) => {
  const response = await f.get(`/v1/origin-check?origin=${encodeURIComponent(origin)}`, from ? { headers: { origin: from } } : {});
  return { status: response.status, cors: response.headers.get('access-control-allow-origin'), body: await response.json() };
};

describe('GET /v1/origin-check', () => {
  it('says whether the gateway allows the origin asked, to any page', async () => {
    assert.deepEqual(await check('https://shop.example', 'https://elsewhere.example'), {
      status: 200,
      cors: '*',
      body: { origin: 'https://shop.example', allowed: true },
    });
    assert.deepEqual((await check('http://localhost:5173')).body, { origin: 'http://localhost:5173', allowed: true });
    assert.deepEqual((await check('https://evil.example', 'https://evil.example')).body, { origin: 'https://evil.example', allowed: false });
    assert.deepEqual((await check('null')).body, { origin: 'null', allowed: false });
  });

  it('refuses what is not an origin, with the error resource', async () => {
    for (const bad of ['https://shop.example/', 'https://shop.example/menu', 'shop.example', 'javascript:alert(1)', 'ftp://shop.example', '']) {
      const { status, body, cors } = await check(bad, 'https://elsewhere.example');
      assert.equal(status, 400, bad);
      assert.equal(cors, '*', 'readable by any page');
      assert.equal(body.error, 'INVALID_PARAMETER', bad);
    }
    const missing = await f.get('/v1/origin-check');
    assert.equal(missing.status, 400);
  });

  it('answers for one origin only: never the list, the credentials or the key', async () => {
    const text = JSON.stringify((await check('https://evil.example')).body);
    for (const secret of [SIGNING_KEY, CLIENT_ID, 'shop.example', 'localhost']) assert.ok(!text.includes(secret), secret);
  });

  it('is declared with the routes and described in the OpenAPI document', () => {
    const doc = openApiDocument() as {
      paths: Record<string, { get: { parameters: { name: string; required: boolean }[]; responses: Record<string, unknown> } }>;
    };
    const operation = doc.paths[originCheckRoute.path]!.get;
    assert.deepEqual(
      operation.parameters.map((p) => [p.name, p.required]),
      [['origin', true]],
    );
    assert.ok(operation.responses[200] && operation.responses[400]);
  });
});

describe('GET /configurator on the gateway', () => {
  it('sends a person to the configurator page, which names this gateway as where its settings come from', async () => {
    const redirect = await f.get('/configurator', { redirect: 'manual' });
    assert.equal(redirect.status, 302);
    const page = await f.get(redirect.headers.get('location')!);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /<meta name="merchant-configurator" content="\/configurator\/config\.json">/);
    assert.match(html, /<meta name="viewport"/);
    assert.ok(!html.includes('{{'), 'every placeholder filled');
    const csp = page.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, /require-trusted-types-for 'script'/);
    // Every file the page names is served.
    for (const [, file] of html.matchAll(/(?:src|href)="([^"]+\.(?:js|css|svg))"/g)) {
      const asset = await fetch(new URL(file!, page.url));
      assert.equal(asset.status, 200, file);
      await asset.arrayBuffer();
    }
  });

  it('its settings name this gateway (as the browser reaches it) and its own copy of the script and the zip', async () => {
    const settings = await (await f.get('/configurator/config.json')).json();
    assert.equal(settings.endpoint, '/');
    assert.equal(settings.scriptUrl, '/configurator/dist/merchant-elements.js');
    const zip = await f.get(settings.zipUrl);
    assert.equal(zip.status, 200);
    assert.equal(
      Buffer.from(await zip.arrayBuffer())
        .subarray(0, 2)
        .toString('latin1'),
      'PK',
    );
    const script = await f.get(settings.scriptUrl);
    assert.equal(script.headers.get('access-control-allow-origin'), '*');
    assert.match(script.headers.get('content-type') ?? '', /javascript/);
  });

  it('serves nothing else of the package', async () => {
    for (const path of [
      '/configurator/package.json',
      '/configurator/dist/node/cli.js',
      '/configurator/src/gateway/config.ts',
      '/configurator/demo/../package.json',
      '/configurator/dist/%2e%2e/package.json',
      '/configurator/dist/wordpress/merchant-elements/merchant-elements.php',
    ]) {
      const response = await f.get(path);
      assert.equal(response.status, 404, path);
      await response.arrayBuffer();
    }
  });

  it('is off with MERCHANT_CONFIGURATOR=false', async () => {
    const off = await gatewayFor(f.sb, { MERCHANT_CONFIGURATOR: 'false' });
    try {
      const response = await fetch(`${off.url}/configurator`, { redirect: 'manual' });
      assert.equal(response.status, 404);
      await response.arrayBuffer();
    } finally {
      await off.close();
    }
  });
});
