/** The Location Data Feed (spec 000): one record per location, streamed as one JSON array. */
import type { Dataset, LocationRecord } from './dataset/index.ts';
import { clock12, feedDateTime } from './dataset/time.ts';

const DAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/**
 * The feed's hours hold one `{start, end}` per day. Decisions (the spec shows neither case): a day with split
 * periods spans from the first opening to the last closing; a closed day is left out; no published hours
 * leaves only holidaySchedule.
 */
function feedHours(loc: LocationRecord): Record<string, unknown> {
  const hours: Record<string, unknown> = {};
  loc.hours?.forEach((periods, day) => {
    if (periods.length) hours[DAY_KEYS[day]!] = { start: clock12(periods[0]!.open), end: clock12(periods[periods.length - 1]!.close) };
  });
  hours.holidaySchedule = loc.holidaySchedule.join('\n');
  return hours;
}

export function feedRecord(loc: LocationRecord): Record<string, unknown> {
  return {
    id: loc.id,
    externalId: loc.externalId,
    outOfBusiness: loc.outOfBusiness ?? false,
    businessType: loc.businessType,
    publishedAt: feedDateTime(loc.publishedMs),
    general: { name: loc.name, timeZone: loc.timeZone, desc: loc.description, website: loc.website },
    location: {
      address1: loc.address1,
      address2: loc.address2,
      city: loc.city.name,
      region: loc.city.state,
      state: loc.city.state,
      postcode: loc.postalCode,
      zipCode: loc.postalCode,
      country: loc.city.country,
      latitude: loc.latitude,
      longitude: loc.longitude,
    },
    phones: { main: loc.phone, fax: loc.fax },
    hours: feedHours(loc),
    hasPhotos: loc.hasPhotos,
    isOwnerVerified: loc.ownerVerified,
  };
}

/** The feed as text chunks (a few hundred records each), so a million records never sit in memory at once. */
export function* feedChunks(ds: Dataset, recordsPerChunk = 500): Generator<string> {
  yield '[';
  for (let start = 0; start < ds.locationCount; start += recordsPerChunk) {
    const end = Math.min(ds.locationCount, start + recordsPerChunk);
    const parts: string[] = [];
    for (let i = start; i < end; i++) parts.push((i === 0 ? '\n' : ',\n') + JSON.stringify(feedRecord(ds.location(i))));
    yield parts.join('');
  }
  yield '\n]\n';
}

export function feedStream(ds: Dataset): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const chunks = feedChunks(ds);
  return new ReadableStream({
    pull(controller) {
      const next = chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
}
