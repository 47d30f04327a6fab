/**
 * A Publisher API location record (one of `/locations/updated_since/`'s results) as the directory keeps it, read
 * with the normalizer's value readers (the same quirks resolved the same way as `GET /v1/locations/{id}`), but
 * only the few fields a directory entry has: no hours, no time-zone lookup, so a million records read quickly.
 */
import type { PublisherAddress, PublisherLocation, PublisherLocationAttributes } from '../../upstream/shapes.ts';
import { bool, datetime, fieldsOf, id, isShaped, number, stringList, text, type Json } from '../normalize/values.ts';
import type { DirectoryRecord } from './store.ts';

/** What one feed record means for the directory: a location to keep, one to leave out, or nothing readable. */
export type FeedChange = { kind: 'upsert'; record: DirectoryRecord } | { kind: 'remove'; id: string } | null;

export function feedChange(raw: Json, hasActions: (id: string) => boolean): FeedChange {
  if (!isShaped<PublisherLocation>(raw)) return null;
  const locationId = id(raw.location_id);
  if (locationId === null) return null;
  // Out of business, or no longer published: left out of the directory (the contract's rule 4).
  if (bool(raw.out_of_business) === true || bool(raw.is_published) === false) return { kind: 'remove', id: locationId };
  const block = fieldsOf<PublisherAddress>(raw.location);
  const attributes = fieldsOf<PublisherLocationAttributes>(raw.attributes);
  const latitude = number(block.latitude);
  const longitude = number(block.longitude);
  const located = latitude !== null && longitude !== null && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
  const updated = datetime(raw.updated);
  return {
    kind: 'upsert',
    record: {
      id: locationId,
      name: text(raw.name) ?? '',
      address: text(block.address1),
      city: text(block.city),
      region: text(block.state),
      businessType: text(raw.business_type),
      cuisines: stringList(attributes.cuisine),
      latitude: located ? latitude : null,
      longitude: located ? longitude : null,
      hasMenus: bool(raw.has_menus),
      hasPhotos: bool(raw.sp_photos ?? raw.has_photos ?? raw.hasPhotos),
      hasActions: hasActions(locationId),
      updated: updated === null ? 0 : Date.parse(updated),
    },
  };
}
