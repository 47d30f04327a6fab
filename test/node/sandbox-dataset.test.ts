import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ACTION_TYPES, BUSINESS_TYPES } from '../../src/contract/index.ts';
import { Dataset } from '../../src/sandbox/dataset/index.ts';
import { clock12, parseDate, parseRfc3339, publisherDateTime } from '../../src/sandbox/dataset/time.ts';
import { ITEM_KINDS, KITCHENS, MEAT_AND_FISH_WORDS, type ItemKind, type KindName } from '../../src/sandbox/dataset/dishes.ts';
import { FEATURED_LOCATIONS } from '../../src/sandbox/dataset/draws.ts';

const ORIGIN = 'http://x';
const snapshot = (ds: Dataset, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    location: ds.location(i),
    actions: ds.actions(i),
    menus: ds.menus(i, ORIGIN),
    photos: ds.photos(i, ORIGIN),
  }));

describe('data set generator', () => {
  it('is deterministic: the same seed gives identical output, another seed differs', () => {
    const a = new Dataset({ locations: 150, seed: 42 });
    const b = new Dataset({ locations: 150, seed: 42 });
    const c = new Dataset({ locations: 150, seed: 43 });
    assert.deepEqual(snapshot(a, 150), snapshot(b, 150));
    assert.notDeepEqual(snapshot(a, 150).slice(1), snapshot(c, 150).slice(1));
    // Derivation on demand gives the same value every time (nothing depends on call order).
    assert.deepEqual(a.menus(7, ORIGIN), a.menus(7, ORIGIN));
  });

  it('a location does not depend on the size of the data set, except its update time', () => {
    const small = new Dataset({ locations: 50, seed: 1 });
    const large = new Dataset({ locations: 5000, seed: 1 });
    for (let i = 0; i < 50; i++) {
      const { updatedMs: _s, createdMs: _c, publishedMs: _p, ...a } = small.location(i);
      const { updatedMs: _s2, createdMs: _c2, publishedMs: _p2, ...b } = large.location(i);
      assert.deepEqual(a, b);
    }
  });

  it('ids are readable slugs that parse back to their index; unknown ids are -1', () => {
    const ds = new Dataset({ locations: 300, seed: 1 });
    const ids = [...ds.ids()];
    assert.equal(ids[0], 'test-pizzeria');
    assert.equal(new Set(ids).size, ids.length);
    ids.forEach((id, i) => {
      assert.match(id, /^[a-z0-9]+(-[a-z0-9]+)*$/);
      assert.equal(ds.indexOf(id), i);
    });
    assert.match(ids[42]!, /-0042$/);
    for (const bad of ['', 'x', 'bella-pizzeria-nyc-0300', ids[5]!.replace(/-0005$/, '-0006'), `${ids[5]}x`]) assert.equal(ds.indexOf(bad), -1, bad);
  });

  it('covers every business type, every action type, owner-verified and not, several cities and time zones', () => {
    const ds = new Dataset({ locations: 2000, seed: 1 });
    const types = new Set<number>();
    const actions = new Set<string>();
    const zones = new Set<string>();
    const cities = new Set<string>();
    let verified = 0;
    for (let i = 0; i < ds.locationCount; i++) {
      types.add(ds.businessTypeIndex(i));
      for (const t of ds.actionTypes(i)) actions.add(t);
      if (ds.isOwnerVerified(i)) verified++;
      if (i < 300) {
        const loc = ds.location(i);
        zones.add(loc.timeZone);
        cities.add(loc.city.name);
      }
    }
    assert.equal(types.size, BUSINESS_TYPES.length);
    assert.deepEqual([...actions].sort(), [...ACTION_TYPES].sort());
    assert.ok(verified > 0 && verified < ds.locationCount);
    assert.deepEqual([...zones].sort(), ['', 'CST', 'EST', 'MST', 'PST']);
    assert.ok(cities.size >= 8);
  });

  it('keeps the action type mask in step with the derived actions', () => {
    const ds = new Dataset({ locations: 500, seed: 3 });
    for (let i = 0; i < ds.locationCount; i++) {
      let mask = 0;
      for (const a of ds.actions(i)) mask |= 1 << ACTION_TYPES.indexOf(a.type);
      assert.equal(ds.actionMask[i], mask);
    }
  });

  it('touch moves a location to the end of the update order', () => {
    const ds = new Dataset({ locations: 100, seed: 1 });
    const before = ds.updatedPage(0, null, 1000).indexes;
    const target = before[10]!;
    ds.touch(target, Date.UTC(2030, 0, 1));
    const after = ds.updatedPage(0, null, 1000).indexes;
    assert.equal(after.length, 100);
    assert.equal(after[after.length - 1], target);
    assert.deepEqual(
      after.slice(0, -1),
      before.filter((i) => i !== target),
    );
  });

  it('builds a million locations well under 2 GiB (time is measured in bench/sandbox-nearby.ts)', () => {
    const before = process.memoryUsage().rss;
    const ds = new Dataset({ locations: 1_000_000, seed: 1 });
    assert.equal(ds.locationCount, 1_000_000);
    assert.ok(process.memoryUsage().rss - before < 1024 ** 3);
    assert.equal(ds.indexOf(ds.idAt(999_999)), 999_999);
    assert.deepEqual(ds.location(123_456), new Dataset({ locations: 1_000_000, seed: 1 }).location(123_456));
  });
});

describe('date-time shapes', () => {
  const ms = Date.UTC(2024, 2, 1, 17, 5, 9, 250);
  const cases: Array<[string, string]> = [
    [publisherDateTime(ms, 0, -5), '2024-03-01T17:05:09'],
    [publisherDateTime(ms, 1, -5), '2024-03-01 17:05:09.250000'],
    [publisherDateTime(ms, 2, -5), '2024-03-01T12:05:09.250000-05:00'],
    [publisherDateTime(ms, 2, 1), '2024-03-01T18:05:09.250000+01:00'],
    [clock12(0), '12:00am'],
    [clock12(11 * 60 + 30), '11:30am'],
    [clock12(12 * 60), '12:00pm'],
    [clock12(17 * 60 + 5), '05:05pm'],
    [clock12(24 * 60), '12:00am'],
  ];
  for (const [actual, expected] of cases) it(`${expected}`, () => assert.equal(actual, expected));

  it('parses RFC 3339 and dates strictly', () => {
    assert.equal(parseRfc3339('2024-03-01T12:05:09.250000-05:00'), ms);
    assert.equal(parseRfc3339('2024-03-01T17:05:09.250Z'), ms);
    for (const bad of ['2024-03-01', 'now', '2024-03-01T25:00:00Z', '2024-03-01T12:00:00']) assert.equal(parseRfc3339(bad), null, bad);
    assert.equal(parseDate('2024-02-29'), Date.UTC(2024, 1, 29));
    for (const bad of ['2023-02-29', '2024-2-1', '20240201']) assert.equal(parseDate(bad), null, bad);
  });
});

describe('the default data set reads like real places (200 locations, seed 1)', () => {
  const ds = new Dataset({ locations: 200, seed: 1 });
  const all = Array.from({ length: ds.locationCount }, (_, i) => ({ index: i, location: ds.location(i), menus: ds.menus(i, ORIGIN) }));
  /** Every item, with its section and menu. */
  const items = all.flatMap(({ index, location, menus }) =>
    menus.flatMap((menu) => menu.sections.flatMap((section: any) => section.items.map((item: any) => ({ index, location, menu, section, item })))),
  );
  /** A dish's kind, from the catalogue, by its name (names are unique within a kitchen, and a name has one kind everywhere). */
  const kindOf = new Map<string, KindName>(
    Object.values(KITCHENS).flatMap((kitchen) => kitchen.sections.flatMap((section) => section.dishes.map(([name, kind]) => [name, kind] as const))),
  );

  it('has menus to check', () => {
    assert.ok(items.length > 1000, `${items.length} items`);
  });

  it('no item marked vegan or vegetarian names meat or fish', () => {
    const words = new RegExp(`(?<!\\p{L})(${MEAT_AND_FISH_WORDS.join('|')})(s|es)?(?!\\p{L})`, 'iu');
    const wrong = items.filter(({ item }) => (item.attributes.vegan || item.attributes.vegetarian) && words.test(`${item.name} ${item.description}`));
    assert.deepEqual(
      wrong.map(({ item }) => `${item.name}: ${item.description}`),
      [],
    );
    assert.ok(items.some(({ item }) => item.attributes.vegan) && items.some(({ item }) => item.attributes.vegetarian), 'the flags are used');
  });

  it('marks both kinds of dietary flag, each only where the ingredients agree (a "free of" flag never on a dish that has it)', () => {
    const marked = (flag: string) => items.filter(({ item }) => item.attributes[flag]);
    for (const flag of ['dairy-free', 'egg-free', 'peanut-free', 'tree-nut-free', 'dairy', 'egg', 'fish', 'soy', 'wheat'])
      assert.ok(marked(flag).length > 0, `some dish is marked ${flag}`);
    for (const [free, has] of [
      ['dairy-free', 'dairy'],
      ['egg-free', 'egg'],
      ['peanut-free', 'peanut'],
      ['tree-nut-free', 'tree-nut'],
      ['shellfish-free', 'shellfish'],
      ['soy-free', 'soy'],
      ['gluten-free', 'wheat'],
    ])
      assert.deepEqual(
        marked(free)
          .filter(({ item }) => item.attributes[has])
          .map(({ item }) => item.name),
        [],
        `nothing is marked both ${free} and ${has}`,
      );
  });

  it("every featured location's menus are in its country's currency", () => {
    // ISO 4217, written here rather than read from the generator's city table.
    const CURRENCY: Record<string, string> = { US: 'USD', CA: 'CAD', GB: 'GBP', FR: 'EUR' };
    const featured = all.filter(({ index }) => index < FEATURED_LOCATIONS);
    assert.ok(featured.some(({ menus }) => menus.length > 0));
    for (const { location, menus } of featured) {
      for (const menu of menus) assert.equal(menu.currency, CURRENCY[location.city.country], `${location.id} ${menu.name}`);
    }
  });

  it("every choice's label and unit, and every add-on, come from those allowed for its item's kind", () => {
    for (const { location, item } of items) {
      const kindName = kindOf.get(item.name);
      assert.ok(kindName, `${location.id}: "${item.name}" is in the catalogue`);
      const kind: ItemKind = ITEM_KINDS[kindName];
      const labels = kind.choices.map(([label]) => label);
      for (const choice of item.choices) {
        assert.ok(labels.includes(choice.name), `${item.name} (${kindName}): choice "${choice.name}" not in ${labels.join(' / ')}`);
        assert.equal(choice.unit, kind.unit, `${item.name} (${kindName}): unit`);
      }
      for (const addition of item.additions) assert.ok(kind.additions?.includes(addition.name), `${item.name} (${kindName}): add-on "${addition.name}"`);
    }
  });

  it('a place serves its own kitchen: a pizzeria has pizzas, a salon has services, no dish is on a salon menu', () => {
    const pizzeria = all[0]!;
    assert.ok(pizzeria.menus.some((menu) => menu.sections.some((section: any) => section.name === 'Pizzas')));
    for (const { location, menus } of all.filter(({ location }) => location.businessType === 'Spas & Salons')) {
      for (const menu of menus) {
        assert.equal(menu.menu_type, 'Listing', location.id);
        for (const section of menu.sections)
          for (const item of section.items) assert.ok(['timed', 'service'].includes(kindOf.get(item.name)!), `${location.id}: ${item.name}`);
      }
    }
  });
});
