/**
 * The Workers module (dist/edge/worker.js) as Cloudflare calls it: `fetch(request, env, ctx)` and
 * `scheduled(event, env, ctx)`, here with a Cache API stand-in for `caches.default`. Checks the cron-driven
 * change-feed poll reaches both tiers (memory and the Cache API), and the Cache API tier's invalidation by tag.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { RunningSandbox } from '../../src/sandbox/server.ts';
import { workersCacheTier } from '../../src/adapters/workers/cache.ts';
import { baseEnv, startSandboxForTests } from './gateway-fixture.ts';

/** What the Cache API does that the tier relies on: match and put by URL, honouring max-age. */
class FakeCache {
  readonly store = new Map<string, { body: string; headers: [string, string][]; expires: number }>();
  async match(request: Request | string) {
    const hit = this.store.get(typeof request === 'string' ? request : request.url);
    if (!hit || hit.expires < Date.now()) return undefined;
    return new Response(hit.body, { headers: hit.headers });
  }
  async put(request: Request | string, response: Response) {
    const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1] ?? 0);
    this.store.set(typeof request === 'string' ? request : request.url, {
      body: await response.text(),
      headers: [...response.headers],
      expires: Date.now() + maxAge * 1000,
    });
  }
}

let sb: RunningSandbox;
before(async () => {
  sb = await startSandboxForTests();
});
after(() => sb.close());

describe('the Cache API tier', () => {
  it('stores, answers, and forgets what a location invalidation names', async () => {
    const cache = new FakeCache();
    const tier = workersCacheTier(cache)!;
    const entry = { status: 200, body: '{"a":1}', etag: '"e"', fetchedAt: Date.now() - 5 };
    await tier.set('location:a', entry, 60_000, ['a']);
    await tier.set('location:b', entry, 60_000, ['b']);
    assert.deepEqual(await tier.get('location:a'), entry);
    await tier.invalidateTag('a');
    assert.equal(await tier.get('location:a'), null, 'fetched before the invalidation: gone');
    assert.deepEqual(await tier.get('location:b'), entry, 'another location is kept');
    await tier.set('location:a', { ...entry, fetchedAt: Date.now() + 1 }, 60_000, ['a']);
    assert.ok(await tier.get('location:a'), 'fetched after it: answered');
    assert.equal(await tier.get('missing'), null);
  });

  it('is off, not failing, where workerd has no cache service', async () => {
    const broken = {
      match: async () => {
        throw new Error('No Cache was configured');
      },
      put: async () => {
        throw new Error('No Cache was configured');
      },
    };
    const tier = workersCacheTier(broken)!;
    assert.equal(await tier.get('x'), null);
    await tier.set('x', { status: 200, body: '{}', etag: '"e"', fetchedAt: 0 }, 1000, []);
  });
});

describe('the Workers module', () => {
  it('answers through fetch, and a scheduled run invalidates changed locations in memory and in the Cache API', async () => {
    const file = new URL('../../dist/edge/worker.js', import.meta.url);
    assert.ok(existsSync(file), 'run `npm run build` first');
    const cache = new FakeCache();
    (globalThis as { caches?: unknown }).caches = { default: cache };
    try {
      const worker = (await import(file.href)).default as {
        fetch(request: Request, env: Record<string, unknown>, ctx: { waitUntil(p: Promise<unknown>): void }): Promise<Response>;
        scheduled(event: unknown, env: Record<string, unknown>, ctx: { waitUntil(p: Promise<unknown>): void }): Promise<void>;
      };
      const waiting: Promise<unknown>[] = [];
      const ctx = { waitUntil: (p: Promise<unknown>) => void waiting.push(p) };
      const settle = async () => {
        while (waiting.length) await Promise.all(waiting.splice(0));
      };
      const env = { ...baseEnv(sb, { MERCHANT_CACHE_TTL: '86400', MERCHANT_LOG_LEVEL: 'silent' }), SOME_BINDING: { not: 'a string' } };
      const id = sb.dataset.idAt(7);
      const get = async (path: string) => {
        const res = await worker.fetch(new Request(`https://gateway.example${path}`, { headers: { 'cf-connecting-ip': '203.0.113.4' } }), env, ctx);
        await settle();
        return { status: res.status, cache: res.headers.get('x-cache'), body: await res.text() };
      };
      const first = await get(`/v1/locations/${id}`);
      assert.equal(first.status, 200, first.body);
      assert.equal(first.cache, 'miss');
      assert.ok(
        [...cache.store.keys()].some((key) => key.includes(encodeURIComponent(`location:${id}`))),
        'written to the Cache API',
      );
      assert.equal((await get(`/v1/locations/${id}`)).cache, 'hit');

      sb.controls.touch(id);
      sb.stats.reset();
      await worker.scheduled({ cron: '* * * * *', scheduledTime: Date.now() }, env, ctx);
      await settle();
      assert.ok(sb.stats.byPath(/updated/) >= 2, 'both change feeds were read');
      const after = await get(`/v1/locations/${id}`);
      assert.equal(after.status, 200);
      assert.equal(after.cache, 'miss', 'the change was fetched again, not served from either tier');
    } finally {
      delete (globalThis as { caches?: unknown }).caches;
    }
  });

  it('answers 500 GATEWAY_MISCONFIGURED, naming no secret, when the environment is wrong', async () => {
    // A fresh module instance: the first one above already holds a gateway.
    const worker = (await import(`${new URL('../../dist/edge/worker.js', import.meta.url).href}?misconfigured`)).default;
    const errors: string[] = [];
    const original = console.error;
    console.error = (line: string) => void errors.push(line);
    try {
      const res = await worker.fetch(
        new Request('https://gateway.example/v1/locations/x'),
        { MERCHANT_SIGNING_KEY: 'secret-value-123456' },
        { waitUntil() {} },
      );
      assert.equal(res.status, 500);
      const body = await res.json();
      assert.equal(body.error, 'GATEWAY_MISCONFIGURED');
      assert.match(errors.join('\n'), /MERCHANT_ACTIONS_URL is required/);
      assert.ok(!errors.join('\n').includes('secret-value-123456') && !JSON.stringify(body).includes('secret-value-123456'));
    } finally {
      console.error = original;
    }
  });
});
