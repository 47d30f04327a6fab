import { describe, it, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { startSandboxForTests, gatewayFor } from './gateway-fixture.ts';
import type { RunningSandbox } from '../../src/sandbox/server.ts';
import type { Fault } from '../../src/sandbox/faults.ts';
import type { RunningGateway } from '../../src/adapters/node/server.ts';

// A clock the test moves, so "stale" needs no waiting. Fresh 10 s; no revalidate window, so a stale
// entry must be refreshed and is served only if the refresh fails (stale-if-error, 1 day).
let now = Date.now();
// The gateway's upstream timeout: long enough that a healthy upstream answers within it on a machine at load 40 (a
// cold page's parts are real sandbox calls), and a "slow" upstream is one held until the test ends (not a latency
// the load could make look fast or slow), so it runs past any timeout.
const UPSTREAM_TIMEOUT_MS = 4000;
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

describe('gateway under upstream faults', { timeout: 60_000 }, () => {
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

      const stale = await get(`/v1/locations/${id}`);
      assert.equal(stale.status, 200);
      assert.equal(stale.headers.get('x-cache'), 'stale-if-error');
      assert.equal(await stale.text(), goodBody);

      const cold = await get(`/v1/locations/${other}`);
      const body = await cold.json();
      assert.equal(cold.status, EXPECTED[name][0]);
      assert.deepEqual(body, { error: EXPECTED[name][1], message: body.message, status_code: EXPECTED[name][0] });
      assert.equal(cold.headers.get('cache-control'), 'no-store');

      // A page with one failing part keeps the others and names the failure.
      const page = await (await get(`/v1/locations/${other}/page`)).json();
      assert.equal(page.location, undefined);
      assert.equal(page.errors.location.status_code, EXPECTED[name][0]);
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
