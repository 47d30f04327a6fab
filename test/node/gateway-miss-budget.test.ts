/**
 * Issue 21: the cold-miss budget charges the request that causes an upstream call, not the requests that wait on
 * it, and is checked only when a request is about to cause one (cached data always answers).
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningSandbox } from '../../src/sandbox/server.ts';
import { gatewayFor, startSandboxForTests } from './gateway-fixture.ts';

let sb: RunningSandbox;
before(async () => {
  sb = await startSandboxForTests();
});
after(() => sb.close());

const answer = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(url, { headers });
  return { status: res.status, cache: res.headers.get('x-cache'), body: await res.text() };
};

describe('the miss budget charges the cause, not the crowd', () => {
  it('300 concurrent cold requests for one menu from one address: all 200, one upstream call, and the next new resource still answers', async () => {
    const gw = await gatewayFor(sb, { MERCHANT_RATE_LIMIT: '0', MERCHANT_MISS_RATE_LIMIT: '5', MERCHANT_LOG_LEVEL: 'silent' });
    try {
      sb.stats.reset();
      const answers = await Promise.all(Array.from({ length: 300 }, () => answer(`${gw.url}/v1/locations/test-pizzeria/menus`)));
      assert.deepEqual([...new Set(answers.map((a) => a.status))], [200]);
      assert.equal(sb.stats.requests, 1, 'one upstream call for 300 requests');
      assert.ok(answers.filter((a) => a.cache === 'miss').length > 1, 'the crowd waited on the one call (else this test proves nothing)');

      for (const path of ['/v1/locations/test-pizzeria', '/v1/locations/test-pizzeria/photos']) {
        const next = await answer(`${gw.url}${path}`);
        assert.equal(next.status, 200, `${path} after the crowd: ${next.body}`);
      }
    } finally {
      await gw.close();
    }
  });

  it('a client past its budget is still answered from the cache, and refused only for what would call the upstream', async () => {
    const gw = await gatewayFor(sb, { MERCHANT_RATE_LIMIT: '0', MERCHANT_MISS_RATE_LIMIT: '2', MERCHANT_LOG_LEVEL: 'silent' });
    try {
      assert.equal((await answer(`${gw.url}/v1/locations/test-pizzeria/menus`)).status, 200);
      assert.equal((await answer(`${gw.url}/v1/locations/test-pizzeria/photos`)).status, 200);
      const refused = await answer(`${gw.url}/v1/locations/test-pizzeria/actions`);
      assert.equal(refused.status, 429, 'the third cold resource is over the budget of 2');
      assert.equal(JSON.parse(refused.body).error, 'RATE_LIMITED');
      sb.stats.reset();
      const cached = await answer(`${gw.url}/v1/locations/test-pizzeria/menus`);
      assert.equal(cached.status, 200, 'a cached answer is never refused');
      assert.equal(cached.cache, 'hit');
      assert.equal(sb.stats.requests, 0);
    } finally {
      await gw.close();
    }
  });

  it('a cold page costs one charge however many parts it loads', async () => {
    const gw = await gatewayFor(sb, { MERCHANT_RATE_LIMIT: '0', MERCHANT_MISS_RATE_LIMIT: '2', MERCHANT_LOG_LEVEL: 'silent' });
    try {
      const first = await answer(`${gw.url}/v1/locations/${sb.dataset.idAt(11)}/page`);
      assert.equal(first.status, 200, first.body);
      assert.equal(JSON.parse(first.body).errors, undefined, 'every part of the page loaded');
      assert.equal((await answer(`${gw.url}/v1/locations/${sb.dataset.idAt(12)}/page`)).status, 200);
      assert.equal((await answer(`${gw.url}/v1/locations/${sb.dataset.idAt(13)}/page`)).status, 429);
    } finally {
      await gw.close();
    }
  });
});

describe("the gateway's own proxies", () => {
  it("a trusted proxy's own refreshes (no forwarded client) are not throttled; clients behind it are", async () => {
    const gw = await gatewayFor(sb, {
      MERCHANT_RATE_LIMIT: '0',
      MERCHANT_MISS_RATE_LIMIT: '2',
      MERCHANT_LOG_LEVEL: 'silent',
      MERCHANT_CLIENT_IP_HEADER: 'x-forwarded-for',
      MERCHANT_TRUSTED_PROXY_ADDRESSES: '127.0.0.0/8, ::1',
    });
    try {
      // The proxy (on loopback here) refreshing what it caches, in its own name: more cold resources than the budget.
      const ids = [21, 22, 23].map((i) => sb.dataset.idAt(i));
      for (const id of ids)
        for (const path of ['', '/menus', '/photos']) {
          const res = await answer(`${gw.url}/v1/locations/${id}${path}`);
          assert.equal(res.status, 200, `${id}${path}: ${res.body}`);
        }
      // A client forwarded by the proxy keeps its own budget.
      const client = { 'x-forwarded-for': '203.0.113.5' };
      for (const [i, expected] of [
        [21, 200],
        [22, 200],
        [23, 429],
      ] as const) {
        assert.equal((await answer(`${gw.url}/v1/locations/${sb.dataset.idAt(i)}/actions`, client)).status, expected, `client's cold resource ${i}`);
      }
    } finally {
      await gw.close();
    }
  });
});
