/**
 * The sandbox's data set tells one consistent story (issue 19): the showcase restaurant has a real-sounding name;
 * one price per dish per place; an address, neighbourhood, cross street and map pin that agree; a price level that
 * fits the kind of place; a photo gallery without repeated or bare "Photo" titles, dish photos that show their dish,
 * and call-to-action icons that are pictures, not a letter.
 *
 *   node --import tsx --test test/node/sandbox-showcase-data.test.ts
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Dataset } from '../../src/sandbox/dataset/index.ts';
import * as vocabulary from '../../src/sandbox/dataset/vocabulary.ts';
import * as dishes from '../../src/sandbox/dataset/dishes.ts';
import { assetSvg, photoSvg } from '../../src/sandbox/publisher/images.ts';
import { SANDBOX_DEFAULTS } from '../../src/sandbox/server.ts';
import { createDirectory } from '../../demo/server/locations.ts';

const ds = new Dataset({ locations: SANDBOX_DEFAULTS.locations, seed: SANDBOX_DEFAULTS.seed });
const ORIGIN = 'http://sandbox.test';
const indexes = Array.from({ length: ds.locationCount }, (_, i) => i);

test('the showcase restaurant has a real-sounding name and website', () => {
  const featured = createDirectory(ds).featured();
  const location = ds.location(ds.indexOf(featured.id));
  assert.doesNotMatch(location.name, /\btest\b/i);
  assert.doesNotMatch(location.website, /test/i);
  assert.doesNotMatch(location.description, /\btest\b/i);
});

test('one price per dish per place, across all its menus', () => {
  for (const i of indexes) {
    const prices = new Map<string, string>();
    for (const menu of ds.menus(i, ORIGIN)) {
      for (const section of menu.sections) {
        for (const item of section.items) {
          const price = JSON.stringify(item.choices.map((c: { prices: unknown }) => c.prices));
          const seen = prices.get(item.name);
          assert.ok(seen === undefined || seen === price, `${ds.idAt(i)}: ${item.name} costs ${seen} on one menu and ${price} on another`);
          prices.set(item.name, price);
        }
      }
    }
  }
});

test('address, neighbourhood, cross street and map pin agree', () => {
  const areas = (vocabulary as Record<string, unknown>).AREAS as
    Record<string, Array<{ name: string; latitude: number; longitude: number; streets: string[] }>> | undefined;
  assert.ok(areas, "the data set knows each city's neighbourhoods");
  for (const i of indexes) {
    const l = ds.location(i);
    const area = areas[l.city.code]!.find((a) => a.name === l.neighborhood);
    assert.ok(area, `${l.id}: ${l.neighborhood} is a neighbourhood of ${l.city.name}`);
    const street = l.address1.replace(/^\d+ /, '');
    assert.ok(area.streets.includes(street), `${l.id}: ${street} runs through ${area.name}`);
    if (l.crossStreet) assert.ok(area.streets.includes(l.crossStreet) && l.crossStreet !== street, `${l.id}: cross street ${l.crossStreet} in ${area.name}`);
    const km = Math.hypot((l.latitude - area.latitude) * 111.32, (l.longitude - area.longitude) * 111.32 * Math.cos((area.latitude * Math.PI) / 180));
    assert.ok(km < 2, `${l.id}: the pin is ${km.toFixed(1)} km from ${area.name}`);
    // And no other neighbourhood of the city is nearer the pin than its own.
    for (const other of areas[l.city.code]!) {
      const d = Math.hypot((l.latitude - other.latitude) * 111.32, (l.longitude - other.longitude) * 111.32 * Math.cos((other.latitude * Math.PI) / 180));
      assert.ok(d >= km - 1e-9, `${l.id}: the pin is nearer ${other.name} than ${area.name}`);
    }
    if (l.description) assert.match(l.description, new RegExp(`in ${area.name}, ${l.city.name}`));
  }
});

test('a price level that fits the kind of place, and price_rating agrees with it', () => {
  let pizzerias = 0;
  for (const i of indexes) {
    const l = ds.location(i);
    const band = String(l.attributes.average_price);
    if (band) assert.equal(String(l.attributes.price_rating), String(band.length), `${l.id}: ${band} and rating ${l.attributes.price_rating}`);
    if (l.cuisines.includes('Pizza') || l.businessType === 'Bakery' || l.businessType === 'Coffee Shop') {
      pizzerias++;
      assert.ok(band.length <= 2, `${l.id} (${l.businessType}, ${l.cuisines.join(', ')}) is priced ${band}`);
    }
  }
  assert.ok(pizzerias > 0);
  assert.ok(String(ds.location(0).attributes.average_price).length <= 2, 'the showcase pizzeria is $ or $$');
});

test('price_rating spans the spec\'s range, 1 to 5 (what <merchant-location> reads out as "Price level n of 5")', () => {
  const ratings = new Set(indexes.map((i) => Number(ds.location(i).attributes.price_rating)));
  assert.deepEqual([...ratings].sort(), [1, 2, 3, 4, 5]);
});

test('a gallery never repeats a title, and no photo is captioned just "Photo"', () => {
  for (const i of indexes) {
    const titles = ds
      .photos(i, ORIGIN)
      .filter((p) => p.items.length === 0)
      .map((p) => p.title as string);
    assert.equal(new Set(titles).size, titles.length, `${ds.idAt(i)}: ${titles.join(', ')}`);
    assert.ok(!titles.includes('Photo'), `${ds.idAt(i)}: a photo captioned "Photo"`);
  }
});

test('a dish photo shows its dish: a pizza, a pasta, a salad, a dessert and a glass of wine are different pictures', () => {
  const kindOf = (dishes as Record<string, unknown>).dishKindOf as ((name: string) => string | undefined) | undefined;
  assert.equal(typeof kindOf, 'function', 'the sandbox knows which kind of dish a photo shows');
  // The picture's shape without its numbers and colours: what is drawn, not where or in which colour.
  const shape = (name: string) =>
    photoSvg(400, 300, name, 'item', kindOf!(name))
      .replace(/<title>.*<\/title>/, '')
      .replace(/"[^"]*"/g, '""');
  const shapes = ['Margherita', 'Cacio e Pepe', 'Caesar', 'Tiramisu', 'Chianti Classico'].map(shape);
  assert.equal(new Set(shapes).size, shapes.length, 'five kinds of dish, five different pictures');
});

test('call-to-action icons are pictures, not a letter in a circle', () => {
  for (const type of ['foodordering', 'deal', 'coupon', 'giftcard', 'foodreservation', 'booking', 'joinmailinglist', 'other']) {
    const svg = assetSvg('cta', `${type}.svg`.replace('.svg', ''));
    assert.doesNotMatch(svg, /<text/, `${type}: no lettering`);
  }
});

test('no repeated headings: no section is named like its menu, no menu description is "<menu> at <place>"', () => {
  for (const i of indexes) {
    const name = ds.location(i).name;
    for (const menu of ds.menus(i, ORIGIN)) {
      const sections = menu.sections.map((s: { name: string }) => s.name);
      assert.ok(!sections.includes(menu.name), `${ds.idAt(i)}: "${menu.name}" has a section "${menu.name}"`);
      assert.ok(
        !String(menu.description).includes(menu.name) && !String(menu.description).includes(name),
        `${ds.idAt(i)}: "${menu.name}" is described as "${menu.description}"`,
      );
    }
  }
});
