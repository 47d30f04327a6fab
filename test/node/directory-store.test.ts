/**
 * The directory's store (src/gateway/directory/store.ts) answers the contract's search exactly as the contract's
 * rules read literally (scan.ts, no index): over random locations and queries (accents, repeated words, names with
 * the query's words in another field, points), with changes kept aside after an index and after a reindex.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { foldText, nameTier, wordsOf } from '../../src/contract/directory.ts';
import { DirectoryStore, type DirectoryRecord, type DirectorySearch } from '../../src/gateway/directory/store.ts';
import { scanSearch } from '../../src/gateway/directory/scan.ts';

const WORDS = [
  'Pizza',
  'pizzeria',
  'Café',
  'CAFE',
  'Crème',
  'nonna',
  "Nonna's",
  'Rosa',
  'Napoli',
  'Nap',
  'Main',
  'St',
  'Bar',
  'Barista',
  '寿司',
  'Ünal',
  'Zoë',
  '7-Eleven',
];
const word = fc.constantFrom(...WORDS);
const phrase = (max: number) => fc.array(word, { minLength: 1, maxLength: max }).map((words) => words.join(' '));
const orNull = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });

const record = (id: number): fc.Arbitrary<DirectoryRecord> =>
  fc
    .record({
      id: fc.constant(`loc-${String(id).padStart(3, '0')}`),
      name: phrase(4),
      address: orNull(phrase(3)),
      city: orNull(fc.constantFrom('New York', 'Napa', 'São Paulo')),
      region: orNull(fc.constantFrom('NY', 'CA')),
      businessType: orNull(fc.constantFrom('Restaurant', 'Coffee Shop', 'Bars & Clubs')),
      cuisines: fc.subarray(['Pizza', 'Italian', 'Café']),
      latitude: orNull(fc.double({ min: 40.6, max: 40.8, noNaN: true })),
      longitude: fc.double({ min: -74.1, max: -73.9, noNaN: true }),
      hasMenus: orNull(fc.boolean()),
      hasPhotos: orNull(fc.boolean()),
      hasActions: fc.boolean(),
      updated: fc.nat(),
    })
    .map((r) => ({ ...r, longitude: r.latitude === null ? null : r.longitude }));

const records = fc.integer({ min: 1, max: 60 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => record(i))));

const search: fc.Arbitrary<DirectorySearch> = fc.record({
  words: fc.array(
    word.chain((w) => fc.integer({ min: 1, max: 6 }).map((n) => wordsOf(w)[0]!.slice(0, n))),
    { maxLength: 3 },
  ),
  near: fc.option(fc.record({ latitude: fc.constant(40.7), longitude: fc.constant(-74), radius: fc.integer({ min: 100, max: 20_000 }) }), { nil: undefined }),
  offset: fc.integer({ min: 0, max: 5 }),
  limit: fc.integer({ min: 1, max: 10 }),
});

describe('the directory store', () => {
  it('answers as the rules read literally, indexed, with changes aside, and reindexed', () => {
    fc.assert(
      fc.property(records, records, fc.array(search, { minLength: 1, maxLength: 5 }), (first, changes, searches) => {
        const store = new DirectoryStore();
        for (const r of first) store.upsert(r);
        store.reindex();
        const current = new Map(first.map((r) => [r.id, r]));
        const check = (when: string) => {
          for (const s of searches) {
            if (!s.words.length && !s.near) continue;
            assert.deepEqual(store.search(s), scanSearch(current.values(), s), `${when}: ${JSON.stringify(s)}`);
          }
        };
        check('indexed');
        // Renames, new locations and removals after the index: kept aside, searchable at once.
        changes.forEach((r, i) => {
          const changed = { ...r, id: i % 3 === 0 ? `new-${i}` : r.id };
          store.upsert(changed);
          current.set(changed.id, changed);
        });
        for (const id of [...current.keys()].filter((_, i) => i % 7 === 3)) {
          store.remove(id);
          current.delete(id);
        }
        assert.equal(store.size, current.size);
        check('with changes aside');
        store.reindex();
        check('reindexed');
      }),
      { numRuns: 80 },
    );
  });

  it('folds case and accents, splits on everything but letters and digits', () => {
    assert.equal(foldText('Café Crème ÜNAL'), 'cafe creme unal');
    assert.deepEqual(wordsOf("Nonna's  <b>Pizza</b> *%_ 7-Eleven 寿司"), ['nonna', 's', 'b', 'pizza', 'b', '7', 'eleven', '寿司']);
    assert.deepEqual(wordsOf('***'), []);
    assert.equal(nameTier(['pizza', 'nap'], ['pizza', 'napoli', 'express']), 0);
    assert.equal(nameTier(['nap'], ['pizza', 'napoli']), 1);
    assert.equal(nameTier(['piz', 'nap'], ['pizzeria', 'napoli']), 1, 'every word but the last must be whole for tier 0');
  });

  it('finds a renamed location under its new name only, before and after a reindex', () => {
    const store = new DirectoryStore();
    const base: DirectoryRecord = {
      id: 'a',
      name: 'Old Name Diner',
      address: null,
      city: 'Boston',
      region: 'MA',
      businessType: 'Restaurant',
      cuisines: [],
      latitude: null,
      longitude: null,
      hasMenus: true,
      hasPhotos: true,
      hasActions: false,
      updated: 1,
    };
    store.upsert(base);
    store.reindex();
    store.upsert({ ...base, name: 'Fresh Title Kitchen' });
    const find = (q: string) => store.search({ words: wordsOf(q), offset: 0, limit: 5 }).results.map((r) => r.name);
    assert.deepEqual(find('fresh'), ['Fresh Title Kitchen']);
    assert.deepEqual(find('old name'), []);
    store.reindex();
    assert.deepEqual(find('fresh tit'), ['Fresh Title Kitchen']);
    assert.deepEqual(find('diner'), []);
  });
});
