/**
 * Issue 13: no client can turn the gateway into an amplifier of upstream traffic on the site's credentials,
 * and /metrics is not public.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningSandbox } from '../../src/sandbox/server.ts';
import { isLoopback, metricsAllowed } from '../../src/gateway/client-address.ts';
import { gatewayFor, startSandboxForTests } from './gateway-fixture.ts';

let sb: RunningSandbox;
before(async () => {
  sb = await startSandboxForTests();
});
after(() => sb.close());

const statusOf = async (response: Promise<Response>): Promise<number> => {
  const res = await response;
  await res.arrayBuffer();
  return res.status;
};

describe('unknown ids are cheap', () => {
  it('200 page requests for made-up ids cost at most 200 upstream calls, and a repeat costs none', async () => {
    const gw = await gatewayFor(sb, { MERCHANT_RATE_LIMIT: '0', MERCHANT_MISS_RATE_LIMIT: '0' });
    try {
      sb.stats.reset();
      const bodies = await Promise.all(
        Array.from({ length: 200 }, async (_, i) => {
          const res = await fetch(`${gw.url}/v1/locations/made-up-${i}/page`);
          assert.equal(res.status, 404);
          return res.json();
        }),
      );
      assert.ok(bodies.every((body) => body.error === 'LOCATION_DOES_NOT_EXIST' && body.status_code === 404));
      const calls = sb.stats.requests;
      assert.ok(calls <= 200, `${calls} upstream calls for 200 made-up ids`);

      sb.stats.reset();
      const again = await fetch(`${gw.url}/v1/locations/made-up-7/page`);
      assert.equal(again.status, 404);
      assert.equal(again.headers.get('x-cache'), 'hit', 'the 404 is cached like any other answer');
      await again.arrayBuffer();
      assert.equal(sb.stats.requests, 0);
    } finally {
      await gw.close();
    }
  });

  it('a known location still gets every part of its page', async () => {
    const gw = await gatewayFor(sb);
    try {
      const page = await (await fetch(`${gw.url}/v1/locations/test-pizzeria/page`)).json();
      assert.equal(page.location.id, 'test-pizzeria');
      assert.ok(Array.isArray(page.menus) && Array.isArray(page.photos) && Array.isArray(page.actions));
    } finally {
      await gw.close();
    }
  });

  it('a client sending only cold misses is limited before a client sending cache hits', async () => {
    const gw = await gatewayFor(sb, { MERCHANT_RATE_LIMIT: '100', MERCHANT_MISS_RATE_LIMIT: '10', MERCHANT_CLIENT_IP_HEADER: 'x-forwarded-for' });
    try {
      const from = (ip: string, path: string) => statusOf(fetch(`${gw.url}${path}`, { headers: { 'x-forwarded-for': ip } }));
      const missing: number[] = [];
      const hitting: number[] = [];
      for (let i = 0; i < 40; i++) {
        missing.push(await from('198.51.100.1', `/v1/locations/never-${i}/page`));
        hitting.push(await from('198.51.100.2', '/v1/locations/test-pizzeria/page'));
      }
      const firstLimited = missing.indexOf(429);
      assert.ok(firstLimited > 0 && firstLimited <= 10, `cold-miss client limited at request ${firstLimited + 1}: ${missing}`);
      assert.ok(missing.slice(firstLimited).every((status) => status === 429));
      assert.deepEqual([...new Set(hitting)], [200], 'the client sending hits is served throughout');
    } finally {
      await gw.close();
    }
  });
});

describe('/metrics is not public', () => {
  it('knows loopback addresses', () => {
    for (const address of ['127.0.0.1', '127.4.5.6', '::1', '::ffff:127.0.0.1']) assert.ok(isLoopback(address), address);
    for (const address of ['10.0.0.1', '::ffff:10.0.0.1', '128.0.0.1', 'unknown', '1270.0.0.1']) assert.ok(!isLoopback(address), address);
  });

  it('answers a loopback client, refuses a forwarded remote client, and accepts the bearer token', async () => {
    const token = 'metrics-token-5d1f';
    const gw = await gatewayFor(sb, { MERCHANT_CLIENT_IP_HEADER: 'x-forwarded-for', MERCHANT_METRICS_TOKEN: token });
    try {
      const metrics = (headers: Record<string, string> = {}) => fetch(`${gw.url}/metrics`, { headers });
      const local = await metrics();
      assert.equal(local.status, 200);
      assert.match(await local.text(), /merchant_gateway_/);

      // Behind a proxy on the same host the socket is loopback; the client is the forwarded address.
      const remote = await metrics({ 'x-forwarded-for': '203.0.113.9' });
      assert.equal(remote.status, 403);
      const body = await remote.json();
      assert.equal(body.error, 'METRICS_FORBIDDEN');
      assert.ok(!JSON.stringify(body).includes(token));

      assert.equal(await statusOf(metrics({ 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer wrong-token-00000' })), 403);
      assert.equal(await statusOf(metrics({ 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${token}` })), 200);
    } finally {
      await gw.close();
    }
  });

  it('compares the token exactly', () => {
    assert.equal(metricsAllowed('abc', 'Bearer abc', '203.0.113.9'), true);
    assert.equal(metricsAllowed('abc', 'Bearer abcd', '203.0.113.9'), false);
    assert.equal(metricsAllowed('abc', 'Bearer ab', '203.0.113.9'), false);
    assert.equal(metricsAllowed('abc', 'abc', '203.0.113.9'), false);
    assert.equal(metricsAllowed(null, 'Bearer ', '203.0.113.9'), false);
  });
});
