/**
 * Nearby search over the spatial index (kdbush + geokdbush): nearest locations first, filtered while the tree
 * is walked, never a scan. Results are actions, ordered by distance, ties by action id.
 */
import { around } from 'geokdbush';
import { ACTION_TYPES, BUSINESS_TYPES, type ActionType } from '../../contract/index.ts';
import type { ActionRecord, Dataset } from '../dataset/index.ts';
import { CUISINES } from '../dataset/vocabulary.ts';

export const NEARBY_DEFAULTS = { radius: 1609, maxRadius: 16093, limit: 10, maxLimit: 100 } as const;

export interface NearbyQuery {
  latitude: number;
  longitude: number;
  /** Metres. */
  radius: number;
  limit: number;
  type: ActionType | null;
  ownerVerified?: boolean;
  /** Bit set over BUSINESS_TYPES; `null`: no filter; 0: a filter that matches nothing. */
  businessTypes: number | null;
  /** Bit set over CUISINES; `null`: no filter. */
  cuisines: number | null;
  /** A location index to leave out (nearby_only). */
  exclude?: number;
}

export interface NearbyHit {
  index: number;
  action: ActionRecord;
}

/** Business type fragments (case-insensitive substrings) to a bit set of the types they match. */
export function businessTypeMask(fragments: string[] | null): number | null {
  if (!fragments) return null;
  let mask = 0;
  BUSINESS_TYPES.forEach((type, i) => {
    if (fragments.some((f) => type.toLowerCase().includes(f.toLowerCase()))) mask |= 1 << i;
  });
  return mask;
}

/** Cuisine names (case-insensitive, whole names) to a bit set; unknown names match nothing. */
export function cuisineMask(names: string[] | null): number | null {
  if (!names) return null;
  let mask = 0;
  CUISINES.forEach((cuisine, i) => {
    if (names.some((n) => cuisine.toLowerCase() === n.toLowerCase())) mask |= 1 << i;
  });
  return mask >>> 0;
}

function searchOnce(ds: Dataset, q: NearbyQuery, radius: number): NearbyHit[] {
  const typeBit = q.type ? 1 << ACTION_TYPES.indexOf(q.type) : 0;
  const predicate = (i: number): boolean => {
    const mask = ds.actionMask[i]!;
    if (mask === 0 || (typeBit && !(mask & typeBit)) || i === q.exclude) return false;
    if (q.ownerVerified !== undefined && ds.isOwnerVerified(i) !== q.ownerVerified) return false;
    if (q.businessTypes !== null && !((q.businessTypes >>> ds.businessTypeIndex(i)) & 1)) return false;
    if (q.cuisines !== null && !(ds.cuisineBits(i) & q.cuisines)) return false;
    return true;
  };
  // Every location passing the predicate contributes at least one action, so `limit` locations are enough.
  const indexes = around(ds.spatial, q.longitude, q.latitude, q.limit, radius / 1000, predicate);
  const hits: NearbyHit[] = [];
  for (const index of indexes) {
    for (const action of ds.actions(index)) {
      if (q.type && action.type !== q.type) continue;
      hits.push({ index, action });
      if (hits.length === q.limit) return hits;
    }
  }
  return hits;
}

/** Rule 2 of the nearby endpoint: when nothing is found, search again out to the maximum radius. */
export function searchNearby(ds: Dataset, q: NearbyQuery): NearbyHit[] {
  const hits = searchOnce(ds, q, q.radius);
  if (hits.length || q.radius >= NEARBY_DEFAULTS.maxRadius) return hits;
  return searchOnce(ds, q, NEARBY_DEFAULTS.maxRadius);
}
