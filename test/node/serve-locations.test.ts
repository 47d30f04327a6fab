/** The configurator's location directory, over a small fake data set. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDirectory, type DirectorySource } from '../../demo/server/locations.ts';

const rows = [
  { name: 'Blue Bottle Coffee', city: 'Chicago', type: 'Coffee Shop', menus: true, photos: false, actions: false },
  { name: 'Café Olé', city: 'São Paulo', type: 'Restaurant', menus: true, photos: true, actions: true },
  { name: 'Chicago Pizza', city: 'New York', type: 'Restaurant', menus: false, photos: true, actions: true },
  { name: 'Zebra Bar', city: 'Chicago', type: 'Bars & Clubs', menus: false, photos: false, actions: false },
];
const source: DirectorySource = {
  locationCount: rows.length,
  location: (i) => ({
    id: `loc-${i}`,
    name: rows[i]!.name,
    businessType: rows[i]!.type,
    cuisines: [],
    city: { name: rows[i]!.city },
    address1: `${i} Main St`,
    hasMenus: rows[i]!.menus,
    hasPhotos: rows[i]!.photos,
  }),
  hasActions: (i) => rows[i]!.actions,
};

test('search matches every word in name, city or type, accent- and case-insensitively', () => {
  const directory = createDirectory(source);
  assert.deepEqual(
    directory.search('chicago').map((l) => l.id),
    ['loc-2', 'loc-0', 'loc-3'],
  );
  assert.deepEqual(
    directory.search('cafe ole').map((l) => l.id),
    ['loc-1'],
  );
  assert.deepEqual(
    directory.search('SAO paulo restaurant').map((l) => l.id),
    ['loc-1'],
  );
  assert.deepEqual(directory.search('nowhere'), []);
  assert.equal(directory.search('', 2).length, 2);
});

test('the featured location is the first with menus, photos and actions; get finds by id', () => {
  const directory = createDirectory(source);
  assert.equal(directory.featured().id, 'loc-1');
  assert.equal(directory.get('loc-3')?.name, 'Zebra Bar');
  assert.equal(directory.get('nope'), undefined);
  assert.equal(directory.size, 4);
});

test('the directory is bounded, so a benchmark-sized data set does not slow the demo start', () => {
  const big: DirectorySource = { ...source, locationCount: 1_000_000, location: (i) => source.location(i % 4), hasActions: (i) => source.hasActions(i % 4) };
  assert.equal(createDirectory(big, 10).size, 10);
});
