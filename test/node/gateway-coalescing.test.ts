import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Agent, get } from 'node:http';
import { setup } from './gateway-fixture.ts';

/** Requests for one cold resource in flight together at the gateway while its upstream calls are held. */
const IN_FLIGHT = 50;
const REQUESTS = 1000;

describe('single-flight coalescing', () => {
  it(`${REQUESTS.toLocaleString('en-US')} cold page requests for one location, ${IN_FLIGHT} of them waiting together on the upstream, make one upstream call per upstream resource`, async () => {
    // Counts requests as the gateway takes them in (its rate guard asks each one's address), so the upstream is let
    // go only once IN_FLIGHT of them are waiting on it, however slowly a loaded machine gets them there: without
    // single-flight each of them would have made its own calls. The clients' connections are bounded as a front
    // proxy's are (an accept queue of 1,000 at once overflows on a loaded machine: connection resets, not coalescing).
    let arrived = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const f = await setup(
      // An upstream timeout no loaded machine reaches (at 5 s, load 25, a call timed out and was made again: 2 calls).
      { MERCHANT_RATE_LIMIT: '0', MERCHANT_LOG_LEVEL: 'silent', MERCHANT_UPSTREAM_TIMEOUT_MS: '60000' },
      {
        clientAddress: () => {
          if (++arrived === IN_FLIGHT) release();
          return '127.0.0.1';
        },
      },
    );
    const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
    const request = () =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        get(`${f.gw.url}/v1/locations/test-pizzeria/page`, { agent }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        }).on('error', reject);
      });
    try {
      f.sb.stats.reset();
      f.sb.controls.injectFault({ path: /\/locations\/test-pizzeria\//, hold: held });
      const responses = await Promise.all(Array.from({ length: REQUESTS }, request));
      assert.ok(arrived >= REQUESTS, `the gateway counted ${arrived} requests in`);
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
      release();
      agent.destroy();
      await f.close();
    }
  });
});
