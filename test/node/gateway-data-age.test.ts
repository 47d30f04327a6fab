/**
 * The data's age, as the gateway reports it (issue 26 part 4, the Node gateway's half): per kind of resource in
 * /metrics (Prometheus gauges) and /readyz (JSON), the last successful upstream answer per API, and Last-Modified on
 * every answer (a composed page's is its oldest part's: what a server render writes as `data-merchant-fetched`).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setup, type Fixture } from './gateway-fixture.ts';

const HOUR = 3_600_000;

/** A gauge's value for a label set, from a Prometheus text exposition. */
function gauge(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${name}{${labels}} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('data age in /metrics, /readyz and Last-Modified', () => {
  let f: Fixture;
  // The gateway's clock (its cache's fetch times): an hour behind while the location is first fetched.
  let clock = Date.now() - HOUR;
  /** When the location was first fetched (by the gateway's clock, an hour ago). */
  let locationFetched = 0;
  before(async () => {
    f = await setup({}, { now: () => clock });
  });
  after(() => f.close());

  it('reports, per kind of resource, how old the oldest cached fetch is; per API, the last successful answer', async () => {
    const before = await (await f.get('/readyz')).json();
    assert.deepEqual(before.data, {}, 'nothing cached yet');
    assert.deepEqual(before.lastUpstreamSuccessByApi, { actions: null, publisher: null });
    const empty = await (await f.get('/metrics')).text();
    assert.equal(gauge(empty, 'merchant_gateway_data_age_seconds', 'resource="location"'), undefined);

    const located = await f.get('/v1/locations/test-pizzeria');
    assert.equal(located.status, 200);
    locationFetched = Date.parse(located.headers.get('last-modified')!);
    assert.ok(Math.abs(locationFetched - (Date.now() - HOUR)) < 5000, 'Last-Modified is when the gateway fetched it (its clock)');
    clock = Date.now();
    assert.equal((await f.get('/v1/locations/test-pizzeria/menus?format=short')).status, 200);
    assert.equal((await f.get('/v1/locations/test-pizzeria/actions')).status, 200);

    const metrics = await (await f.get('/metrics')).text();
    const locationAge = gauge(metrics, 'merchant_gateway_data_age_seconds', 'resource="location"')!;
    const menusAge = gauge(metrics, 'merchant_gateway_data_age_seconds', 'resource="menus"')!;
    assert.ok(locationAge >= 3595 && locationAge < 3700, `location: ${locationAge}`);
    assert.ok(menusAge >= 0 && menusAge < 60, `menus: ${menusAge}`);
    assert.equal(gauge(metrics, 'merchant_gateway_cached_answers', 'resource="location"'), 1);
    assert.equal(gauge(metrics, 'merchant_gateway_cached_answers', 'resource="menus"'), 1);
    for (const api of ['actions', 'publisher']) {
      const at = gauge(metrics, 'merchant_gateway_upstream_last_success_timestamp_seconds', `api="${api}"`)!;
      assert.ok(Math.abs(at * 1000 - Date.now()) < 60_000, `${api}: ${at}`);
    }

    const ready = await (await f.get('/readyz')).json();
    assert.equal(ready.status, 'ready');
    assert.equal(ready.data.location.entries, 1);
    assert.ok(Math.abs(Date.parse(ready.data.location.oldestFetch) - locationFetched) < 1000, ready.data.location.oldestFetch);
    assert.ok(ready.data.location.oldestAgeSeconds >= 3595, JSON.stringify(ready.data));
    assert.ok(ready.data.menus.oldestAgeSeconds < 60);
    assert.ok(Date.parse(ready.lastUpstreamSuccessByApi.actions) > 0 && Date.parse(ready.lastUpstreamSuccessByApi.publisher) > 0);
    assert.equal(ready.lastUpstreamSuccess, [ready.lastUpstreamSuccessByApi.actions, ready.lastUpstreamSuccessByApi.publisher].sort().at(-1));
  });

  it('a composed page is as old as its oldest part, even when that part is served stale', async () => {
    // The location's copy is an hour old: past its freshness, served while it is refreshed in the background.
    const page = await f.get('/v1/locations/test-pizzeria/page?include=location,menus');
    assert.equal(page.status, 200);
    assert.equal(Date.parse(page.headers.get('last-modified')!), Math.floor(locationFetched / 1000) * 1000, 'the location, fetched an hour before the menus');
    const menus = await f.get('/v1/locations/test-pizzeria/menus', { headers: { 'accept-encoding': 'identity' } });
    assert.ok(Date.parse(menus.headers.get('last-modified')!) > Date.parse(page.headers.get('last-modified')!) + HOUR - 10_000);
  });
});
