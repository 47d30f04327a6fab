/**
 * The contract's directory search (src/contract/directory.ts) read literally: every location folded and checked,
 * every match sorted. No index: the reference the store's answers are tested against (test/node/directory-store.test.ts)
 * and the baseline the benchmark measures the store beside (bench/directory.ts).
 */
import type { DirectoryEntry } from '../../contract/index.ts';
import { compareCodePoints, distanceMetres, nameKeyOf, nameTier, wordsOf } from '../../contract/directory.ts';
import type { DirectoryPage, DirectoryRecord, DirectorySearch } from './store.ts';

export function scanSearch(records: Iterable<DirectoryRecord>, { words, near, offset, limit }: DirectorySearch): DirectoryPage {
  const matches: Array<{ record: DirectoryRecord; tier: number; distance: number | null; key: string }> = [];
  for (const record of records) {
    const name = wordsOf(record.name);
    const all = [
      ...name,
      ...wordsOf(record.address),
      ...wordsOf(record.city),
      ...wordsOf(record.region),
      ...wordsOf(record.businessType),
      ...record.cuisines.flatMap((cuisine) => wordsOf(cuisine)),
    ];
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
  const results: DirectoryEntry[] = matches.slice(offset, offset + limit).map(({ record, distance }) => ({
    id: record.id,
    name: record.name,
    address: record.address,
    city: record.city,
    region: record.region,
    businessType: record.businessType,
    cuisines: record.cuisines,
    hasMenus: record.hasMenus,
    hasPhotos: record.hasPhotos,
    hasActions: record.hasActions,
    distance,
  }));
  return { total: matches.length, results };
}
