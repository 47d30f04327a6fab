import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DIETARY_FLAGS, PHOTO_TYPES } from '../../src/contract/index.ts';
import { createSandbox, SANDBOX_DEFAULTS } from '../../src/sandbox/server.ts';
import { SHORT_MENU_ITEMS, SHORT_MENU_SECTIONS, UPDATED_SINCE_LIMITS, sectionKind } from '../../src/sandbox/publisher/routes.ts';
import { signPath } from '../../src/signing/signature.ts';

const ORIGIN = 'http://sandbox.test';
const sandbox = createSandbox();
const ds = sandbox.dataset;
const ex = ds.examples();

async function get(pathAndQuery: string, sb = sandbox) {
  const response = await sb.fetch(new Request(`${ORIGIN}/publisher${pathAndQuery}`));
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text,
    body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null,
  };
}

const DATETIME_SHAPES = [
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/,
  /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}$/,
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}[+-]\d{2}:\d{2}$/,
];
const isPublisherDate = (v: string) => DATETIME_SHAPES.some((re) => re.test(v));

describe('Publisher API: /locations/<id>/', () => {
  it('returns {code: 200, data: Location} with the documented fields', async () => {
    const r = await get('/locations/test-pizzeria/');
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body).sort(), ['code', 'data']);
    assert.equal(r.body.code, 200);
    const loc = r.body.data;
    for (const key of [
      'location_id',
      'location_nid',
      'has_menus',
      'published_at',
      'out_of_business',
      'has_hours',
      'location',
      'sp_photos',
      'email',
      'website',
      'updated',
      'description',
      'hours',
      'phone',
      'business_type',
      'is_owner_verified',
      'is_published',
      'name',
      'created',
      'foreign_ids',
      'time_zone',
      'attributes',
    ])
      assert.ok(key in loc, key);
    assert.equal(loc.location_id, 'test-pizzeria');
    assert.equal(loc.is_published, true);
    assert.equal(loc.out_of_business, false);
    for (const key of [
      'address1',
      'address2',
      'city',
      'state',
      'country',
      'postal_code',
      'latitude',
      'longitude',
      'cross_street',
      'neighborhood',
      'directions',
    ]) {
      assert.ok(key in loc.location, key);
    }
    for (const key of ['published_at', 'updated', 'created']) assert.ok(isPublisherDate(loc[key]), `${key}: ${loc[key]}`);
    assert.ok(['PST', 'MST', 'CST', 'EST', ''].includes(loc.time_zone));
    assert.match(loc.phone, /^(\d{3}-\d{3}-\d{4})?$/);
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      for (const p of loc.hours[day]) {
        assert.ok(/^\d{2}:\d{2}[ap]m$/.test(p.opening) || p.opening === 'closed');
        assert.ok(/^\d{2}:\d{2}[ap]m$/.test(p.closing) || p.closing === 'closed');
        assert.equal(typeof p.description, 'string');
      }
    }
    assert.ok(!('holiday_schedule' in loc.hours), 'holiday_schedule appears in list results only');
    assert.ok(['None', 'Full Bar', 'Beer/Wine', 'BYOB'].includes(loc.attributes.alcohol));
    assert.match(loc.attributes.price_rating, /^[1-5]$/);
  });

  it('404 error resource in a {code, ...} body for an unknown id (decision), never data', async () => {
    const r = await get('/locations/nope-nope/');
    assert.equal(r.status, 404);
    assert.deepEqual(r.body, { code: 404, error: 'LOCATION_DOES_NOT_EXIST', message: 'Location "nope-nope" does not exist.', status_code: 404 });
    for (const sub of ['menus/', 'photos/', 'all/']) {
      const s = await get(`/locations/nope-nope/${sub}`);
      assert.deepEqual([s.status, s.body.error, 'data' in s.body], [404, 'LOCATION_DOES_NOT_EXIST', false]);
    }
  });

  it('carries the documented inconsistencies across the data set', async () => {
    const shapes = new Set<number>();
    const nidTypes = new Set<string>();
    let omitted = 0;
    let emptyHours = 0;
    let closedDay = 0;
    let split = 0;
    let wheelchairEmpty = 0;
    let emptyTz = 0;
    for (const id of [...ds.ids()].slice(0, 200)) {
      const loc = (await get(`/locations/${id}/`)).body.data;
      for (const key of ['published_at', 'updated', 'created']) shapes.add(DATETIME_SHAPES.findIndex((re) => re.test(loc[key])));
      if ('location_nid' in loc) nidTypes.add(typeof loc.location_nid);
      if (!('location_nid' in loc) || !('has_menus' in loc) || !('has_hours' in loc)) omitted++;
      if (Object.keys(loc.hours).length === 0) emptyHours++;
      if (Object.values(loc.hours).some((d: any) => d[0]?.opening === 'closed' && d[0]?.closing === 'closed')) closedDay++;
      if (Object.values(loc.hours).some((d: any) => d.length > 1)) split++;
      if (loc.attributes.wheelchair_access === '') wheelchairEmpty++;
      if (loc.time_zone === '') emptyTz++;
      assert.equal(typeof loc.attributes.average_price, 'string');
    }
    assert.deepEqual([...shapes].sort(), [0, 1, 2]);
    assert.deepEqual([...nidTypes].sort(), ['number', 'string']);
    for (const [name, n] of Object.entries({ omitted, emptyHours, closedDay, split, wheelchairEmpty, emptyTz })) assert.ok(n > 0, name);
  });
});

describe('Publisher API: /locations/updated_since/', () => {
  it('pages with an absolute next link (date timestamp, limit, after) that never repeats or loses a location; next null at the end', async () => {
    const seen: string[] = [];
    let url: string | null = `${ORIGIN}/publisher/locations/updated_since/?date=2000-01-01&limit=9`;
    let pages = 0;
    while (url) {
      assert.ok(url.startsWith(`${ORIGIN}/publisher/locations/updated_since/?date=`), url);
      const r = await get(url.slice(`${ORIGIN}/publisher`.length));
      assert.equal(r.status, 200);
      assert.equal(r.body.code, 200);
      assert.ok(r.body.data.results.length <= 9);
      seen.push(...r.body.data.results.map((l: any) => l.location_id));
      url = r.body.data.next;
      if (url) {
        const u = new URL(url);
        assert.match(u.searchParams.get('date')!, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        assert.equal(u.searchParams.get('limit'), '9');
        assert.ok(u.searchParams.get('after'));
      }
      pages++;
    }
    assert.equal(pages, Math.ceil(ds.locationCount / 9));
    assert.equal(seen.length, ds.locationCount);
    assert.equal(new Set(seen).size, ds.locationCount);
  });

  it('list results carry hasPhotos or has_photos and hours.holiday_schedule', async () => {
    const r = await get('/locations/updated_since/?date=2000-01-01');
    assert.equal(r.body.data.results.length, Math.min(ds.locationCount, UPDATED_SINCE_LIMITS.default));
    assert.equal(r.body.data.next, null);
    const keys = new Set<string>();
    for (const loc of r.body.data.results) {
      const has = ['hasPhotos', 'has_photos'].filter((k) => k in loc);
      assert.equal(has.length, 1);
      keys.add(has[0]!);
      if (Object.keys(loc.hours).length) assert.ok(Array.isArray(loc.hours.holiday_schedule));
    }
    assert.deepEqual([...keys].sort(), ['hasPhotos', 'has_photos']);
  });

  it('returns only locations updated on or after the date', async () => {
    const r = await get('/locations/updated_since/?date=2025-01-01');
    assert.ok(r.body.data.results.length > 0 && r.body.data.results.length < ds.locationCount);
    for (const loc of r.body.data.results) assert.ok(ds.updatedAt(ds.indexOf(loc.location_id)) >= Date.UTC(2025, 0, 1));
  });

  const errors: Array<[string, number, string, RegExp]> = [
    ['/locations/updated_since/', 400, 'MISSING_PARAMETER', /date/],
    ['/locations/updated_since/?date=01-02-2024', 400, 'INVALID_PARAMETER', /date/],
    ['/locations/updated_since/?date=2024-02-30', 400, 'INVALID_PARAMETER', /date/],
    ['/locations/updated_since/?date=2024-01-01&limit=1001', 400, 'LIMIT_TOO_LARGE', /1001.*1000/],
    ['/locations/updated_since/?date=2024-01-01&limit=-1', 400, 'INVALID_PARAMETER', /limit/],
  ];
  for (const [path, status, error, message] of errors) {
    it(`${path} -> ${status} ${error}`, async () => {
      const r = await get(path);
      assert.deepEqual([r.status, r.body.code, r.body.error, r.body.status_code, 'data' in r.body], [status, status, error, status, false]);
      assert.match(r.body.message, message);
    });
  }
});

describe('Publisher API: menus', () => {
  it('full menus have the documented fields, quirks and attribution', async () => {
    const r = await get('/locations/test-pizzeria/menus/');
    assert.equal(r.status, 200);
    const menus = r.body.data;
    assert.ok(menus.length >= 2);
    assert.equal(new Set(menus.map((m: any) => m.name)).size, menus.length, 'names unique per location');
    for (const m of menus) {
      assert.equal(m.location_id, 'test-pizzeria');
      assert.ok(['Menu', 'Listing'].includes(m.menu_type));
      assert.match(m.currency, /^[A-Z]{3}$/);
      assert.match(m.attribution_image, /^http:\/\//);
      assert.notEqual(m.secure_attribution_image, m.attribution_image);
      assert.match(m.secure_attribution_image_link, /^https:\/\//);
      for (const s of m.sections) {
        for (const item of s.items) {
          assert.equal(typeof item.order_num, 'number');
          for (const c of item.choices) {
            assert.ok(c.prices.min <= c.prices.max);
            assert.ok(c.calories.min === '' || c.calories.min <= c.calories.max);
          }
          for (const flag of Object.keys(item.attributes)) assert.ok((DIETARY_FLAGS as readonly string[]).includes(flag));
          for (const p of item.photos) assert.equal(typeof p.photo_id, 'string');
        }
      }
    }
  });

  it('across locations: line breaks in descriptions, empty calories, price ranges, string and integer ids, several currencies', async () => {
    const seen = { newline: false, emptyCalories: false, range: false, stringId: false, intId: false, additions: false, photos: false, listing: false };
    const currencies = new Set<string>();
    for (const id of [...ds.ids()].slice(0, 120)) {
      for (const m of (await get(`/locations/${id}/menus/`)).body.data) {
        currencies.add(m.currency);
        if (m.menu_type === 'Listing') seen.listing = true;
        for (const s of m.sections) {
          for (const item of s.items) {
            if (item.description.includes('\n')) seen.newline = true;
            if (typeof item.id === 'string') seen.stringId = true;
            else seen.intId = true;
            if (item.additions.length) seen.additions = true;
            if (item.photos.length) seen.photos = true;
            for (const c of item.choices) {
              if (c.calories.min === '') seen.emptyCalories = true;
              if (c.prices.min < c.prices.max) seen.range = true;
            }
          }
        }
      }
    }
    for (const [k, v] of Object.entries(seen)) assert.ok(v, k);
    assert.ok(currencies.size >= 3, [...currencies].join());
  });

  it('format=short keeps at most 5 items per section, from entrees, appetizers, salads, desserts, beverages (by meaning)', async () => {
    let truncated = false;
    for (const id of [...ds.ids()].slice(0, 60)) {
      const full = (await get(`/locations/${id}/menus/`)).body.data;
      const short = (await get(`/locations/${id}/menus/?format=short`)).body.data;
      assert.equal(short.length, full.length);
      short.forEach((menu: any, i: number) => {
        const representative = full[i].sections.filter((s: any) => sectionKind(s.name) !== null);
        if (representative.length) {
          const names = menu.sections.map((s: any) => s.name);
          assert.ok(names.length <= SHORT_MENU_SECTIONS.length, `${id}: at most five sections`);
          assert.ok(
            names.every((n: string) => sectionKind(n) !== null),
            `${id}: only representative sections: ${names}`,
          );
          // In the menu's own order, and every kind the menu has is there.
          assert.deepEqual(
            names,
            representative.map((s: any) => s.name).filter((n: string) => names.includes(n)),
          );
          assert.deepEqual(new Set(names.map(sectionKind)), new Set(representative.map((s: any) => sectionKind(s.name))));
        } else {
          assert.deepEqual(
            menu.sections.map((s: any) => s.name),
            full[i].sections.slice(0, 1).map((s: any) => s.name),
            'fallback: first section',
          );
        }
        menu.sections.forEach((s: any) => {
          const original = full[i].sections.find((f: any) => f.id === s.id);
          assert.ok(s.items.length <= SHORT_MENU_ITEMS);
          assert.deepEqual(s.items, original.items.slice(0, SHORT_MENU_ITEMS));
          if (original.items.length > SHORT_MENU_ITEMS) truncated = true;
        });
      });
    }
    assert.ok(truncated, 'some sections were cut to 5');
  });

  it('a location without menus returns an empty array; a bad format is a 400', async () => {
    assert.deepEqual((await get(`/locations/${ex.withoutMenus}/menus/`)).body, { code: 200, data: [] });
    const bad = await get('/locations/test-pizzeria/menus/?format=tiny');
    assert.deepEqual([bad.status, bad.body.error], [400, 'INVALID_PARAMETER']);
  });
});

describe('Publisher API: photos and images', () => {
  it('returns every type with one main image, tagged item photos, string photo ids', async () => {
    const photos = (await get('/locations/test-pizzeria/photos/')).body.data;
    assert.equal(photos.filter((p: any) => p.main_image).length, 1);
    const types = new Set(photos.map((p: any) => p.type.toLowerCase()));
    for (const t of ['interior', 'exterior', 'logo', 'unclassified']) assert.ok(types.has(t), t);
    // The featured places are clean; the upstream's capitalised types are on the others.
    assert.ok(
      photos.every((p: any) => p.type === p.type.toLowerCase() && p.source === 'platform'),
      'the featured pizzeria is clean',
    );
    let capitalised = false;
    for (const id of [...ds.ids()].slice(8, 200)) {
      if ((await get(`/locations/${id}/photos/`)).body.data.some((p: any) => p.type === 'Interior' || p.type === 'Exterior')) capitalised = true;
    }
    assert.ok(capitalised, 'a capitalised type elsewhere');
    const items = photos.filter((p: any) => p.items.length);
    assert.ok(items.length > 0);
    for (const p of photos) {
      assert.equal(typeof p.photo_id, 'string');
      assert.ok(p.original_width > 0 && p.original_height > 0 && p.size > 0);
      assert.ok(['platform', 'Mobile'].includes(p.source));
    }
  });

  it('Product appears among item photos somewhere in the data set', async () => {
    let product = false;
    for (const id of [...ds.ids()].slice(0, 200)) {
      if ((await get(`/locations/${id}/photos/`)).body.data.some((p: any) => p.type === 'Product')) {
        product = true;
        break;
      }
    }
    assert.ok(product);
  });

  for (const type of PHOTO_TYPES) {
    it(`type=${type} (any case) filters the photos`, async () => {
      const all = (await get('/locations/test-pizzeria/photos/')).body.data;
      const filtered = (await get(`/locations/test-pizzeria/photos/?type=${type.toUpperCase()}`)).body.data;
      const expected = all.filter((p: any) => p.type.toLowerCase() === type || (type === 'item' && p.type === 'Product'));
      assert.deepEqual(filtered, expected);
    });
  }

  it('an unknown type, height or width is a 400', async () => {
    for (const q of ['type=selfie', 'height=0', 'width=wide']) {
      const r = await get(`/locations/test-pizzeria/photos/?${q}`);
      assert.deepEqual([r.status, r.body.error], [400, 'INVALID_PARAMETER'], q);
    }
  });

  const sizes: Array<[string, (w: number, h: number) => [number, number]]> = [
    ['width=400', (w, h) => [400, Math.round((h * 400) / w)]],
    ['height=300', (w, h) => [Math.round((w * 300) / h), 300]],
    [
      'width=400&height=100',
      (w, h) => {
        const s = Math.min(400 / w, 100 / h);
        return [Math.round(w * s), Math.round(h * s)];
      },
    ],
    ['width=99999', (w, h) => [w, h]],
  ];
  for (const [query, expect] of sizes) {
    it(`${query}: maximum sizes keep the aspect ratio, in the URL and in the served image`, async () => {
      const photos = (await get(`/locations/test-pizzeria/photos/?${query}`)).body.data;
      for (const p of photos) {
        const [w, h] = expect(p.original_width, p.original_height);
        const url = new URL(p.url);
        const served = await get(url.pathname.replace('/publisher', '') + url.search);
        assert.equal(served.status, 200);
        assert.equal(served.type, 'image/svg+xml');
        assert.match(served.text, new RegExp(`^<svg [^>]*width="${w}" height="${h}"`));
      }
    });
  }

  it('draws each photo type as its own picture, the same every time, with no text that could overflow', async () => {
    const { photoSvg } = await import('../../src/sandbox/publisher/images.ts');
    const pictures = ['item', 'interior', 'exterior', 'logo', 'unclassified'].map((type) => photoSvg(400, 300, 'Fish & <Chips>', type));
    assert.equal(new Set(pictures).size, pictures.length, 'five different pictures');
    for (const svg of pictures) {
      assert.doesNotMatch(svg, /<text/);
      assert.match(svg, /<title>Fish &amp; &lt;Chips&gt;<\/title>/);
      assert.match(svg, /preserveAspectRatio="xMidYMid slice"/);
    }
    assert.equal(photoSvg(400, 300, 'Margherita', 'Item'), photoSvg(400, 300, 'Margherita', 'item'));
    assert.notEqual(photoSvg(400, 300, 'Margherita', 'item'), photoSvg(400, 300, 'Tiramisu', 'item'), 'the palette follows the dish');
  });

  it('draws every shape inside the picture, whatever the title hashes to (no empty tile)', async () => {
    const { photoSvg } = await import('../../src/sandbox/publisher/images.ts');
    // Titles whose hash has its top bit set drew every shape off the canvas when the hash was shifted with `>>`.
    const titles = ['Our team', 'Private event', 'Behind the counter', 'Tasting night', 'Cooking class', 'Opening day', 'Staff meal'];
    for (const title of titles) {
      const svg = photoSvg(400, 300, title, 'unclassified');
      const centres = [...svg.matchAll(/<circle cx="(-?[\d.]+)" cy="(-?[\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2])]);
      assert.ok(centres.length > 0, title);
      for (const [x, y] of centres) assert.ok(x! >= 0 && x! <= 100 && y! >= 0 && y! <= 100, `${title}: a shape at ${x},${y} is off the 100x100 canvas`);
    }
  });

  it('serves the attribution image, and 404 for an unknown photo', async () => {
    const a = await get('/images/attribution.svg');
    assert.equal(a.type, 'image/svg+xml');
    assert.match(a.text, /^<svg/);
    assert.equal((await get('/images/999999999')).status, 404);
    assert.equal((await get('/images/abc')).status, 404);
  });
});

describe('Publisher API: /all/', () => {
  it('returns {location, menus, photos} equal to the three endpoints (decision)', async () => {
    const all = (await get('/locations/test-pizzeria/all/')).body;
    assert.equal(all.code, 200);
    assert.deepEqual(Object.keys(all.data), ['location', 'menus', 'photos']);
    assert.deepEqual(all.data.location, (await get('/locations/test-pizzeria/')).body.data);
    assert.deepEqual(all.data.menus, (await get('/locations/test-pizzeria/menus/')).body.data);
    assert.deepEqual(all.data.photos, (await get('/locations/test-pizzeria/photos/')).body.data);
  });
});

describe('Publisher API: optional signing', () => {
  it('is off by default and, when on, requires the same signature scheme (images stay open)', async () => {
    assert.equal((await get('/locations/test-pizzeria/')).status, 200);
    const signed = createSandbox({ signPublisher: true });
    const unsigned = await get('/locations/test-pizzeria/', signed);
    assert.deepEqual([unsigned.status, unsigned.body.error, unsigned.body.code], [401, 'MISSING_SIGNATURE', 401]);
    const path = await signPath('/locations/test-pizzeria/', SANDBOX_DEFAULTS.clientId, SANDBOX_DEFAULTS.signingKey);
    assert.equal((await get(path, signed)).status, 200);
    const wrong = await signPath('/locations/test-pizzeria/', SANDBOX_DEFAULTS.clientId, 'wrong');
    assert.equal((await get(wrong, signed)).status, 403);
    assert.equal((await get('/images/1', signed)).status, 200);
  });
});
