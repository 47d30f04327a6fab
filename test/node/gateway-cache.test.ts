import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ResponseCache, type CacheState } from '../../src/gateway/cache.ts';
import { GatewayError } from '../../src/gateway/errors.ts';

function setup() {
  let now = 1_000_000;
  const events: CacheState[] = [];
  const cache = new ResponseCache({
    ttlSeconds: 10,
    staleWhileRevalidateSeconds: 20,
    staleIfErrorSeconds: 100,
    maxBytes: 1e6,
    now: () => now,
    onEvent: (s) => events.push(s),
    onError: () => {},
  });
  return { cache, events, advance: (s: number) => (now += s * 1000) };
}

describe('response cache', () => {
  it('serves fresh entries without loading, as pre-serialized bytes with an ETag', async () => {
    const { cache } = setup();
    let loads = 0;
    const load = async () => ({ status: 200 as const, value: { n: ++loads } });
    const first = await cache.get('k', load);
    const second = await cache.get('k', load);
    assert.equal(loads, 1);
    assert.equal(first.state, 'miss');
    assert.equal(second.state, 'hit');
    assert.equal(new TextDecoder().decode(second.entry.body), '{"n":1}');
    assert.match(second.entry.etag, /^"[\w-]+"$/);
  });

  it('coalesces concurrent cold requests into one load (single-flight)', async () => {
    const { cache } = setup();
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 20));
      return { status: 200 as const, value: 'v' };
    };
    const results = await Promise.all(Array.from({ length: 1000 }, () => cache.get('k', load)));
    assert.equal(loads, 1);
    assert.ok(results.every((r) => r.entry === results[0]!.entry));
  });

  it('serves stale while revalidating in the background', async () => {
    const { cache, advance } = setup();
    let n = 0;
    const load = async () => ({ status: 200 as const, value: ++n });
    await cache.get('k', load);
    advance(15); // past fresh (10), inside revalidate window (10 + 20)
    const stale = await cache.get('k', load);
    assert.equal(stale.state, 'stale');
    assert.equal(stale.entry.value, 1);
    await cache.idle();
    const refreshed = await cache.get('k', load);
    assert.equal(refreshed.state, 'hit');
    assert.equal(refreshed.entry.value, 2);
  });

  it('serves stale if the upstream fails, past the revalidate window, and throws when nothing is cached', async () => {
    const { cache, advance } = setup();
    await cache.get('k', async () => ({ status: 200 as const, value: 'old' }));
    advance(60); // past revalidate (30), inside stale-if-error (110)
    const failing = async () => {
      throw new GatewayError(502, 'UPSTREAM_ERROR', 'down');
    };
    const r = await cache.get('k', failing);
    assert.equal(r.state, 'stale-if-error');
    assert.equal(r.entry.value, 'old');
    await assert.rejects(cache.get('other', failing), /down/);
    advance(100); // past stale-if-error
    await assert.rejects(cache.get('k', failing), /down/);
  });

  it("does not hide the caller's own errors (4xx) behind stale data", async () => {
    const { cache, advance } = setup();
    await cache.get('k', async () => ({ status: 200 as const, value: 'old' }));
    advance(60);
    await assert.rejects(
      cache.get('k', async () => {
        throw new GatewayError(400, 'INVALID_PARAMETER', 'bad');
      }),
      /bad/,
    );
  });

  it('keeps negative (404) entries briefly and without stale windows', async () => {
    const { cache, advance } = setup();
    let loads = 0;
    const load = async () => ({ status: 404 as const, value: { error: 'LOCATION_DOES_NOT_EXIST', message: `load ${++loads}`, status_code: 404 } });
    await cache.get('k', load);
    await cache.get('k', load);
    assert.equal(loads, 1);
    advance(11);
    await cache.get('k', load);
    assert.equal(loads, 2);
  });

  it('invalidation by location forces a refresh but keeps the copy for stale-if-error', async () => {
    const { cache } = setup();
    let n = 0;
    await cache.get('loc:a', async () => ({ status: 200 as const, value: ++n }), ['a']);
    assert.equal(await cache.invalidateTag('a'), 1);
    assert.equal((await cache.get('loc:a', async () => ({ status: 200 as const, value: ++n }), ['a'])).entry.value, 2);
    await cache.invalidateTag('a');
    const r = await cache.get(
      'loc:a',
      async () => {
        throw new GatewayError(504, 'UPSTREAM_TIMEOUT', 'slow');
      },
      ['a'],
    );
    assert.equal(r.state, 'stale-if-error');
    assert.equal(r.entry.value, 2);
  });
});
