/**
 * The Publisher API's location record (spec 002), from the data set's, with the inconsistencies its samples
 * document, chosen per location and field deterministically: three datetime shapes, location_nid as number or
 * string or absent, has_menus / has_hours sometimes absent, hasPhotos or has_photos in list results.
 */
import type { PublisherHours, PublisherLocation } from '../../upstream/shapes.ts';
import { Rng } from '../dataset/random.ts';
import { clock12, publisherDateTime, type PublisherDateShape } from '../dataset/time.ts';
import type { LocationRecord } from '../dataset/index.ts';

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function hoursJson(loc: LocationRecord, list: boolean): PublisherHours {
  if (!loc.hours) return {}; // an empty hours object: no hours published
  const hours: PublisherHours = {};
  loc.hours.forEach((periods, day) => {
    hours[DAY_NAMES[day]!] = periods.length
      ? periods.map((p) => ({ opening: clock12(p.open), closing: clock12(p.close), description: p.description }))
      : [{ opening: 'closed', closing: 'closed', description: '' }];
  });
  if (list) hours.holiday_schedule = loc.holidaySchedule;
  return hours;
}

/** The record as `GET /locations/<id>/` gives it, or (`list`) as one of `updated_since`'s results. */
export function publisherLocationJson(loc: LocationRecord, seed: number, list: boolean): PublisherLocation {
  const quirks = Rng.for(seed, loc.index, 'publisher-quirks');
  const date = (ms: number) => publisherDateTime(ms, quirks.int(0, 2) as PublisherDateShape, loc.city.utcOffset);
  // test-pizzeria keeps every field, so tests that need one can rely on it.
  const omit = () => loc.index !== 0 && quirks.chance(0.1);
  // The draws happen in this order whatever is kept, so every location's quirks stay what they were.
  const nid = quirks.next();
  const location_nid = omit() ? undefined : nid < 0.2 ? String(loc.numericId) : loc.numericId;
  const has_menus = omit() ? undefined : loc.hasMenus;
  const published_at = date(loc.publishedMs);
  const has_hours = omit() ? undefined : loc.hours !== null;
  const photosSpelling = list ? (quirks.chance(0.5) ? 'hasPhotos' : 'has_photos') : null;
  return {
    location_id: loc.id,
    ...(location_nid !== undefined ? { location_nid } : {}),
    ...(has_menus !== undefined ? { has_menus } : {}),
    published_at,
    out_of_business: loc.outOfBusiness ?? false,
    ...(has_hours !== undefined ? { has_hours } : {}),
    location: {
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
    },
    sp_photos: loc.hasPhotos,
    ...(photosSpelling ? { [photosSpelling]: loc.hasPhotos } : {}),
    email: loc.email,
    website: loc.website,
    updated: date(loc.updatedMs),
    description: loc.description,
    hours: hoursJson(loc, list),
    phone: loc.phone,
    business_type: loc.businessType,
    is_owner_verified: loc.ownerVerified,
    is_published: true,
    name: loc.name,
    created: date(loc.createdMs),
    foreign_ids: loc.foreignIds,
    time_zone: loc.timeZone,
    attributes: loc.attributes,
  };
}
