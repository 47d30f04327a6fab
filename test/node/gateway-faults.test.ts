import { describe, it, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { startSandboxForTests, gatewayFor } from './gateway-fixture.ts';
import type { RunningSandbox } from '../../src/sandbox/server.ts';
import type { Fault } from '../../src/sandbox/faults.ts';
import type { RunningGateway } from '../../src/adapters/node/server.ts';

// A clock the test moves, so "stale" needs no waiting. Fresh 10 s; no revalidate window, so a stale
// entry must be refreshed and is served only if the refresh fails (stale-if-error, 1 day).
let now = Date.now();
// The gateway's upstream timeout: the deadline of every upstream call, the healthy ones too. A "slow" upstream is one
// held until the test ends (not a latency the load could make look fast or slow), so it runs past any timeout; the
// healthy calls (a cold page's other parts, a retry after a passing 5xx) are real sandbox calls in this same process,
// and on a starved CPU they are slow: at load 20-28 the menus, photos and actions of the first cold page took
// 2.3-2.7 s each, and past a 4 s timeout every part failed, so the page answered 504 as a whole (no `errors`). So the
// timeout is far above what a healthy call takes under load (after the warm-up below), and the slow test waits for it
// once, not once a request.
const UPSTREAM_TIMEOUT_MS = 20_000;
let releaseSlow = () => {};
let sb: RunningSandbox;
let gw: RunningGateway;
const get = (path: string) => fetch(gw.url + path);

before(async () => {
  sb = await startSandboxForTests();
  gw = await gatewayFor(
    sb,
    {
      MERCHANT_CACHE_TTL: '10',
      MERCHANT_CACHE_STALE_WHILE_REVALIDATE: '0',
      MERCHANT_UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
      MERCHANT_LOG_LEVEL: 'silent',
    },
    { now: () => now },
  );
  // One healthy page first, so the code every part runs (the gateway's and the sandbox's) is loaded and compiled
  // before any call is timed: on a starved CPU the first cold page's parts took 13-20 s, the later ones a fraction.
  assert.equal((await get(`/v1/locations/${sb.dataset.idAt(0)}/page`)).status, 200);
});
after(async () => {
  await gw.close();
  await sb.close();
});
afterEach(() => {
  sb.controls.clearFaults();
  releaseSlow();
});

/** An upstream that answers only when the test is over: slower than any timeout. */
function held(): Promise<void> {
  return new Promise((resolve) => (releaseSlow = resolve));
}

/** Each fault as the sandbox takes it, made for one test (the slow one's hold is that test's). */
const FAULTS = {
  slow: () => ({ hold: held() }),
  failing: () => ({ status: 500 }),
  unavailable: () => ({ status: 503 }),
  malformed: () => ({ malformed: true }),
  dropped: () => ({ drop: true }),
} satisfies Record<string, () => Omit<Fault, 'path'>>;
const EXPECTED: Record<keyof typeof FAULTS, [number, string]> = {
  slow: [504, 'UPSTREAM_TIMEOUT'],
  failing: [502, 'UPSTREAM_ERROR'],
  unavailable: [502, 'UPSTREAM_ERROR'],
  malformed: [502, 'UPSTREAM_MALFORMED'],
  dropped: [502, 'UPSTREAM_UNAVAILABLE'],
};

// A bound on a hang only: under load the five faults take a timeout and a few seconds each.
describe('gateway under upstream faults', { timeout: 300_000 }, () => {
  let n = 0;
  for (const [name, fault] of Object.entries(FAULTS) as [keyof typeof FAULTS, (typeof FAULTS)[keyof typeof FAULTS]][]) {
    it(`${name} upstream: the last good copy when there is one, ${EXPECTED[name][0]} ${EXPECTED[name][1]} otherwise`, async () => {
      const id = sb.dataset.idAt(10 + n++);
      const other = sb.dataset.idAt(100 + n);
      const good = await get(`/v1/locations/${id}`);
      assert.equal(good.status, 200);
      const goodBody = await good.text();

      now += 60_000; // past fresh: the next request must go upstream
      sb.controls.injectFault({ path: /^\/publisher\/locations\/[^/]+\/$/, ...fault() });

      // Asked together, so a slow upstream costs the test one timeout, not three.
      const [stale, cold, pageAnswer] = await Promise.all([
        get(`/v1/locations/${id}`),
        get(`/v1/locations/${other}`),
        // A page with one failing part keeps the others and names the failure.
        get(`/v1/locations/${other}/page`),
      ]);
      assert.equal(stale.status, 200);
      assert.equal(stale.headers.get('x-cache'), 'stale-if-error');
      assert.equal(await stale.text(), goodBody);

      const body = await cold.json();
      assert.equal(cold.status, EXPECTED[name][0]);
      assert.deepEqual(body, { error: EXPECTED[name][1], message: body.message, status_code: EXPECTED[name][0] });
      assert.equal(cold.headers.get('cache-control'), 'no-store');

      const page = await pageAnswer.json();
      assert.equal(pageAnswer.status, 200, `the page with its other parts, not an error: ${JSON.stringify(page)}`);
      assert.equal(page.location, undefined);
      assert.equal(page.errors?.location?.status_code, EXPECTED[name][0], `the location's failure named: ${JSON.stringify(page.errors)}`);
      assert.ok(Array.isArray(page.menus) && Array.isArray(page.actions));
    });
  }

  it('answers every request while faults come and go, and stays healthy', async () => {
    sb.controls.injectFault({ path: /^\/actions\//, status: 500, times: 3 });
    sb.controls.injectFault({ path: /^\/publisher\//, drop: true, times: 5 });
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => get(`/v1/locations/${sb.dataset.idAt(150 + i)}/page`).then(async (r) => (await r.arrayBuffer(), r.status))),
    );
    assert.ok(
      statuses.every((s) => [200, 502, 504].includes(s)),
      String(statuses),
    );
    assert.equal((await get('/healthz')).status, 200);
  });

  it('retries a passing 5xx and answers with fresh data', async () => {
    sb.controls.injectFault({ path: /^\/actions\/locations\/[^/]+\/actions\//, status: 503, times: 1 });
    const res = await get(`/v1/locations/${sb.dataset.idAt(190)}/actions`);
    assert.equal(res.status, 200);
    assert.ok(Array.isArray((await res.json()).actions));
  });
});
