/**
 * The Publisher API's location record (spec 002), with the inconsistencies its samples document, chosen per
 * location and field deterministically: three datetime shapes, location_nid as number or string or absent,
 * has_menus / has_hours sometimes absent, hasPhotos or has_photos in list results.
 */
import { Rng } from '../dataset/random.ts';
import { clock12, publisherDateTime, type PublisherDateShape } from '../dataset/time.ts';
import type { LocationRecord } from '../dataset/index.ts';

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function renderHours(loc: LocationRecord, list: boolean): Record<string, unknown> {
  if (!loc.hours) return {}; // an empty hours object: no hours published
  const hours: Record<string, unknown> = {};
  loc.hours.forEach((periods, day) => {
    hours[DAY_NAMES[day]!] = periods.length
      ? periods.map((p) => ({ opening: clock12(p.open), closing: clock12(p.close), description: p.description }))
      : [{ opening: 'closed', closing: 'closed', description: '' }];
  });
  if (list) hours.holiday_schedule = loc.holidaySchedule;
  return hours;
}

export function renderPublisherLocation(loc: LocationRecord, seed: number, list: boolean): Record<string, unknown> {
  const quirks = Rng.for(seed, loc.index, 'publisher-quirks');
  const date = (ms: number) => publisherDateTime(ms, quirks.int(0, 2) as PublisherDateShape, loc.city.utcOffset);
  // test-pizzeria keeps every field, so tests that need one can rely on it.
  const omit = () => loc.index !== 0 && quirks.chance(0.1);
  const out: Record<string, unknown> = { location_id: loc.id };
  const nid = quirks.next();
  if (!omit()) out.location_nid = nid < 0.2 ? String(loc.numericId) : loc.numericId;
  if (!omit()) out.has_menus = loc.hasMenus;
  out.published_at = date(loc.publishedMs);
  out.out_of_business = false;
  if (!omit()) out.has_hours = loc.hours !== null;
  out.location = {
    address1: loc.address1,
    address2: loc.address2,
    city: loc.city.name,
    state: loc.city.state,
    country: loc.city.country,
    postal_code: loc.postalCode,
    latitude: loc.latitude,
    longitude: loc.longitude,
    cross_street: loc.crossStreet,
    neighborhood: loc.neighborhood,
    directions: loc.directions,
  };
  out.sp_photos = loc.hasPhotos;
  if (list) {
    if (quirks.chance(0.5)) out.hasPhotos = loc.hasPhotos;
    else out.has_photos = loc.hasPhotos;
  }
  out.email = loc.email;
  out.website = loc.website;
  out.updated = date(loc.updatedMs);
  out.description = loc.description;
  out.hours = renderHours(loc, list);
  out.phone = loc.phone;
  out.business_type = loc.businessType;
  out.is_owner_verified = loc.ownerVerified;
  out.is_published = true;
  out.name = loc.name;
  out.created = date(loc.createdMs);
  out.foreign_ids = loc.foreignIds;
  out.time_zone = loc.timeZone;
  out.attributes = loc.attributes;
  return out;
}
