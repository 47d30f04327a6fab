import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createSandbox, startSandbox, SANDBOX_DEFAULTS, type RunningSandbox } from '../../src/sandbox/server.ts';
import { signPath } from '../../src/signing/signature.ts';

const sign = (path: string) => signPath(path, SANDBOX_DEFAULTS.clientId, SANDBOX_DEFAULTS.signingKey);

describe('controls: touch', () => {
  it('moves a location into both update feeds (last)', async () => {
    const sb = createSandbox();
    const id = sb.dataset.idAt(57);
    const since = new Date(Date.now() - 60_000).toISOString();
    const before = await (await sb.fetch(new Request(`http://x/actions${await sign(`/locations/updated/?since=${encodeURIComponent(since)}`)}`))).json();
    assert.deepEqual(before, []);
    sb.controls.touch(id);
    const actions = (await (
      await sb.fetch(new Request(`http://x/actions${await sign(`/locations/updated/?since=${encodeURIComponent(since)}`)}`))
    ).json()) as any[];
    assert.deepEqual(actions, [{ location_id: id }]);
    const today = new Date().toISOString().slice(0, 10);
    const pub = (await (await sb.fetch(new Request(`http://x/publisher/locations/updated_since/?date=${today}`))).json()) as any;
    assert.deepEqual(
      pub.data.results.map((l: any) => l.location_id),
      [id],
    );
    const loc = (await (await sb.fetch(new Request(`http://x/actions${await sign(`/locations/${id}/actions/`)}`))).json()) as any;
    assert.ok(Date.parse(loc.location.updated) >= Date.parse(since));
    assert.throws(() => sb.controls.touch('no-such-location'), /does not exist/);
  });
});

describe('controls: faults and stats (programmatic)', () => {
  it('status, malformed, latency, drop and times; a remover; clearFaults', async () => {
    const sb = createSandbox();
    const url = 'http://x/publisher/locations/test-pizzeria/';
    const remove = sb.controls.injectFault({ path: '/publisher/locations/test-pizzeria/', status: 503 });
    const r = await sb.fetch(new Request(url));
    assert.equal(r.status, 503);
    assert.deepEqual(Object.keys((await r.json()) as object).sort(), ['error', 'message', 'status_code']);
    remove();
    assert.equal((await sb.fetch(new Request(url))).status, 200);

    sb.controls.injectFault({ path: /test-pizzeria/, malformed: true, times: 1 });
    const bad = await sb.fetch(new Request(url));
    assert.equal(bad.status, 200);
    await assert.rejects(bad.json(), SyntaxError);
    assert.equal((await sb.fetch(new Request(url))).status, 200, 'times: 1 removes itself');

    sb.controls.injectFault({ path: /test-pizzeria/, drop: true });
    await assert.rejects(sb.fetch(new Request(url)), TypeError);
    sb.controls.clearFaults();

    // Latency is observed by ordering, not by timing: a delayed request finishes after an undelayed one.
    sb.controls.injectFault({ path: /menus/, latencyMs: 50, times: 1 });
    const order: string[] = [];
    await Promise.all([
      sb.fetch(new Request('http://x/publisher/locations/test-pizzeria/menus/')).then(() => order.push('slow')),
      sb.fetch(new Request(url)).then(() => order.push('fast')),
    ]);
    assert.deepEqual(order, ['fast', 'slow']);
  });

  it('stats counts upstream calls by path, and resets', async () => {
    const sb = createSandbox();
    await sb.fetch(new Request('http://x/publisher/locations/test-pizzeria/'));
    await sb.fetch(new Request('http://x/publisher/locations/test-pizzeria/'));
    await sb.fetch(new Request(`http://x/actions${await sign('/locations/test-pizzeria/actions/')}`));
    assert.equal(sb.stats.requests, 3);
    assert.equal(sb.stats.byPath(/^\/publisher\/locations\/test-pizzeria\/$/), 2);
    assert.equal(sb.stats.byPath(/^\/actions\//), 1);
    sb.stats.reset();
    assert.equal(sb.stats.requests, 0);
    assert.equal(sb.stats.byPath(/./), 0);
  });
});

describe('startSandbox over HTTP', () => {
  let sb: RunningSandbox;
  before(async () => {
    sb = await startSandbox({ port: 0, controls: true });
  });
  after(() => sb.close());

  it('listens on 127.0.0.1 with the documented URLs', async () => {
    assert.match(sb.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(sb.actionsUrl, `${sb.url}/actions`);
    assert.equal(sb.publisherUrl, `${sb.url}/publisher`);
    assert.equal(sb.feedUrl, `${sb.url}/feed/locations.json`);
    const r = await fetch(`${sb.actionsUrl}${await sign('/locations/test-pizzeria/actions/?type=foodordering')}`);
    assert.equal(r.status, 200);
    const photos = (await (await fetch(`${sb.publisherUrl}/locations/test-pizzeria/photos/?width=200`)).json()) as any;
    const image = await fetch(photos.data[0].url);
    assert.equal(image.headers.get('content-type'), 'image/svg+xml');
    assert.match(await image.text(), /width="200"/);
  });

  it('HTTP controls: touch, faults (status, drop), clear, stats', async () => {
    const id = sb.dataset.idAt(9);
    assert.equal((await fetch(`${sb.url}/_sandbox/touch/${id}`, { method: 'POST' })).status, 200);
    const today = new Date().toISOString().slice(0, 10);
    const pub = (await (await fetch(`${sb.publisherUrl}/locations/updated_since/?date=${today}`)).json()) as any;
    assert.ok(pub.data.results.some((l: any) => l.location_id === id));
    assert.equal((await fetch(`${sb.url}/_sandbox/touch/nope`, { method: 'POST' })).status, 404);

    const add = await fetch(`${sb.url}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '^/publisher/locations/test-pizzeria/$', status: 502 }),
    });
    assert.equal(add.status, 201);
    assert.equal((await fetch(`${sb.publisherUrl}/locations/test-pizzeria/`)).status, 502);
    await fetch(`${sb.url}/_sandbox/faults`, { method: 'POST', body: JSON.stringify({ path: 'menus', drop: true, times: 1 }) });
    await assert.rejects(fetch(`${sb.publisherUrl}/locations/test-pizzeria/menus/`), TypeError, 'a dropped connection is a network error');
    assert.equal((await fetch(`${sb.url}/_sandbox/faults`, { method: 'DELETE' })).status, 200);
    assert.equal((await fetch(`${sb.publisherUrl}/locations/test-pizzeria/`)).status, 200);
    const bad = await fetch(`${sb.url}/_sandbox/faults`, { method: 'POST', body: '{"path": "("}' });
    assert.equal(bad.status, 400);

    const stats = (await (await fetch(`${sb.url}/_sandbox/stats`)).json()) as any;
    assert.equal(stats.requests, sb.stats.requests);
    assert.ok(stats.paths['/publisher/locations/test-pizzeria/'] >= 2);
  });

  it('has no /_sandbox routes unless controls are enabled', async () => {
    const plain = createSandbox();
    assert.equal((await plain.fetch(new Request('http://x/_sandbox/stats'))).status, 404);
  });
});
