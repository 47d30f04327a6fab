import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { distance } from 'geokdbush';
import { ACTION_TYPES, BUSINESS_TYPES } from '../../src/contract/index.ts';
import { createSandbox, SANDBOX_DEFAULTS } from '../../src/sandbox/server.ts';
import { referrerCode } from '../../src/sandbox/auth.ts';
import { signPath } from '../../src/signing/signature.ts';

const sandbox = createSandbox();
const ds = sandbox.dataset;
const { clientId, signingKey } = SANDBOX_DEFAULTS;

async function call(pathAndQuery: string, options: { sign?: boolean } = {}) {
  const path = options.sign === false ? pathAndQuery : await signPath(pathAndQuery, clientId, signingKey);
  const response = await sandbox.fetch(new Request(`http://sandbox.test/actions${path}`, { headers: { accept: 'application/json' } }));
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

const ex = ds.examples();
const idx = (id: string) => ds.indexOf(id);

describe('Actions API: authentication (ARCHITECTURE.md)', () => {
  it("accepts the published test vector as is (default credentials are the vector's)", async () => {
    const url = `/locations/test-pizzeria/actions/?type=foodordering&client=cn3l4kmhdcxejosjf6chfjoiq&signature=cuP%2BjQO57X7E1rCT%2BvEoKxN2LNg%3D`;
    const r = await call(url, { sign: false });
    assert.equal(r.status, 200);
    assert.ok(r.body.actions.length > 0);
    assert.ok(r.body.actions.every((a: any) => a.type === 'foodordering'));
  });

  const cases: Array<[string, string, number, string]> = [
    ['no signature', '/locations/?client=cn3l4kmhdcxejosjf6chfjoiq', 401, 'MISSING_SIGNATURE'],
    ['no client', '/locations/?signature=abc', 401, 'MISSING_CLIENT'],
    ['unknown client', '/locations/?client=someone-else&signature=abc', 403, 'UNKNOWN_CLIENT'],
    ['wrong signature', '/locations/?client=cn3l4kmhdcxejosjf6chfjoiq&signature=cuP%2BjQO57X7E1rCT%2BvEoKxN2LNg%3D', 403, 'INVALID_SIGNATURE'],
    [
      'parameter after the signature',
      '/locations/test-pizzeria/actions/?type=foodordering&client=cn3l4kmhdcxejosjf6chfjoiq&signature=cuP%2BjQO57X7E1rCT%2BvEoKxN2LNg%3D&top=true',
      403,
      'INVALID_SIGNATURE',
    ],
  ];
  for (const [name, path, status, error] of cases) {
    it(`answers ${status} ${error} for ${name}, never data`, async () => {
      const r = await call(path, { sign: false });
      assert.equal(r.status, status);
      assert.deepEqual(Object.keys(r.body).sort(), ['error', 'message', 'status_code']);
      assert.equal(r.body.error, error);
      assert.equal(r.body.status_code, status);
      assert.ok(!JSON.stringify(r.body).includes(signingKey), 'the key never appears in an error');
    });
  }

  it('verifies with a configured key, and rejects the default key then', async () => {
    const other = createSandbox({ clientId: 'me', signingKey: 'secret-1' });
    const good = await other.fetch(new Request(`http://x/actions${await signPath('/locations/', 'me', 'secret-1')}`));
    assert.equal(good.status, 200);
    const bad = await other.fetch(new Request(`http://x/actions${await signPath('/locations/', 'me', 'secret-2')}`));
    assert.equal(bad.status, 403);
  });

  it('puts a referrer code derived from the client id into every action URL', async () => {
    const r = await call('/locations/test-pizzeria/actions/');
    for (const action of r.body.actions) assert.match(action.url, new RegExp(`[?&]ref=${referrerCode(clientId)}$`));
    assert.notEqual(referrerCode('a'), referrerCode('b'));
    const other = createSandbox({ clientId: 'partner-2', signingKey: 'k' });
    const r2 = await other.fetch(new Request(`http://x/actions${await signPath('/locations/test-pizzeria/actions/', 'partner-2', 'k')}`));
    const body = (await r2.json()) as any;
    assert.ok(body.actions[0].url.endsWith(`ref=${referrerCode('partner-2')}`));
  });
});

describe('GET /locations/', () => {
  it('lists exactly the locations that have actions, as id strings', async () => {
    const r = await call('/locations/');
    assert.equal(r.status, 200);
    const expected = [...ds.ids()].filter((id) => ds.hasActions(idx(id)));
    assert.deepEqual(r.body, expected);
    assert.ok(r.body.length < ds.locationCount, 'some locations have no actions');
  });
});

describe('GET /locations/updated/', () => {
  it('orders by update time, ties by location_id, and a walk over all pages sees every location once', async () => {
    const seen: string[] = [];
    let next: string | null = '/locations/updated/?since=2000-01-01T00%3A00%3A00Z&limit=7';
    let pages = 0;
    while (next) {
      const r = await call(next);
      assert.equal(r.status, 200);
      assert.ok(r.body.length <= 7);
      for (const row of r.body) {
        assert.deepEqual(Object.keys(row), ['location_id']);
        seen.push(row.location_id);
      }
      const link = r.headers.get('link');
      if (link) {
        const m = /^<\/actions(\/locations\/updated\/\?since=[^&>]+&location_id=[^&>]+&limit=7)>; rel="next"$/.exec(link);
        assert.ok(m, `Link header shape: ${link}`);
        assert.ok(!/since=[^&]*:/.test(m[1]!), 'since is percent-encoded');
        next = m[1]!;
      } else next = null;
      pages++;
    }
    assert.equal(pages, Math.ceil(ds.locationCount / 7));
    assert.equal(seen.length, ds.locationCount);
    assert.equal(new Set(seen).size, ds.locationCount);
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1]!, seen[i]!];
      const ta = ds.updatedAt(idx(a));
      const tb = ds.updatedAt(idx(b));
      assert.ok(ta < tb || (ta === tb && a < b), `order at ${i}: ${a} then ${b}`);
    }
    const ties = seen.filter((id, i) => i > 0 && ds.updatedAt(idx(id)) === ds.updatedAt(idx(seen[i - 1]!)));
    assert.ok(ties.length > 0, 'the data set has ties for the tie-break to matter');
  });

  it('uses limit 1000 by default (no Link when everything fits) and honours since', async () => {
    const all = await call('/locations/updated/?since=2000-01-01T00:00:00Z');
    assert.equal(all.body.length, ds.locationCount);
    assert.equal(all.headers.get('link'), null, 'no Link on the last page');
    const middle = ds.updatedAt(idx(all.body[100].location_id));
    const later = await call(`/locations/updated/?since=${encodeURIComponent(new Date(middle).toISOString())}`);
    assert.ok(later.body.length <= ds.locationCount - 100 + 5 && later.body.length > 0);
    for (const row of later.body) assert.ok(ds.updatedAt(idx(row.location_id)) >= middle);
  });

  const errors: Array<[string, number, string, RegExp?]> = [
    ['/locations/updated/', 400, 'MISSING_PARAMETER', /since/],
    ['/locations/updated/?since=yesterday', 400, 'INVALID_PARAMETER', /since/],
    ['/locations/updated/?since=2024-13-01T00:00:00Z', 400, 'INVALID_PARAMETER', /since/],
    ['/locations/updated/?since=2024-01-01T00:00:00Z&limit=10001', 400, 'LIMIT_TOO_LARGE', /10001.*10000/],
    ['/locations/updated/?since=2024-01-01T00:00:00Z&limit=0', 400, 'INVALID_PARAMETER', /limit/],
    ['/locations/updated/?since=2024-01-01T00:00:00Z&limit=ten', 400, 'INVALID_PARAMETER', /limit/],
  ];
  for (const [path, status, error, message] of errors) {
    it(`${path} -> ${status} ${error}`, async () => {
      const r = await call(path);
      assert.equal(r.status, status);
      assert.equal(r.body.error, error);
      assert.equal(r.body.status_code, status);
      if (message) assert.match(r.body.message, message);
    });
  }

  it('accepts limit 10000 (the maximum)', async () => {
    assert.equal((await call('/locations/updated/?since=2000-01-01T00:00:00Z&limit=10000')).status, 200);
  });
});

describe('GET /locations/{id}/actions/', () => {
  it('returns {actions, location} with the documented fields', async () => {
    const r = await call('/locations/test-pizzeria/actions/');
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body).sort(), ['actions', 'location']);
    const loc = r.body.location;
    for (const key of [
      'id',
      'created',
      'updated',
      'owner_verified',
      'name',
      'phone_number',
      'address1',
      'address2',
      'city',
      'state',
      'postal_code',
      'country',
      'latitude',
      'longitude',
      'business_type',
      'cuisine_types',
    ])
      assert.ok(key in loc, key);
    assert.ok(!Number.isNaN(Date.parse(loc.created)) && /T.*Z$/.test(loc.updated));
    assert.match(loc.phone_number, /^\d{3}-\d{3}-\d{4}$/);
    assert.ok(Array.isArray(loc.cuisine_types));
    for (const a of r.body.actions) {
      assert.equal(typeof a.id, 'number');
      assert.equal(a.location_id, 'test-pizzeria');
      assert.ok((ACTION_TYPES as readonly string[]).includes(a.type));
      for (const key of ['js_source', 'suggested_cta', 'suggested_cta_asset']) assert.ok(key in a, key);
      if (['deal', 'coupon'].includes(a.type)) {
        assert.ok(a.attributes.title);
        assert.ok(a.attributes.discount !== null || a.attributes.discount_percentage !== null);
        assert.match(a.attributes.expiration, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/);
      }
    }
  });

  const typeCases: Array<[string, (types: string[]) => string[]]> = [
    ['deal', (t) => t.filter((x) => x === 'deal')],
    ['2', (t) => t.filter((x) => x === 'deal')],
    ['COUPON', (t) => t.filter((x) => x === 'coupon')],
    ['giftcard', () => []],
    ['not-a-type', (t) => t],
    ['99', (t) => t],
  ];
  for (const [type, expect] of typeCases) {
    it(`type=${type} filters by name or numeric id; an invalid type is ignored`, async () => {
      const r = await call(`/locations/test-pizzeria/actions/?type=${type}`);
      assert.equal(r.status, 200);
      assert.deepEqual(
        r.body.actions.map((a: any) => a.type),
        expect(ds.actionTypes(0)),
      );
    });
  }

  it('top=true replaces actions with the top action', async () => {
    const r = await call('/locations/test-pizzeria/actions/?top=true');
    assert.deepEqual(Object.keys(r.body).sort(), ['action', 'location']);
    assert.equal(r.body.action.id, ds.actions(0)[0]!.id);
    const typed = await call('/locations/test-pizzeria/actions/?top=true&type=coupon');
    assert.equal(typed.body.action.type, 'coupon');
  });

  it('a location without actions: actions [], top=true gives action null (decision)', async () => {
    const id = ex.withoutActions!;
    const r = await call(`/locations/${id}/actions/`);
    assert.deepEqual(r.body.actions, []);
    assert.equal(r.body.location.id, id);
    const top = await call(`/locations/${id}/actions/?top=true`);
    assert.equal(top.status, 200);
    assert.equal(top.body.action, null);
  });

  it('nearby=true without actions returns nearby actions in actions, with nearby: true (decision)', async () => {
    const id = ex.withoutActions!;
    assert.ok(!ds.isOwnerVerified(idx(id)));
    const r = await call(`/locations/${id}/actions/?nearby=true`);
    assert.equal(r.body.nearby, true);
    assert.ok(r.body.actions.length > 0 && r.body.actions.length <= 10);
    assert.ok(r.body.actions.every((a: any) => a.location_id !== id));
    const top = await call(`/locations/${id}/actions/?nearby=true&top=true`);
    assert.deepEqual(top.body.action, r.body.actions[0]);
    const own = await call('/locations/test-pizzeria/actions/?nearby=true');
    assert.equal(own.body.nearby, false, 'a location with actions shows its own');
    assert.ok(own.body.actions.every((a: any) => a.location_id === 'test-pizzeria'));
    const verified = await call(`/locations/${ds.idAt(2)}/actions/?nearby=true`);
    assert.deepEqual([verified.body.actions, verified.body.nearby], [[], false], 'owner-verified: never other merchants');
  });

  it('LOCATION_DOES_NOT_EXIST names the id (404)', async () => {
    for (const id of ['no-such-place', 'test-pizzeria-x', 'bella-pizzeria-nyc-99999999']) {
      const r = await call(`/locations/${id}/actions/`);
      assert.equal(r.status, 404);
      assert.equal(r.body.error, 'LOCATION_DOES_NOT_EXIST');
      assert.ok(r.body.message.includes(id));
    }
  });

  it('a malformed boolean is a 400 naming the parameter', async () => {
    const r = await call('/locations/test-pizzeria/actions/?top=maybe');
    assert.equal(r.status, 400);
    assert.match(r.body.message, /top/);
  });
});

const km = (a: any, lat: number, lon: number) => distance(lon, lat, a.location.longitude, a.location.latitude);

function assertDistanceOrder(items: any[], lat: number, lon: number) {
  for (let i = 1; i < items.length; i++) {
    const d0 = km(items[i - 1], lat, lon);
    const d1 = km(items[i], lat, lon);
    assert.ok(d0 < d1 || (d0 === d1 && items[i - 1].action.id < items[i].action.id), `ordered at ${i}`);
  }
}

describe('GET /actions/nearby', () => {
  const nyc = { lat: 40.7411, lon: -73.9897 };

  it('returns action-with-location items ordered by distance, ties by action id, within radius, default limit 10', async () => {
    const r = await call(`/actions/nearby?latitude=${nyc.lat}&longitude=${nyc.lon}`);
    assert.equal(r.status, 200);
    assert.ok(r.body.length > 0 && r.body.length <= 10);
    for (const item of r.body) assert.deepEqual(Object.keys(item).sort(), ['action', 'location']);
    assertDistanceOrder(r.body, nyc.lat, nyc.lon);
  });

  it('matches a brute-force scan of the data set (the index finds the true nearest)', async () => {
    const r = await call(`/actions/nearby?latitude=${nyc.lat}&longitude=${nyc.lon}&radius=16093&limit=100`);
    const expected: Array<[number, number]> = [];
    for (let i = 0; i < ds.locationCount; i++) {
      const d = distance(nyc.lon, nyc.lat, ds.longitude(i), ds.latitude(i));
      if (d <= 16.093) for (const a of ds.actions(i)) expected.push([d, a.id]);
    }
    expected.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    assert.deepEqual(
      r.body.map((x: any) => x.action.id),
      expected.slice(0, 100).map((e) => e[1]),
    );
  });

  it('expands to the maximum radius when nothing is found, and finds nothing beyond it', async () => {
    // 5 km north of the NYC cluster's edge: nothing within 1609 m, something within 16093 m.
    let lat = nyc.lat;
    const within = (radiusKm: number) => {
      for (let i = 0; i < ds.locationCount; i++) {
        if (ds.hasActions(i) && distance(nyc.lon, lat, ds.longitude(i), ds.latitude(i)) <= radiusKm) return true;
      }
      return false;
    };
    while (within(1.609)) lat += 0.005;
    assert.ok(within(16.093), 'a point with results only inside the maximum radius');
    const r = await call(`/actions/nearby?latitude=${lat}&longitude=${nyc.lon}&radius=1609`);
    assert.ok(r.body.length > 0);
    assert.ok(r.body.every((x: any) => km(x, lat, nyc.lon) <= 16.093));
    const far = await call('/actions/nearby?latitude=0&longitude=0');
    assert.deepEqual(far.body, []);
  });

  it('type, owner_verified, business_type fragments and cuisine filter the results', async () => {
    const base = `/actions/nearby?latitude=${nyc.lat}&longitude=${nyc.lon}&radius=16093&limit=100`;
    const deals = await call(`${base}&type=2`);
    assert.ok(deals.body.length > 0 && deals.body.every((x: any) => x.action.type === 'deal'));
    for (const v of [true, false]) {
      const r = await call(`${base}&owner_verified=${v}`);
      assert.ok(r.body.length > 0 && r.body.every((x: any) => x.location.owner_verified === v));
    }
    const frag = await call(`${base}&business_type=${encodeURIComponent('restaur,Coffee')}`);
    assert.ok(frag.body.length > 0);
    assert.ok(frag.body.every((x: any) => ['Restaurant', 'Coffee Shop'].includes(x.location.business_type)));
    assert.ok(frag.body.some((x: any) => x.location.business_type === 'Restaurant'));
    const full = await call(`${base}&business_type=${encodeURIComponent('Travel, Tourism & Lodging')}`);
    assert.ok(full.body.every((x: any) => x.location.business_type === 'Travel, Tourism & Lodging'));
    const pizza = await call(`${base}&cuisine=pizza,Sushi`);
    assert.ok(pizza.body.length > 0);
    assert.ok(pizza.body.every((x: any) => x.location.cuisine_types.some((c: string) => ['Pizza', 'Sushi'].includes(c))));
    const none = await call(`${base}&cuisine=Martian`);
    assert.deepEqual(none.body, [], 'filters apply after geography and can give an empty array');
  });

  const errors: Array<[string, number, string, RegExp]> = [
    ['/actions/nearby?longitude=1', 400, 'MISSING_PARAMETER', /latitude/],
    ['/actions/nearby?latitude=1', 400, 'MISSING_PARAMETER', /longitude/],
    ['/actions/nearby?latitude=north&longitude=1', 400, 'INVALID_PARAMETER', /latitude/],
    ['/actions/nearby?latitude=91&longitude=1', 400, 'INVALID_PARAMETER', /latitude/],
    ['/actions/nearby?latitude=1&longitude=181', 400, 'INVALID_PARAMETER', /longitude/],
    ['/actions/nearby?latitude=1&longitude=1&radius=16094', 400, 'RADIUS_TOO_LARGE', /16094.*16093/],
    ['/actions/nearby?latitude=1&longitude=1&radius=-5', 400, 'INVALID_PARAMETER', /radius/],
    ['/actions/nearby?latitude=1&longitude=1&limit=101', 400, 'LIMIT_TOO_LARGE', /101.*100/],
    ['/actions/nearby?latitude=1&longitude=1&owner_verified=perhaps', 400, 'INVALID_PARAMETER', /owner_verified/],
  ];
  for (const [path, status, error, message] of errors) {
    it(`${path} -> ${status} ${error}`, async () => {
      const r = await call(path);
      assert.deepEqual([r.status, r.body.error, r.body.status_code], [status, error, status]);
      assert.match(r.body.message, message);
    });
  }

  it('accepts the maxima (radius 16093, limit 100)', async () => {
    const r = await call(`/actions/nearby?latitude=${nyc.lat}&longitude=${nyc.lon}&radius=16093&limit=100`);
    assert.equal(r.status, 200);
    assert.equal(r.body.length, 100);
  });
});

describe('GET /locations/{id}/actions/nearby', () => {
  const plain = (() => {
    for (let i = 3; i < ds.locationCount; i++) if (ds.hasActions(i) && !ds.isOwnerVerified(i) && ds.actionTypes(i).length >= 2) return i;
    throw new Error('no fixture');
  })();
  const plainId = ds.idAt(plain);

  it('searches around the location, ordered by distance, default limit 10', async () => {
    const r = await call(`/locations/${plainId}/actions/nearby`);
    assert.equal(r.status, 200);
    assert.ok(r.body.length > 0 && r.body.length <= 10);
    assertDistanceOrder(r.body, ds.latitude(plain), ds.longitude(plain));
    assert.equal(r.body[0].location.id, plainId, 'its own actions are nearest (distance 0)');
  });

  it('nearby_only excludes the location itself', async () => {
    const r = await call(`/locations/${plainId}/actions/nearby?nearby_only=true&limit=50`);
    assert.ok(r.body.length > 0);
    assert.ok(r.body.every((x: any) => x.location.id !== plainId));
  });

  it("self=N returns the location's top N actions when it has some (rule 5)", async () => {
    const r = await call(`/locations/${plainId}/actions/nearby?self=1`);
    assert.deepEqual(
      r.body.map((x: any) => x.action.id),
      [ds.actions(plain)[0]!.id],
    );
    const three = await call(`/locations/${plainId}/actions/nearby?self=3`);
    assert.deepEqual(
      three.body.map((x: any) => x.action.id),
      ds
        .actions(plain)
        .slice(0, 3)
        .map((a) => a.id),
    );
  });

  it('self is ignored when the location has no actions: a normal nearby query runs', async () => {
    const id = ex.withoutActions!;
    const r = await call(`/locations/${id}/actions/nearby?self=3`);
    assert.ok(r.body.length > 0);
    assert.ok(r.body.every((x: any) => x.location.id !== id));
  });

  it('an owner-verified location returns only its own actions; without actions an empty array (rule 3)', async () => {
    const verified = ds.idAt(1);
    assert.ok(ds.isOwnerVerified(1) && ds.hasActions(1));
    const r = await call(`/locations/${verified}/actions/nearby?limit=100&radius=16093`);
    assert.ok(r.body.length > 0);
    assert.ok(r.body.every((x: any) => x.location.id === verified));
    const empty = await call(`/locations/${ds.idAt(2)}/actions/nearby?radius=16093`);
    assert.deepEqual(empty.body, []);
  });

  it('filters apply after the geographic step: business_type can empty the result', async () => {
    const own = BUSINESS_TYPES[ds.businessTypeIndex(plain)]!;
    const other = BUSINESS_TYPES.find((t) => t !== own && !t.includes(own))!;
    const r = await call(`/locations/${plainId}/actions/nearby?business_type=${encodeURIComponent(other)}&limit=100`);
    assert.ok(r.body.every((x: any) => x.location.business_type === other));
  });

  it('404 for an unknown location, LIMIT_TOO_LARGE and RADIUS_TOO_LARGE as on /actions/nearby', async () => {
    assert.equal((await call('/locations/nowhere-0000000/actions/nearby')).body.error, 'LOCATION_DOES_NOT_EXIST');
    assert.equal((await call(`/locations/${plainId}/actions/nearby?limit=500`)).body.error, 'LIMIT_TOO_LARGE');
    assert.equal((await call(`/locations/${plainId}/actions/nearby?radius=20000`)).body.error, 'RADIUS_TOO_LARGE');
    assert.equal((await call(`/locations/${plainId}/actions/nearby?self=0`)).status, 400);
  });
});

describe('unknown paths', () => {
  it('answer 404 with the error resource', async () => {
    const r = await call('/nothing/here/');
    assert.equal(r.status, 404);
    assert.equal(r.body.error, 'NOT_FOUND');
  });
});
