/**
 * Locations: the Publisher API's full record, and the Actions API's embedded summary,
 * into the contract's `Location` and `LocationSummary`.
 */
import type { Address, Coordinates, Location, LocationAttributes, LocationSummary } from '../../contract/index.ts';
import { normalizeHours } from './hours.ts';
import { fail, ok, type Normalized, type NormalizeOptions } from './result.ts';
import type { ActionsApiLocation, PublisherAddress, PublisherLocation, PublisherLocationAttributes } from '../../upstream/shapes.ts';
import { bool, datetime, fieldsOf, id, isShaped, longText, number, secureUrl, stringList, text, type Json, type Loose } from './values.ts';
import { locationTimeZone } from './time-zone.ts';

function coordinates(lat: Json, lng: Json): Coordinates | null {
  const latitude = number(lat);
  const longitude = number(lng);
  if (latitude === null || longitude === null) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** The Publisher API's address block; the Actions API's location is flat, with the same names for what it has. */
function address(block: Loose<PublisherAddress>): Address {
  return {
    line1: text(block.address1),
    line2: text(block.address2),
    city: text(block.city),
    region: text(block.state ?? block.region),
    postalCode: text(block.postal_code ?? block.postcode ?? block.zipCode),
    country: text(block.country),
    crossStreet: text(block.cross_street),
    neighborhood: text(block.neighborhood),
    directions: longText(block.directions),
  };
}

/** 10 digits in the feed's description, `ddd-ddd-dddd` in samples: kept as sent, '' is `null`. */
const phone = (value: Json): string | null => text(value);

function attributes(a: Loose<PublisherLocationAttributes>): LocationAttributes {
  const rating = number(a.price_rating);
  return {
    takeOut: bool(a.take_out),
    dineIn: bool(a.dine_in),
    delivery: bool(a.delivery),
    driveThru: bool(a.drive_thru),
    reservations: bool(a.reservations),
    catering: bool(a.catering),
    wheelchairAccess: bool(a.wheelchair_access),
    alcohol: text(a.alcohol),
    // Documented as boolean, text in practice: a boolean carries no price, so only text is kept.
    averagePrice: typeof a.average_price === 'boolean' ? null : text(a.average_price),
    priceRating: rating !== null && Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : null,
    mealsServed: stringList(a.meals_served),
    paymentTypes: stringList(a.payment_types_accepted),
  };
}

/** The Publisher API's location record (`GET /locations/<id>/`'s data). */
export function normalizeLocation(raw: Json, options: NormalizeOptions): Normalized<Location> {
  if (!isShaped<PublisherLocation>(raw)) return fail('location', 'the location record is not an object');
  const locationId = id(raw.location_id ?? raw.id);
  if (locationId === null) return fail('location.location_id', 'the location has no id');
  const block = fieldsOf<PublisherAddress>(raw.location);
  const attrs = fieldsOf<PublisherLocationAttributes>(raw.attributes);
  const position = coordinates(block.latitude, block.longitude);
  return ok({
    id: locationId,
    numericId: id(raw.location_nid),
    name: text(raw.name) ?? '',
    phone: phone(raw.phone),
    address: address(block),
    coordinates: position,
    businessType: text(raw.business_type),
    cuisines: stringList(attrs.cuisine),
    ownerVerified: bool(raw.is_owner_verified) ?? false,
    createdAt: datetime(raw.created),
    updatedAt: datetime(raw.updated),
    description: longText(raw.description),
    email: text(raw.email),
    website: secureUrl(raw.website, options.secureHosts),
    ...locationTimeZone(raw.time_zone, position),
    hours: normalizeHours(raw.hours),
    attributes: attributes(attrs),
    hasMenus: bool(raw.has_menus),
    hasPhotos: bool(raw.sp_photos ?? raw.has_photos ?? raw.hasPhotos),
    publishedAt: datetime(raw.published_at),
  });
}

/** The Actions API's embedded location. */
export function normalizeLocationSummary(raw: Json): Normalized<LocationSummary> {
  if (!isShaped<ActionsApiLocation>(raw)) return fail('location', 'the location is not an object');
  const locationId = id(raw.id ?? raw.location_id);
  if (locationId === null) return fail('location.id', 'the location has no id');
  return ok({
    id: locationId,
    name: text(raw.name) ?? '',
    phone: phone(raw.phone_number ?? raw.phone),
    address: address(raw),
    coordinates: coordinates(raw.latitude, raw.longitude),
    businessType: text(raw.business_type),
    cuisines: stringList(raw.cuisine_types),
    ownerVerified: bool(raw.owner_verified) ?? false,
    createdAt: datetime(raw.created),
    updatedAt: datetime(raw.updated),
  });
}
