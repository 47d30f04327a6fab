import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { WEEKDAYS, PHOTO_TYPES, ACTION_TYPES } from '../../src/contract/index.ts';
import {
  normalizeActionList,
  normalizeHours,
  normalizeLocation,
  normalizeLocationSummary,
  normalizeMenus,
  normalizeNearby,
  normalizePhotos,
  photoType,
  values,
} from '../../src/gateway/normalize/index.ts';

const options = { secureHosts: new Set(['img.example']) };

// --- shape checks: what the contract promises, checked independently of the normalizer's code.
const isStr = (v: unknown) => typeof v === 'string';
const strOrNull = (v: unknown) => v === null || typeof v === 'string';
const numOrNull = (v: unknown) => v === null || (typeof v === 'number' && Number.isFinite(v));
const boolOrNull = (v: unknown) => v === null || typeof v === 'boolean';
const isoOrNull = (v: unknown) => v === null || (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(v));
const urlOrNull = (v: unknown) => v === null || (typeof v === 'string' && /^https?:\/\//.test(v));

function checkSummary(l: any) {
  assert.ok(isStr(l.id) && l.id !== '' && isStr(l.name));
  assert.ok(strOrNull(l.phone) && strOrNull(l.businessType));
  for (const k of ['line1', 'line2', 'city', 'region', 'postalCode', 'country', 'crossStreet', 'neighborhood', 'directions'])
    assert.ok(strOrNull(l.address[k]), k);
  assert.ok(l.coordinates === null || (Number.isFinite(l.coordinates.latitude) && Number.isFinite(l.coordinates.longitude)));
  assert.ok(Array.isArray(l.cuisines) && l.cuisines.every(isStr));
  assert.equal(typeof l.ownerVerified, 'boolean');
  assert.ok(isoOrNull(l.createdAt) && isoOrNull(l.updatedAt));
}
function checkLocation(l: any) {
  checkSummary(l);
  assert.ok(strOrNull(l.numericId) && strOrNull(l.description) && strOrNull(l.email) && urlOrNull(l.website));
  assert.ok(l.timeZone === null || /\//.test(l.timeZone) || l.timeZone === 'UTC');
  assert.ok(l.timeZone === null ? l.timeZoneSource === null : ['upstream', 'inferred'].includes(l.timeZoneSource));
  assert.ok(boolOrNull(l.hasMenus) && boolOrNull(l.hasPhotos) && isoOrNull(l.publishedAt));
  if (l.hours !== null) {
    for (const d of WEEKDAYS) for (const p of l.hours.days[d]) assert.match(`${p.open}-${p.close}`, /^\d{2}:\d{2}-\d{2}:\d{2}$/);
    assert.ok(l.hours.holidaySchedule.every(isStr));
  }
  const a = l.attributes;
  for (const k of ['takeOut', 'dineIn', 'delivery', 'driveThru', 'reservations', 'catering', 'wheelchairAccess']) assert.ok(boolOrNull(a[k]), k);
  assert.ok(strOrNull(a.alcohol) && strOrNull(a.averagePrice) && numOrNull(a.priceRating));
  assert.ok(a.mealsServed.every(isStr) && a.paymentTypes.every(isStr));
}
function checkMenu(m: any) {
  assert.ok(isStr(m.id) && isStr(m.name) && ['menu', 'listing'].includes(m.type) && Number.isFinite(m.order) && isStr(m.currency));
  assert.ok(urlOrNull(m.attribution.image) && m.attribution.image !== null && urlOrNull(m.attribution.link));
  for (const s of m.sections) {
    assert.ok(isStr(s.id) && Number.isFinite(s.order));
    for (const i of s.items) {
      assert.ok(isStr(i.id) && Number.isFinite(i.order) && i.photos.every((p: any) => urlOrNull(p.url)));
      for (const c of i.choices) assert.ok((c.price === null || c.price.min <= c.price.max) && (c.calories === null || Number.isFinite(c.calories.min)));
    }
  }
}
function checkAction(a: any) {
  assert.ok(isStr(a.id) && (ACTION_TYPES as readonly string[]).includes(a.type) && urlOrNull(a.url) && a.url !== null);
  assert.ok(strOrNull(a.cta) && urlOrNull(a.jsSource) && urlOrNull(a.ctaAsset));
}

describe('normalizer: values', () => {
  it('parses all three upstream datetime shapes to ISO 8601 with an offset', () => {
    assert.equal(values.datetime('2021-03-04T05:06:07'), '2021-03-04T05:06:07.000Z');
    assert.equal(values.datetime('2021-03-04 05:06:07.123456'), '2021-03-04T05:06:07.123Z');
    assert.equal(values.datetime('2021-03-04T05:06:07.123456-05:00'), '2021-03-04T10:06:07.123Z');
    assert.equal(values.datetime('2021-03-04T05:06:07+0130'), '2021-03-04T03:36:07.000Z');
    assert.equal(values.datetime('2021-02-31 00:00:00'), null);
    assert.equal(values.datetime(''), null);
    assert.equal(values.datetime('yesterday'), null);
  });
  it("keeps datetimes within years 0000-9999, the contract's ISO form (found by the property below)", () => {
    assert.equal(values.datetime(-62167219200.001), null, 'epoch seconds just before year 0');
    assert.equal(values.datetime('0000-01-01T00:00:00+01:00'), null, 'an offset that moves the instant before year 0');
    assert.equal(values.datetime(253402300800000), null, 'the first millisecond of year 10000 (epoch milliseconds)');
    assert.equal(values.datetime(-62167219200), '0000-01-01T00:00:00.000Z');
    assert.equal(values.datetime('9999-12-31T23:59:59Z'), '9999-12-31T23:59:59.000Z');
  });
  it('reads booleans that arrive as text or empty strings', () => {
    assert.equal(values.bool('true'), true);
    assert.equal(values.bool('false'), false);
    assert.equal(values.bool(''), null);
    assert.equal(values.bool(true), true);
    assert.equal(values.bool('maybe'), null);
  });
  it('maps time-zone abbreviations to IANA names', () => {
    assert.equal(values.timeZone('PST'), 'America/Los_Angeles');
    assert.equal(values.timeZone('EST'), 'America/New_York');
    assert.equal(values.timeZone('CST'), 'America/Chicago');
    assert.equal(values.timeZone('MST'), 'America/Denver');
    assert.equal(values.timeZone(''), null);
    assert.equal(values.timeZone('Europe/Berlin'), 'Europe/Berlin');
  });
  it('upgrades http URLs only on hosts with a secure variant, and drops non-http URLs', () => {
    assert.equal(values.secureUrl('http://img.example/a.jpg', options.secureHosts), 'https://img.example/a.jpg');
    assert.equal(values.secureUrl('http://other.example/a.jpg', options.secureHosts), 'http://other.example/a.jpg');
    assert.equal(values.secureUrl('javascript:alert(1)', options.secureHosts), null);
  });
  it('keeps a link whose host is written as served, as new URL().href writes it; refuses one the URL standard would rewrite', () => {
    assert.equal(values.url(' HTTP://A.Example:80/b/./x/../c '), 'http://a.example/b/c');
    assert.equal(values.url('http://127.0.0.1/x'), 'http://127.0.0.1/x');
    assert.equal(values.url('https://xn--bcher-kva.de/'), 'https://xn--bcher-kva.de/');
    for (const rewritten of ['http://bücher.de/', 'http://0x7f.1/', 'http://1.2.3/', 'http://ex%61mple.com/', 'http://[::1]/', 'http://u:p@h/', 'http://h/a^b'])
      assert.equal(values.url(rewritten), null, rewritten);
  });
  it('converts 12-hour clock times, with midnight closing as 24:00', () => {
    assert.equal(values.clock('11:30am'), '11:30');
    assert.equal(values.clock('12:00pm'), '12:00');
    assert.equal(values.clock('12:00am', true), '24:00');
    assert.equal(values.clock('12:00am', false), '00:00');
    assert.equal(values.clock('9:05 pm'), '21:05');
    assert.equal(values.clock('closed'), null);
  });
});

describe('normalizer: hours', () => {
  it('reads the Publisher periods form: several periods a day, closed days, holiday schedule', () => {
    const hours = normalizeHours({
      Monday: [
        { opening: '05:00pm', closing: '10:00pm', description: 'Dinner' },
        { opening: '11:00am', closing: '02:00pm', description: '' },
      ],
      Tuesday: [{ opening: 'closed', closing: 'closed', description: '' }],
      Saturday: [{ opening: '06:00pm', closing: '02:00am', description: '' }],
      holiday_schedule: ['Closed on Christmas Day'],
    });
    assert.deepEqual(hours?.days.mon, [
      { open: '11:00', close: '14:00', description: null },
      { open: '17:00', close: '22:00', description: 'Dinner' },
    ]);
    assert.deepEqual(hours?.days.tue, []);
    assert.deepEqual(hours?.days.sun, []);
    assert.deepEqual(hours?.days.sat, [{ open: '18:00', close: '02:00', description: null }]);
    assert.deepEqual(hours?.holidaySchedule, ['Closed on Christmas Day']);
  });
  it('reads the feed form {start, end} into the same model', () => {
    const hours = normalizeHours({ mon: { start: '09:00am', end: '05:00pm' }, holidaySchedule: 'Closed July 4' });
    assert.deepEqual(hours?.days.mon, [{ open: '09:00', close: '17:00', description: null }]);
    assert.deepEqual(hours?.holidaySchedule, ['Closed July 4']);
  });
  it('ignores keys that name Object.prototype members (`constructor`, `__proto__`) instead of failing on them (found by the PHP port)', () => {
    const raw = JSON.parse(
      '{"Constructor ": [{"opening": "9am", "closing": "5pm"}], "__proto__": [{"opening": "9am", "closing": "5pm"}], "tue": [{"opening": "9am", "closing": "5pm"}]}',
    );
    const hours = normalizeHours(raw);
    assert.deepEqual(hours?.days.tue, [{ open: '09:00', close: '17:00', description: null }]);
    assert.deepEqual(hours?.days.mon, []);
  });
  it('is null for an empty hours object', () => {
    assert.equal(normalizeHours({}), null);
  });
});

describe('normalizer: resources', () => {
  it('normalizes a Publisher location', () => {
    const r = normalizeLocation(
      {
        location_id: 'test-pizzeria',
        location_nid: 42,
        name: 'Test Pizzeria',
        phone: '',
        time_zone: 'PST',
        published_at: '2020-01-02 03:04:05.000000',
        created: '2020-01-02T03:04:05',
        updated: '2020-01-02T03:04:05.5-08:00',
        location: { address1: '1 Main St', address2: '', city: 'Springfield', state: 'CA', postal_code: '90000', latitude: '34.1', longitude: -118.2 },
        attributes: { take_out: 'true', wheelchair_access: '', average_price: '$$', price_rating: '2', cuisine: ['Pizza'] },
        is_owner_verified: true,
        sp_photos: true,
        website: 'http://img.example/site',
        hours: {},
      },
      options,
    );
    assert.ok(r.ok);
    checkLocation(r.value);
    assert.equal(r.value.numericId, '42');
    assert.equal(r.value.phone, null);
    assert.equal(r.value.timeZone, 'America/Los_Angeles');
    assert.equal(r.value.timeZoneSource, 'upstream');
    assert.equal(r.value.attributes.takeOut, true);
    assert.equal(r.value.attributes.wheelchairAccess, null);
    assert.equal(r.value.attributes.priceRating, 2);
    assert.deepEqual(r.value.cuisines, ['Pizza']);
    assert.equal(r.value.address.line2, null);
    assert.deepEqual(r.value.coordinates, { latitude: 34.1, longitude: -118.2 });
    assert.equal(r.value.updatedAt, '2020-01-02T11:04:05.500Z');
  });
  it('infers the time zone from the coordinates when the upstream gives none or one it cannot read', () => {
    const at = (time_zone: unknown, latitude: unknown, longitude: unknown) => {
      const r = normalizeLocation({ location_id: 'z', name: 'Z', time_zone, location: { latitude, longitude } }, options);
      assert.ok(r.ok);
      return [r.value.timeZone, r.value.timeZoneSource];
    };
    assert.deepEqual(at('', 41.8781, -87.6298), ['America/Chicago', 'inferred']);
    assert.deepEqual(at('', 40.7128, -74.006), ['America/New_York', 'inferred']);
    assert.deepEqual(at('XST', 47.6062, -122.3321), ['America/Los_Angeles', 'inferred']);
    assert.deepEqual(at(null, 33.4484, -112.074), ['America/Phoenix', 'inferred']);
    // The upstream's own zone wins when it can be read, even where the point says otherwise.
    assert.deepEqual(at('EST', 41.8781, -87.6298), ['America/New_York', 'upstream']);
    assert.deepEqual(at('', null, null), [null, null]);
    assert.deepEqual(at('', 95, 10), [null, null]);
  });
  it('normalizes menus: string order numbers, empty calories, secure attribution preferred, dietary flags', () => {
    const r = normalizeMenus(
      [
        {
          id: 7,
          location_id: 'x',
          name: 'Dinner',
          menu_type: 'Listing',
          order_num: '2',
          currency: 'usd',
          attribution_image: 'http://a.example/i.png',
          secure_attribution_image: 'https://a.example/i.png',
          attribution_image_link: 'http://a.example',
          secure_attribution_image_link: 'https://a.example/',
          sections: [
            {
              id: 1,
              name: 'Mains',
              order_num: 1,
              items: [
                {
                  id: 11,
                  name: 'Pie',
                  order_num: '3',
                  photos: [{ photo_id: '9', url: 'http://img.example/p.jpg' }],
                  attributes: { vegan: 'true', spicy: false },
                  choices: [{ name: 'Large', prices: { min: '12.5', max: '' }, calories: { min: '', max: '' }, order_num: 0 }],
                  additions: [],
                },
                { id: 10, name: 'Soup', order_num: 1, choices: [{ prices: null }], additions: [{ name: 'Bread', prices: { min: 1, max: 1 } }] },
              ],
            },
          ],
        },
        'nope',
      ],
      options,
    );
    assert.ok(r.ok);
    assert.equal(r.value.length, 1);
    const menu = r.value[0]!;
    checkMenu(menu);
    assert.equal(menu.type, 'listing');
    assert.equal(menu.currency, 'USD');
    assert.deepEqual(menu.attribution, { image: 'https://a.example/i.png', link: 'https://a.example/' });
    const [soup, pie] = menu.sections[0]!.items;
    assert.equal(soup!.name, 'Soup');
    assert.equal(pie!.order, 3);
    assert.deepEqual(pie!.choices[0]!.price, { min: 12.5, max: 12.5 });
    assert.equal(pie!.choices[0]!.calories, null);
    assert.deepEqual(pie!.dietary, ['vegan']);
    assert.equal(pie!.photos[0]!.url, 'https://img.example/p.jpg');
    assert.equal(soup!.choices[0]!.price, null);
  });
  it('normalizes photo types, Product deliberately as item', () => {
    assert.equal(photoType('Product'), 'item');
    assert.equal(photoType('Interior'), 'interior');
    assert.equal(photoType('selfie'), 'unclassified');
    const r = normalizePhotos(
      [
        {
          photo_id: 5,
          url: 'https://img.example/x.jpg',
          type: 'Exterior',
          source: 'Platform',
          main_image: 'true',
          original_width: 800,
          original_height: 600,
          items: [1, '2'],
        },
      ],
      options,
    );
    assert.ok(r.ok);
    assert.deepEqual(r.value[0], {
      id: '5',
      locationId: '',
      title: null,
      type: 'exterior',
      url: 'https://img.example/x.jpg',
      width: 800,
      height: 600,
      variants: [],
      source: 'platform',
      main: true,
      itemIds: ['1', '2'],
    });
  });
  it('normalizes actions: top form, list form, numeric ids, types by name or number', () => {
    const list = normalizeActionList(
      {
        actions: [
          { id: 1, location_id: 'x', type: 'deal', url: 'https://a.example/o', attributes: { discount_percentage: '0.2', expiration: '2030-01-01T00:00:00Z' } },
        ],
      },
      options,
    );
    assert.ok(list.ok);
    checkAction(list.value[0]);
    assert.equal(list.value[0]!.attributes?.discountPercentage, 0.2);
    const top = normalizeActionList({ action: { id: 2, type: '1', url: 'https://a.example/o' } }, options);
    assert.ok(top.ok);
    assert.equal(top.value[0]!.type, 'foodordering');
    const none = normalizeActionList({ action: null }, options);
    assert.deepEqual(none, { ok: true, value: [] });
  });
  it('computes nearby distances from the centre', () => {
    const r = normalizeNearby(
      [{ action: { id: 1, type: 'deal', url: 'https://a.example' }, location: { id: 'b', name: 'B', latitude: 0, longitude: 1 } }],
      { latitude: 0, longitude: 0 },
      options,
    );
    assert.ok(r.ok);
    assert.ok(Math.abs(r.value[0]!.distance - 111195) < 10);
  });
});

describe('normalizer: property', () => {
  // Arbitrary JSON, plus records that look like the upstream's with arbitrary values in every field.
  const anyJson = fc.jsonValue();
  const field = fc.oneof(anyJson, fc.constantFrom('', 'true', 'closed', '11:00am', '2021-01-01 00:00:00.1', 'PST', 'Product', 'http://img.example/x'));
  const locationLike = fc.record(
    {
      location_id: field,
      location_nid: field,
      name: field,
      phone: field,
      time_zone: field,
      created: field,
      updated: field,
      published_at: field,
      location: fc.record({ address1: field, latitude: field, longitude: field }),
      attributes: fc.dictionary(fc.constantFrom('take_out', 'price_rating', 'cuisine', 'meals_served', 'average_price'), field),
      hours: fc.dictionary(
        fc.constantFrom('Monday', 'sun', 'holiday_schedule', 'Friday'),
        fc.oneof(field, fc.array(fc.record({ opening: field, closing: field, description: field }))),
      ),
    },
    { requiredKeys: [] },
  );
  const menuLike = fc.array(
    fc.record(
      {
        id: field,
        attribution_image: field,
        secure_attribution_image: field,
        order_num: field,
        sections: fc.oneof(
          field,
          fc.array(
            fc.record({
              id: field,
              items: fc.array(fc.record({ id: field, choices: fc.array(fc.record({ prices: field, calories: field })), attributes: field })),
            }),
          ),
        ),
      },
      { requiredKeys: [] },
    ),
  );

  it('never throws and returns the contract shape or a typed error', () => {
    fc.assert(
      fc.property(fc.oneof(anyJson, locationLike), (raw) => {
        const r = normalizeLocation(raw, options);
        if (r.ok) checkLocation(r.value);
        else assert.equal(r.error.kind, 'normalize');
        const s = normalizeLocationSummary(raw);
        if (s.ok) checkSummary(s.value);
        else assert.equal(s.error.kind, 'normalize');
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.oneof(anyJson, menuLike), (raw) => {
        const r = normalizeMenus(raw, options);
        if (r.ok) r.value.forEach(checkMenu);
        else assert.equal(r.error.kind, 'normalize');
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(anyJson, (raw) => {
        const p = normalizePhotos(raw, options);
        if (p.ok) p.value.forEach((x) => assert.ok((PHOTO_TYPES as readonly string[]).includes(x.type)));
        else assert.equal(p.error.kind, 'normalize');
        const a = normalizeActionList(raw, options);
        if (a.ok) a.value.forEach(checkAction);
        else assert.equal(a.error.kind, 'normalize');
        const n = normalizeNearby(raw, null, options);
        if (n.ok) n.value.forEach((x) => checkAction(x.action));
        else assert.equal(n.error.kind, 'normalize');
      }),
      { numRuns: 1000 },
    );
  });
});
