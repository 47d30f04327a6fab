import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { gatewayFor, startSandboxForTests } from './gateway-fixture.ts';
import type { RunningSandbox } from '../../src/sandbox/server.ts';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

let redis: ChildProcess;
let redisUrl = '';
let sb: RunningSandbox;

before(async () => {
  const port = await freePort();
  redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] });
  // Ready when it says so on stdout.
  await new Promise<void>((resolve, reject) => {
    let out = '';
    redis.stdout!.on('data', (chunk) => {
      out += chunk;
      if (/Ready to accept connections/i.test(out)) resolve();
    });
    redis.once('exit', (code) => reject(new Error(`redis-server exited (${code})`)));
    redis.once('error', reject);
  });
  redis.stdout!.resume();
  redisUrl = `redis://127.0.0.1:${port}`;
  sb = await startSandboxForTests();
});

after(async () => {
  await sb.close();
  redis.kill();
  await new Promise((r) => redis.once('exit', r));
});

describe('Redis shared tier', () => {
  it('two gateway instances: one fills the cache, the other serves from it without an upstream call', async () => {
    const a = await gatewayFor(sb, { REDIS_URL: redisUrl, MERCHANT_LOG_LEVEL: 'silent' });
    const b = await gatewayFor(sb, { REDIS_URL: redisUrl, MERCHANT_LOG_LEVEL: 'silent' });
    try {
      assert.equal((await (await fetch(`${b.url}/readyz`)).json()).redis, 'ok');
      const filled = await fetch(`${a.url}/v1/locations/test-pizzeria/page`);
      assert.equal(filled.status, 200);
      const body = await filled.text();
      await a.app.cache.idle(); // the shared-tier writes run after the response

      sb.stats.reset();
      const served = await fetch(`${b.url}/v1/locations/test-pizzeria/page`);
      assert.equal(served.status, 200);
      assert.equal(await served.text(), body);
      assert.equal(sb.stats.requests, 0, 'no upstream call from the second instance');
      const single = await fetch(`${b.url}/v1/locations/test-pizzeria`);
      assert.equal(single.headers.get('x-cache'), 'hit'); // now in B's memory too
      assert.equal(single.headers.get('etag'), (await fetch(`${a.url}/v1/locations/test-pizzeria`)).headers.get('etag'));
      const metrics = await (await fetch(`${b.url}/metrics`)).text();
      assert.match(metrics, /merchant_gateway_cache_total\{result="shared"\} [1-9]/);

      // A change seen by one instance's poller removes the location from the shared tier.
      await a.app.cache.invalidateTag('test-pizzeria');
      const c = await gatewayFor(sb, { REDIS_URL: redisUrl, MERCHANT_LOG_LEVEL: 'silent' });
      try {
        sb.stats.reset();
        await (await fetch(`${c.url}/v1/locations/test-pizzeria`)).arrayBuffer();
        assert.equal(sb.stats.byPath(/^\/publisher\/locations\/test-pizzeria\/$/), 1);
      } finally {
        await c.close();
      }
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('serves without Redis when Redis is unreachable, and says so in /readyz', async () => {
    const gw = await gatewayFor(sb, { REDIS_URL: `redis://127.0.0.1:${await freePort()}`, MERCHANT_LOG_LEVEL: 'silent' });
    try {
      const res = await fetch(`${gw.url}/v1/locations/test-pizzeria`);
      assert.equal(res.status, 200);
      await res.arrayBuffer();
      const ready = await fetch(`${gw.url}/readyz`);
      assert.equal(ready.status, 503);
      assert.equal((await ready.json()).redis, 'unavailable');
    } finally {
      await gw.close();
    }
  });
});
