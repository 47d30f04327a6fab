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

describe('controls: change (a location whose data changes)', () => {
  const publisher = async (sb: ReturnType<typeof createSandbox>, path: string) =>
    ((await (await sb.fetch(new Request(`http://x/publisher${path}`))).json()) as any).data;
  const actionsOf = async (sb: ReturnType<typeof createSandbox>, id: string) =>
    ((await (await sb.fetch(new Request(`http://x/actions${await sign(`/locations/${id}/actions/`)}`))).json()) as any).actions as any[];

  it('changes the name, a dish’s price and an offer’s expiry in every API, and puts the location in both update feeds', async () => {
    const sb = createSandbox();
    const id = 'test-pizzeria';
    const since = new Date(Date.now() - 60_000).toISOString();
    const offer = (await actionsOf(sb, id)).find((action) => action.attributes);
    assert.ok(offer, 'test-pizzeria has an offer');
    const before = await publisher(sb, `/locations/${id}/menus/`);
    const dish = before[0].sections[0].items[1];
    assert.notDeepEqual(dish.choices[0].prices, { min: 99.5, max: 99.5 });

    sb.controls.change(id, { name: 'Luigi’s Trattoria', price: { amount: 99.5, item: 1 }, offerExpiry: { expiration: '2026-01-02T03:04:05Z' } });

    assert.equal((await publisher(sb, `/locations/${id}/`)).name, 'Luigi’s Trattoria');
    const after = await publisher(sb, `/locations/${id}/menus/`);
    for (const choice of after[0].sections[0].items[1].choices) assert.deepEqual(choice.prices, { min: 99.5, max: 99.5 });
    assert.deepEqual(after[0].sections[0].items[0], before[0].sections[0].items[0], 'other dishes unchanged');
    const short = await publisher(sb, `/locations/${id}/menus/?format=short`);
    assert.deepEqual(short[0].sections[0].items[1].choices[0].prices, { min: 99.5, max: 99.5 });
    const all = await publisher(sb, `/locations/${id}/all/`);
    assert.equal(all.location.name, 'Luigi’s Trattoria');
    const changed = (await actionsOf(sb, id)).find((action) => action.id === offer.id);
    assert.equal(changed.attributes.expiration, '2026-01-02T03:04:05Z');
    assert.equal(changed.attributes.title, offer.attributes.title, 'the rest of the offer unchanged');

    const feed = (await (
      await sb.fetch(new Request(`http://x/actions${await sign(`/locations/updated/?since=${encodeURIComponent(since)}`)}`))
    ).json()) as any[];
    assert.deepEqual(feed, [{ location_id: id }]);
    const today = new Date().toISOString().slice(0, 10);
    assert.ok((await publisher(sb, `/locations/updated_since/?date=${today}`)).results.some((l: any) => l.location_id === id));

    // A later change of one kind keeps the others.
    sb.controls.change(id, { price: { amount: 7, item: 1 } });
    assert.equal((await publisher(sb, `/locations/${id}/`)).name, 'Luigi’s Trattoria');
    assert.deepEqual((await publisher(sb, `/locations/${id}/menus/`))[0].sections[0].items[1].choices[0].prices, { min: 7, max: 7 });
  });

  it('refuses what cannot apply: an unknown location, a dish that is not there, an offer a location has not', () => {
    const sb = createSandbox();
    assert.throws(() => sb.controls.change('no-such-location', { name: 'X' }), /does not exist/);
    assert.throws(() => sb.controls.change('test-pizzeria', { price: { amount: 1, menu: 9 } }), /no dish/);
    assert.throws(() => sb.controls.change('test-pizzeria', { offerExpiry: { expiration: '2026-01-01T00:00:00Z', actionId: 1 } }), /no offer 1/);
  });

  it('over HTTP: POST /_sandbox/change/<id> with a JSON body; 400 with an example for a bad body', async () => {
    const sb = await startSandbox({ port: 0, controls: true });
    try {
      const post = (id: string, body: string) =>
        fetch(`${sb.url}/_sandbox/change/${id}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const ok = await post('test-pizzeria', JSON.stringify({ name: 'Chez Luigi' }));
      assert.equal(ok.status, 200);
      assert.deepEqual(await ok.json(), { changed: 'test-pizzeria', name: 'Chez Luigi' });
      assert.equal(((await (await fetch(`${sb.publisherUrl}/locations/test-pizzeria/`)).json()) as any).data.name, 'Chez Luigi');
      for (const bad of [
        'not json',
        '[]',
        '{}',
        '{"colour": "red"}',
        '{"name": ""}',
        '{"price": {"amount": "12"}}',
        '{"price": {"amount": 1, "item": -1}}',
        '{"offerExpiry": {"expiration": "soon"}}',
      ]) {
        const answer = await post('test-pizzeria', bad);
        assert.equal(answer.status, 400, bad);
        assert.match(((await answer.json()) as any).message, /Example: \{/, bad);
      }
      assert.equal((await post('nope', '{"name": "X"}')).status, 404);
      assert.equal((await post('test-pizzeria', '{"price": {"amount": 1, "menu": 7}}')).status, 400);
    } finally {
      await sb.close();
    }
  });
});
