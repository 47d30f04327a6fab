import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { WEEKDAYS } from '../../src/contract/index.ts';
import { createSandbox } from '../../src/sandbox/server.ts';
import { createGatewayApp } from '../../src/adapters/node/app.ts';
import { loadConfig } from '../../src/gateway/config.ts';
import { CLIENT_ID, SIGNING_KEY, gatewayFor, setup, type Fixture } from './gateway-fixture.ts';

let f: Fixture;
let ex: ReturnType<Fixture['sb']['dataset']['examples']>;
/** A location without actions that is not owner verified: nearby=true can stand in for its actions. */
let plainWithoutActions = '';

before(async () => {
  f = await setup();
  ex = f.sb.dataset.examples();
  const ds = f.sb.dataset;
  for (let i = 0; i < ds.locationCount; i++) {
    if (!ds.hasActions(i) && !ds.isOwnerVerified(i)) {
      plainWithoutActions = ds.idAt(i);
      break;
    }
  }
});
after(() => f.close());

async function json(path: string, status = 200, init?: RequestInit): Promise<any> {
  const res = await f.get(path, init);
  const body = await res.json();
  assert.equal(res.status, status, `${path}: ${JSON.stringify(body)}`);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  if (status >= 400) {
    assert.deepEqual(Object.keys(body).sort(), ['error', 'message', 'status_code']);
    assert.equal(body.status_code, status);
  }
  return body;
}

describe('gateway routes against the sandbox', () => {
  it('GET /v1/locations/{id}: details, address, hours, attributes, IANA time zone', async () => {
    const { location } = await json('/v1/locations/test-pizzeria');
    assert.equal(location.id, 'test-pizzeria');
    assert.equal(location.name, 'Nonna Rosa Pizzeria');
    assert.match(location.timeZone, /^America\//);
    assert.ok(location.address.city && location.coordinates);
    assert.equal(typeof location.attributes, 'object');
    assert.match(location.updatedAt, /Z$/);
    assert.deepEqual(Object.keys(location.hours.days), [...WEEKDAYS]);
    const split = (await json(`/v1/locations/${ex.withSplitHours}`)).location;
    assert.ok(WEEKDAYS.some((d) => split.hours.days[d].length > 1));
    const closed = (await json(`/v1/locations/${ex.withClosedDay}`)).location;
    assert.ok(WEEKDAYS.some((d) => closed.hours.days[d].length === 0));
    assert.equal((await json(`/v1/locations/${ex.withoutHours}`)).location.hours, null);
  });

  it('GET /v1/locations/{id}/menus: full and short, attribution on every menu', async () => {
    const full = (await json('/v1/locations/test-pizzeria/menus')).menus;
    const short = (await json('/v1/locations/test-pizzeria/menus?format=short')).menus;
    assert.ok(full.length > 0);
    for (const menu of [...full, ...short]) assert.match(menu.attribution.image, /^https?:\/\//);
    for (const menu of short) for (const s of menu.sections) assert.ok(s.items.length <= 5);
    const count = (ms: any[]) => ms.reduce((n, m) => n + m.sections.reduce((k: number, s: any) => k + s.items.length, 0), 0);
    assert.ok(count(short) <= count(full));
    assert.deepEqual((await json(`/v1/locations/${ex.withoutMenus}/menus`)).menus, []);
  });

  it('GET /v1/locations/{id}/photos: types, requested size, srcset variants', async () => {
    const all = (await json('/v1/locations/test-pizzeria/photos')).photos;
    assert.ok(all.length > 0);
    for (const p of all) {
      assert.ok(['interior', 'exterior', 'item', 'logo', 'unclassified'].includes(p.type));
      const widths = p.variants.map((v: any) => v.width);
      assert.deepEqual(
        widths,
        [...widths].sort((a: number, b: number) => a - b),
      );
      assert.ok(widths.every((w: number) => w < p.width));
    }
    assert.ok(all.some((p: any) => p.variants.length > 0));
    const exterior = (await json('/v1/locations/test-pizzeria/photos?type=exterior')).photos;
    assert.ok(exterior.length > 0 && exterior.every((p: any) => p.type === 'exterior'));
    const small = (await json('/v1/locations/test-pizzeria/photos?width=200')).photos;
    assert.ok(small.every((p: any) => p.width <= 200));
  });

  it('GET /v1/locations/{id}/actions: all, by type name or id, top, nearby stand-in', async () => {
    const { actions, source } = await json('/v1/locations/test-pizzeria/actions');
    assert.ok(actions.length > 1);
    assert.equal(source, 'location');
    const deals = (await json('/v1/locations/test-pizzeria/actions?type=deal')).actions;
    assert.ok(deals.every((a: any) => a.type === 'deal'));
    assert.deepEqual((await json('/v1/locations/test-pizzeria/actions?type=2')).actions, deals);
    assert.equal((await json('/v1/locations/test-pizzeria/actions?top=true')).actions.length, 1);
    const none = await json(`/v1/locations/${plainWithoutActions}/actions`);
    assert.deepEqual(none, { actions: [], source: 'location' });
    const standIn = await json(`/v1/locations/${plainWithoutActions}/actions?nearby=true`);
    assert.equal(standIn.source, 'nearby');
    assert.ok(standIn.actions.every((a: any) => a.locationId !== plainWithoutActions));
    const verifiedNone = await json(`/v1/locations/${ex.ownerVerifiedWithoutActions}/actions?nearby=true`);
    assert.deepEqual(verifiedNone, { actions: [], source: 'location' });
  });

  it('GET /v1/locations/{id}/nearby with every filter', async () => {
    const { results } = await json(`/v1/locations/${plainWithoutActions}/nearby?limit=5`);
    assert.ok(results.length > 0 && results.length <= 5);
    for (const r of results) assert.ok(r.action.id && r.location.id && Number.isFinite(r.distance));
    const own = (await json('/v1/locations/test-pizzeria/nearby?self=1')).results;
    assert.equal(own.length, 1);
    assert.equal(own[0].location.id, 'test-pizzeria');
    const others = (await json('/v1/locations/test-pizzeria/nearby?nearby_only=true&limit=20&radius=16093')).results;
    assert.ok(others.every((r: any) => r.location.id !== 'test-pizzeria'));
    const verified = (await json(`/v1/locations/${plainWithoutActions}/nearby?owner_verified=true&radius=16093&limit=50`)).results;
    assert.ok(verified.every((r: any) => r.location.ownerVerified === true));
    const restaurants = (await json(`/v1/locations/${plainWithoutActions}/nearby?business_type=Restaur&limit=50`)).results;
    assert.ok(restaurants.every((r: any) => /Restaur/.test(r.location.businessType)));
    const typed = (await json(`/v1/locations/${plainWithoutActions}/nearby?type=foodordering&cuisine=Pizza,Italian&limit=50`)).results;
    assert.ok(typed.every((r: any) => r.action.type === 'foodordering'));
  });

  it('GET /v1/nearby around a point, distances from the centre', async () => {
    const { location } = await json('/v1/locations/test-pizzeria');
    const { latitude, longitude } = location.coordinates;
    const { results } = await json(`/v1/nearby?latitude=${latitude}&longitude=${longitude}&limit=10&radius=5000`);
    assert.ok(results.length > 0 && results.length <= 10);
    const pizzeria = results.find((r: any) => r.location.id === 'test-pizzeria');
    if (pizzeria) assert.ok(pizzeria.distance < 5);
    const typed = (await json(`/v1/nearby?latitude=${latitude}&longitude=${longitude}&type=deal&owner_verified=false`)).results;
    assert.ok(typed.every((r: any) => r.action.type === 'deal' && r.location.ownerVerified === false));
  });

  it('GET /v1/locations/{id}/page: every part in one response, or only those included', async () => {
    const page = await json('/v1/locations/test-pizzeria/page?include=location,menus,photos,actions');
    assert.equal(page.location.id, 'test-pizzeria');
    assert.ok(Array.isArray(page.menus) && Array.isArray(page.photos) && Array.isArray(page.actions));
    assert.equal(page.actionsSource, 'location');
    assert.equal(page.errors, undefined);
    assert.deepEqual(page.menus, (await json('/v1/locations/test-pizzeria/menus')).menus);
    const some = await json('/v1/locations/test-pizzeria/page?include=location,actions');
    assert.deepEqual(Object.keys(some).sort(), ['actions', 'actionsSource', 'location']);
    const short = await json('/v1/locations/test-pizzeria/page?include=menus&format=short');
    assert.deepEqual(short.menus, (await json('/v1/locations/test-pizzeria/menus?format=short')).menus);
  });

  it('answers 404 LOCATION_DOES_NOT_EXIST for an unknown location on every location endpoint', async () => {
    for (const suffix of ['', '/menus', '/photos', '/actions', '/nearby', '/page']) {
      const body = await json(`/v1/locations/no-such-place${suffix}`, 404);
      assert.equal(body.error, 'LOCATION_DOES_NOT_EXIST', suffix);
    }
    assert.equal((await json('/v1/nowhere', 404)).error, 'NOT_FOUND');
  });

  it('answers 400 with the error resource for every bad parameter', async () => {
    const bad: [string, string][] = [
      ['/v1/locations/test-pizzeria?extra=1', 'INVALID_PARAMETER'],
      ['/v1/locations/bad%20id', 'INVALID_PARAMETER'],
      ['/v1/locations/test-pizzeria/menus?format=tiny', 'INVALID_PARAMETER'],
      ['/v1/locations/test-pizzeria/photos?type=selfie', 'INVALID_PARAMETER'],
      ['/v1/locations/test-pizzeria/photos?width=0', 'INVALID_PARAMETER'],
      ['/v1/locations/test-pizzeria/photos?height=abc', 'INVALID_PARAMETER'],
      ['/v1/locations/test-pizzeria/photos?width=99999', 'INVALID_PARAMETER'],
      ['/v1/locations/test-pizzeria/actions?type=bogus', 'INVALID_PARAMETER'],
      ['/v1/locations/test-pizzeria/actions?top=maybe', 'INVALID_PARAMETER'],
      ['/v1/locations/test-pizzeria/actions?nearby=2', 'INVALID_PARAMETER'],
      ['/v1/locations/test-pizzeria/nearby?radius=16094', 'INVALID_PARAMETER'],
      ['/v1/locations/test-pizzeria/nearby?limit=101', 'LIMIT_TOO_LARGE'],
      ['/v1/locations/test-pizzeria/nearby?limit=0', 'INVALID_PARAMETER'],
      ['/v1/locations/test-pizzeria/nearby?self=x', 'INVALID_PARAMETER'],
      ['/v1/locations/test-pizzeria/nearby?nearby_only=yes', 'INVALID_PARAMETER'],
      ['/v1/locations/test-pizzeria/nearby?owner_verified=sometimes', 'INVALID_PARAMETER'],
      ['/v1/nearby?longitude=1', 'INVALID_PARAMETER'],
      ['/v1/nearby?latitude=1', 'INVALID_PARAMETER'],
      ['/v1/nearby?latitude=91&longitude=0', 'INVALID_PARAMETER'],
      ['/v1/nearby?latitude=0&longitude=181', 'INVALID_PARAMETER'],
      ['/v1/nearby?latitude=0&longitude=0&limit=500', 'LIMIT_TOO_LARGE'],
      ['/v1/locations/test-pizzeria/page?include=everything', 'INVALID_PARAMETER'],
      ['/v1/locations/test-pizzeria/page?photo_width=-1', 'INVALID_PARAMETER'],
    ];
    for (const [path, error] of bad) assert.equal((await json(path, 400)).error, error, path);
    const named = await json('/v1/locations/test-pizzeria/nearby?limit=101', 400);
    assert.match(named.message, /101/);
  });

  it('allows only GET, HEAD and OPTIONS', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await f.get('/v1/locations/test-pizzeria', { method });
      assert.equal(res.status, 405, method);
      assert.equal(res.headers.get('allow'), 'GET, HEAD, OPTIONS');
      assert.equal((await res.json()).error, 'METHOD_NOT_ALLOWED');
    }
    const head = await f.get('/v1/locations/test-pizzeria', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
    assert.ok(head.headers.get('etag'));
  });

  it('serves ETags and answers If-None-Match with 304, on resources and pages', async () => {
    for (const path of ['/v1/locations/test-pizzeria', '/v1/locations/test-pizzeria/page']) {
      const first = await f.get(path);
      const etag = first.headers.get('etag')!;
      assert.match(etag, /^"[\w-]+"$/);
      assert.match(first.headers.get('cache-control')!, /public, max-age=\d+, s-maxage=300, stale-while-revalidate=3600, stale-if-error=86400/);
      await first.arrayBuffer();
      const again = await f.get(path, { headers: { 'if-none-match': etag } });
      assert.equal(again.status, 304, path);
      assert.equal(await again.text(), '');
      assert.equal(again.headers.get('etag'), etag);
      const weak = await f.get(path, { headers: { 'if-none-match': `"other", W/${etag}` } });
      assert.equal(weak.status, 304);
      const stale = await f.get(path, { headers: { 'if-none-match': '"different"' } });
      assert.equal(stale.status, 200);
      await stale.arrayBuffer();
    }
  });

  it('CORS: allowed origin echoed with Vary, refused origin gets no grant, preflight both ways', async () => {
    const allowed = await f.get('/v1/locations/test-pizzeria', { headers: { origin: 'https://shop.example' } });
    assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://shop.example');
    assert.match(allowed.headers.get('vary')!, /Origin/);
    assert.match(allowed.headers.get('access-control-expose-headers')!, /ETag/);
    await allowed.arrayBuffer();
    const refused = await f.get('/v1/locations/test-pizzeria', { headers: { origin: 'https://evil.example' } });
    assert.equal(refused.headers.get('access-control-allow-origin'), null);
    await refused.arrayBuffer();
    const errorFromAllowed = await f.get('/v1/locations/no-such-place', { headers: { origin: 'https://shop.example' } });
    assert.equal(errorFromAllowed.headers.get('access-control-allow-origin'), 'https://shop.example');
    await errorFromAllowed.arrayBuffer();

    const preflight = await f.get('/v1/locations/test-pizzeria', {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), 'https://shop.example');
    assert.equal(preflight.headers.get('access-control-allow-methods'), 'GET, HEAD, OPTIONS');
    const refusedPreflight = await f.get('/v1/locations/test-pizzeria', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    assert.equal(refusedPreflight.status, 403);
    assert.equal(refusedPreflight.headers.get('access-control-allow-origin'), null);
    assert.equal((await refusedPreflight.json()).error, 'ORIGIN_NOT_ALLOWED');
  });

  it('CORS: * only when configured so', async () => {
    const gw = await gatewayFor(f.sb, { MERCHANT_ALLOWED_ORIGINS: '*' });
    try {
      const res = await fetch(`${gw.url}/v1/locations/test-pizzeria`, { headers: { origin: 'https://anyone.example' } });
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
      await res.arrayBuffer();
    } finally {
      await gw.close();
    }
  });

  it('rate limits per client with 429 and Retry-After', async () => {
    const gw = await gatewayFor(f.sb, { MERCHANT_RATE_LIMIT: '5', MERCHANT_CLIENT_IP_HEADER: 'x-forwarded-for' });
    try {
      const from = (ip: string) => fetch(`${gw.url}/v1/locations/test-pizzeria`, { headers: { 'x-forwarded-for': ip } });
      for (let i = 0; i < 5; i++) {
        const ok = await from('203.0.113.1');
        assert.equal(ok.status, 200);
        await ok.arrayBuffer();
      }
      const limited = await from('203.0.113.1');
      assert.equal(limited.status, 429);
      assert.ok(Number(limited.headers.get('retry-after')) >= 1);
      const body = await limited.json();
      assert.equal(body.error, 'RATE_LIMITED');
      assert.equal(body.status_code, 429);
      const health = await fetch(`${gw.url}/healthz`, { headers: { 'x-forwarded-for': '203.0.113.1' } });
      assert.equal(health.status, 200, 'probes are not rate limited');
      await health.arrayBuffer();
      const other = await from('203.0.113.2');
      assert.equal(other.status, 200);
      await other.arrayBuffer();
    } finally {
      await gw.close();
    }
  });

  it('keys the rate limit on the address the trusted proxy appended, not on forged first entries', async () => {
    const gw = await gatewayFor(f.sb, { MERCHANT_RATE_LIMIT: '5', MERCHANT_CLIENT_IP_HEADER: 'x-forwarded-for', MERCHANT_TRUSTED_PROXIES: '1' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 100; i++) {
        const res = await fetch(`${gw.url}/v1/locations/test-pizzeria`, { headers: { 'x-forwarded-for': `192.0.2.${i}, 198.51.100.7` } });
        statuses.push(res.status);
        await res.arrayBuffer();
      }
      assert.deepEqual(statuses.slice(0, 5), [200, 200, 200, 200, 200]);
      assert.equal(statuses.filter((status) => status === 429).length, 95, '100 requests with different forged first entries share one bucket');
      const real = await fetch(`${gw.url}/v1/locations/test-pizzeria`, { headers: { 'x-forwarded-for': '198.51.100.8' } });
      assert.equal(real.status, 200, 'another real client has its own bucket');
      await real.arrayBuffer();
    } finally {
      await gw.close();
    }
  });

  it('serves the OpenAPI description, health, readiness and Prometheus metrics', async () => {
    const doc = await json('/v1/openapi.json');
    assert.equal(doc.openapi, '3.1.0');
    for (const p of [
      '/v1/locations/{id}',
      '/v1/locations/{id}/menus',
      '/v1/locations/{id}/photos',
      '/v1/locations/{id}/actions',
      '/v1/locations/{id}/nearby',
      '/v1/nearby',
      '/v1/locations/{id}/page',
    ]) {
      assert.ok(doc.paths[p], p);
    }
    assert.deepEqual(await json('/healthz'), { status: 'ok' });
    assert.equal((await json('/readyz')).status, 'ready');
    const metrics = await (await f.get('/metrics')).text();
    for (const name of [
      'merchant_gateway_requests_total',
      'merchant_gateway_request_duration_seconds_bucket',
      'merchant_gateway_cache_total{result="hit"}',
      'merchant_gateway_cache_total{result="miss"}',
      'merchant_gateway_upstream_requests_total',
    ]) {
      assert.ok(metrics.includes(name), name);
    }
  });
});

describe('gateway as a web-standard handler (edge deployment)', () => {
  it('answers Requests with no server and no Node APIs in the request path', async () => {
    const sandbox = createSandbox({ clientId: CLIENT_ID, signingKey: SIGNING_KEY });
    const config = loadConfig({
      MERCHANT_ACTIONS_URL: 'https://upstream.internal/actions',
      MERCHANT_PUBLISHER_URL: 'https://upstream.internal/publisher',
      MERCHANT_CLIENT_ID: CLIENT_ID,
      MERCHANT_SIGNING_KEY: SIGNING_KEY,
      MERCHANT_POLL_INTERVAL: '0',
      MERCHANT_LOG_LEVEL: 'silent',
    });
    const gateway = createGatewayApp(config, { fetch: (input, init) => sandbox.fetch(new Request(input as string, init)) });
    try {
      const res = await gateway.fetch(new Request('https://gateway.example/v1/locations/test-pizzeria/page'));
      assert.equal(res.status, 200);
      const page = await res.json();
      assert.equal(page.location.id, 'test-pizzeria');
      assert.ok(page.menus.length && page.actions.length);
      const missing = await gateway.fetch(new Request('https://gateway.example/v1/locations/nope'));
      assert.equal(missing.status, 404);
    } finally {
      await gateway.close();
    }
  });
});
