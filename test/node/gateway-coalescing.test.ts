import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setup } from './gateway-fixture.ts';

describe('single-flight coalescing', () => {
  it('1,000 concurrent cold page requests for one location make one upstream call per upstream resource', async () => {
    const f = await setup({ MERCHANT_RATE_LIMIT: '0', MERCHANT_LOG_LEVEL: 'silent' });
    try {
      f.sb.stats.reset();
      const responses = await Promise.all(
        Array.from({ length: 1000 }, () => f.get('/v1/locations/test-pizzeria/page').then(async (r) => ({ status: r.status, body: await r.text() }))),
      );
      assert.ok(responses.every((r) => r.status === 200));
      assert.equal(new Set(responses.map((r) => r.body)).size, 1);

      const resources = {
        location: /^\/publisher\/locations\/test-pizzeria\/$/,
        menus: /^\/publisher\/locations\/test-pizzeria\/menus\/$/,
        photos: /^\/publisher\/locations\/test-pizzeria\/photos\/$/,
        'photos width=320': /^\/publisher\/locations\/test-pizzeria\/photos\/\?width=320$/,
        'photos width=640': /^\/publisher\/locations\/test-pizzeria\/photos\/\?width=640$/,
        'photos width=1024': /^\/publisher\/locations\/test-pizzeria\/photos\/\?width=1024$/,
        actions: /^\/actions\/locations\/test-pizzeria\/actions\/\?client=/,
      };
      for (const [name, pattern] of Object.entries(resources)) assert.equal(f.sb.stats.byPath(pattern), 1, name);
      assert.equal(f.sb.stats.requests, Object.keys(resources).length);

      // And the single endpoints reuse those entries: no upstream call at all.
      for (const path of ['', '/menus', '/photos', '/actions']) {
        const res = await f.get(`/v1/locations/test-pizzeria${path}`);
        assert.equal(res.status, 200);
        await res.arrayBuffer();
      }
      assert.equal(f.sb.stats.requests, Object.keys(resources).length);
    } finally {
      await f.close();
    }
  });
});
