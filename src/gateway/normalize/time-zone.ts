/**
 * A location's IANA time zone: the upstream's when it gives one we can read, else inferred from the coordinates.
 *
 * The Publisher API's `time_zone` is one of PST, MST, CST, EST, and "may be an empty string" (spec). Without a zone,
 * "open now" cannot be computed in the merchant's time, so about one location in seven showed no status. A
 * location with coordinates always has a zone: `@photostructure/tz-lookup` answers from a compact offline table
 * (CC0, ~70 KB, no network, no native code, maintained against the timezone-boundary-builder data), on the
 * server only, so no browser pays for it.
 */
import tzLookup from '@photostructure/tz-lookup';
import type { Coordinates, TimeZoneSource } from '../../contract/index.ts';
import { timeZone, type Json } from './values.ts';

export interface LocationTimeZone {
  timeZone: string | null;
  /** Where the zone came from; null when there is none. */
  timeZoneSource: TimeZoneSource | null;
}

export function locationTimeZone(upstream: Json, coordinates: Coordinates | null): LocationTimeZone {
  const given = timeZone(upstream);
  if (given) return { timeZone: given, timeZoneSource: 'upstream' };
  const inferred = coordinates ? inferTimeZone(coordinates) : null;
  if (inferred) return { timeZone: inferred, timeZoneSource: 'inferred' };
  return { timeZone: null, timeZoneSource: null };
}

/** The zone at a point; null when the lookup cannot answer (it throws on invalid input). */
export function inferTimeZone({ latitude, longitude }: Coordinates): string | null {
  try {
    return tzLookup(latitude, longitude) || null;
  } catch {
    return null;
  }
}
