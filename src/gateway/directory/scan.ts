/**
 * The contract's directory search (src/contract/directory.ts) read literally: every location folded and checked,
 * every match sorted. No index: the reference the store's answers are tested against (test/node/directory-store.test.ts)
 * and the baseline the benchmark measures the store beside (bench/directory.ts).
 */
import { compareCodePoints, distanceMetres, nameKeyOf, nameTier, wordsOf } from '../../contract/directory.ts';
import { directoryEntry, type DirectoryPage, type DirectoryRecord, type DirectorySearch } from './store.ts';

/** Rule 3, what is searched: a location's name words, and all its words (name, address, city, region, type, cuisines). */
export function searchedWords(record: DirectoryRecord): { name: string[]; all: string[] } {
  const name = wordsOf(record.name);
  const all = [
    ...name,
    ...wordsOf(record.address),
    ...wordsOf(record.city),
    ...wordsOf(record.region),
    ...wordsOf(record.businessType),
    ...record.cuisines.flatMap((cuisine) => wordsOf(cuisine)),
  ];
  return { name, all };
}

export function scanSearch(records: Iterable<DirectoryRecord>, { words, near, offset, limit }: DirectorySearch): DirectoryPage {
  const matches: Array<{ record: DirectoryRecord; tier: number; distance: number | null; key: string }> = [];
  for (const record of records) {
    const { name, all } = searchedWords(record);
    if (!words.every((word) => all.some((w) => w.startsWith(word)))) continue;
    let distance: number | null = null;
    if (near) {
      if (record.latitude === null || record.longitude === null) continue;
      distance = distanceMetres(near.latitude, near.longitude, record.latitude, record.longitude);
      if (distance > near.radius) continue;
    }
    matches.push({ record, tier: nameTier(words, name), distance, key: nameKeyOf(record.name) });
  }
  matches.sort(
    (a, b) => a.tier - b.tier || (a.distance ?? 0) - (b.distance ?? 0) || compareCodePoints(a.key, b.key) || compareCodePoints(a.record.id, b.record.id),
  );
  const results = matches.slice(offset, offset + limit).map(({ record, distance }) => directoryEntry(record, distance));
  return { total: matches.length, results };
}
