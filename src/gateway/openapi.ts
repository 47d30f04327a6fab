/**
 * The OpenAPI 3.1 description of the widget contract v1, served at /v1/openapi.json.
 * Built from the contract's constants so enumerations cannot drift from src/contract/.
 */
import { ACTION_TYPES, CONTRACT_VERSION, DIETARY_FLAGS, PAGE_PARTS, PHOTO_TYPES, WEEKDAYS } from '../contract/index.ts';
import { LIMITS } from './params.ts';

type Schema = Record<string, unknown>;
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const nullable = (type: string, extra: Schema = {}): Schema => ({ type: [type, 'null'], ...extra });
const str = nullable('string');
const obj = (properties: Record<string, Schema>, required = Object.keys(properties)): Schema => ({ type: 'object', properties, required, additionalProperties: false });
const list = (items: Schema): Schema => ({ type: 'array', items });
const dateTime = nullable('string', { format: 'date-time' });
const uri = (isNullable = false): Schema => (isNullable ? nullable('string', { format: 'uri' }) : { type: 'string', format: 'uri' });

const schemas: Record<string, Schema> = {
  Error: obj({ error: { type: 'string' }, message: { type: 'string' }, status_code: { type: 'integer' } }),
  Period: obj({ open: { type: 'string', pattern: '^\\d{2}:\\d{2}$' }, close: { type: 'string', pattern: '^\\d{2}:\\d{2}$' }, description: str }),
  OpeningHours: obj({ days: obj(Object.fromEntries(WEEKDAYS.map((d) => [d, list(ref('Period'))]))), holidaySchedule: list({ type: 'string' }) }),
  Address: obj(Object.fromEntries(['line1', 'line2', 'city', 'region', 'postalCode', 'country', 'crossStreet', 'neighborhood', 'directions'].map((k) => [k, str]))),
  Coordinates: obj({ latitude: { type: 'number' }, longitude: { type: 'number' } }),
  LocationAttributes: obj({
    ...Object.fromEntries(['takeOut', 'dineIn', 'delivery', 'driveThru', 'reservations', 'catering', 'wheelchairAccess'].map((k) => [k, nullable('boolean')])),
    alcohol: str, averagePrice: str, priceRating: nullable('integer', { minimum: 1, maximum: 5 }),
    mealsServed: list({ type: 'string' }), paymentTypes: list({ type: 'string' }),
  }),
  LocationSummary: obj({
    id: { type: 'string' }, name: { type: 'string' }, phone: str, address: ref('Address'), coordinates: { oneOf: [ref('Coordinates'), { type: 'null' }] },
    businessType: str, cuisines: list({ type: 'string' }), ownerVerified: { type: 'boolean' }, createdAt: dateTime, updatedAt: dateTime,
  }),
  Location: {
    allOf: [ref('LocationSummary'), obj({
      numericId: str, description: str, email: str, website: uri(true), timeZone: nullable('string', { description: "IANA time zone name: mapped from the upstream's abbreviation, else inferred from the coordinates" }),
      timeZoneSource: nullable('string', { enum: ['upstream', 'inferred', null], description: 'Where timeZone came from; null when there is no zone' }),
      hours: { oneOf: [ref('OpeningHours'), { type: 'null' }] }, attributes: ref('LocationAttributes'), hasMenus: nullable('boolean'),
      hasPhotos: nullable('boolean'), publishedAt: dateTime,
    })],
  },
  Range: obj({ min: { type: 'number' }, max: { type: 'number' } }),
  Choice: obj({ name: str, unit: str, order: { type: 'number' }, price: { oneOf: [ref('Range'), { type: 'null' }] }, calories: { oneOf: [ref('Range'), { type: 'null' }] } }),
  Addition: obj({ name: str, unit: str, order: { type: 'number' }, price: { oneOf: [ref('Range'), { type: 'null' }] } }),
  MenuItem: obj({
    id: { type: 'string' }, name: { type: 'string' }, description: str, order: { type: 'number' },
    photos: list(obj({ id: str, title: str, url: uri() })), choices: list(ref('Choice')), additions: list(ref('Addition')),
    dietary: list({ type: 'string', enum: [...DIETARY_FLAGS] }),
  }),
  MenuSection: obj({ id: { type: 'string' }, name: { type: 'string' }, description: str, order: { type: 'number' }, items: list(ref('MenuItem')) }),
  Menu: obj({
    id: { type: 'string' }, locationId: { type: 'string' }, name: { type: 'string' }, description: str, type: { type: 'string', enum: ['menu', 'listing'] },
    footnote: str, order: { type: 'number' }, currency: { type: 'string' }, createdAt: dateTime, updatedAt: dateTime,
    attribution: obj({ image: uri(), link: uri(true) }), sections: list(ref('MenuSection')),
  }),
  Photo: obj({
    id: { type: 'string' }, locationId: { type: 'string' }, title: str, type: { type: 'string', enum: [...PHOTO_TYPES] }, url: uri(),
    width: nullable('integer'), height: nullable('integer'), variants: list(obj({ width: { type: 'integer' }, height: { type: 'integer' }, url: uri() })),
    source: nullable('string', { enum: ['platform', 'mobile', null] }), main: { type: 'boolean' }, itemIds: list({ type: 'string' }),
  }),
  Action: obj({
    id: { type: 'string' }, locationId: { type: 'string' }, type: { type: 'string', enum: [...ACTION_TYPES] }, url: uri(), jsSource: uri(true), cta: str, ctaAsset: uri(true),
    attributes: { oneOf: [obj({ category: str, description: str, discount: nullable('number'), discountPercentage: nullable('number'), expiration: dateTime, imageUrl: uri(true), title: str }), { type: 'null' }] },
  }),
  NearbyResult: obj({ action: ref('Action'), location: ref('LocationSummary'), distance: { type: 'number', description: 'metres' } }),
  LocationResponse: obj({ location: ref('Location') }),
  MenusResponse: obj({ menus: list(ref('Menu')) }),
  PhotosResponse: obj({ photos: list(ref('Photo')) }),
  ActionsResponse: obj({ actions: list(ref('Action')), source: { type: 'string', enum: ['location', 'nearby'] } }),
  NearbyResponse: obj({ results: list(ref('NearbyResult')) }),
  PageResponse: obj({
    location: ref('Location'), menus: list(ref('Menu')), photos: list(ref('Photo')), actions: list(ref('Action')),
    actionsSource: { type: 'string', enum: ['location', 'nearby'] },
    errors: obj(Object.fromEntries(PAGE_PARTS.map((p) => [p, ref('Error')])), []),
  }, []),
};

const q = (name: string, schema: Schema, description: string, required = false) => ({ name, in: 'query', required, schema, description });
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._~-]{0,127}$' } };
const typeParam = q('type', { type: 'string' }, `Action type name (${ACTION_TYPES.join(', ')}) or numeric id 1-10.`);
const filters = [
  typeParam,
  q('radius', { type: 'integer', minimum: 1, maximum: LIMITS.radiusMax, default: 1609 }, 'Search radius in metres.'),
  q('limit', { type: 'integer', minimum: 1, maximum: LIMITS.limitMax, default: 10 }, 'Maximum results; over the maximum is LIMIT_TOO_LARGE.'),
  q('owner_verified', { type: 'boolean' }, 'Only locations with this owner-verified value.'),
  q('business_type', { type: 'string' }, 'Comma-separated business types (fragments accepted).'),
  q('cuisine', { type: 'string' }, 'Comma-separated cuisine types.'),
];

const errorRef = { description: 'Error resource', content: { 'application/json': { schema: ref('Error') } } };
const errors = {
  400: errorRef, 404: errorRef, 405: errorRef, 429: { ...errorRef, headers: { 'Retry-After': { schema: { type: 'integer' } } } }, 502: errorRef, 503: errorRef, 504: errorRef,
};
const get = (summary: string, schema: string, parameters: unknown[]) => ({
  get: {
    summary, parameters,
    responses: {
      200: { description: 'OK', headers: { ETag: { schema: { type: 'string' } }, 'Cache-Control': { schema: { type: 'string' } } }, content: { 'application/json': { schema: ref(schema) } } },
      304: { description: 'Not modified (If-None-Match matched the ETag)' },
      ...errors,
    },
  },
});

export function openApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'merchant-elements gateway: widget contract',
      version: CONTRACT_VERSION,
      description: 'Normalized, cacheable JSON for the merchant elements. Every error is {error, message, status_code}. Only GET, HEAD and OPTIONS.',
    },
    paths: {
      '/v1/locations/{id}': get('A location: details, address, hours, attributes, time zone.', 'LocationResponse', [idParam]),
      '/v1/locations/{id}/menus': get('Menus, full or short.', 'MenusResponse', [idParam, q('format', { type: 'string', enum: ['full', 'short'], default: 'full' }, 'Full product lists or the short menu.')]),
      '/v1/locations/{id}/photos': get('Photos, with srcset variants.', 'PhotosResponse', [idParam,
        q('type', { type: 'string', enum: [...PHOTO_TYPES] }, 'Only this category.'),
        q('width', { type: 'integer', minimum: 1, maximum: LIMITS.photoPixelsMax }, 'Maximum width in pixels.'),
        q('height', { type: 'integer', minimum: 1, maximum: LIMITS.photoPixelsMax }, 'Maximum height in pixels.')]),
      '/v1/locations/{id}/actions': get('Calls to action of a location.', 'ActionsResponse', [idParam, typeParam,
        q('top', { type: 'boolean', default: false }, 'Only the top action.'),
        q('nearby', { type: 'boolean', default: false }, 'Nearby actions when the location has none (source: nearby).')]),
      '/v1/locations/{id}/nearby': get('Actions near a location.', 'NearbyResponse', [idParam, ...filters,
        q('self', { type: 'integer', minimum: 1, maximum: LIMITS.limitMax }, "Up to this many of the location's own actions when it has any; nearby ones otherwise."),
        q('nearby_only', { type: 'boolean' }, "Exclude the location's own actions.")]),
      '/v1/nearby': get('Actions near a point.', 'NearbyResponse', [
        q('latitude', { type: 'number', minimum: -90, maximum: 90 }, 'Latitude of the centre.', true),
        q('longitude', { type: 'number', minimum: -180, maximum: 180 }, 'Longitude of the centre.', true), ...filters]),
      '/v1/locations/{id}/page': get('Everything one page needs for one location; failed parts are in errors.', 'PageResponse', [idParam,
        q('include', { type: 'string', default: PAGE_PARTS.join(',') }, `Comma-separated parts: ${PAGE_PARTS.join(', ')}.`),
        q('format', { type: 'string', enum: ['full', 'short'] }, 'Menu format.'),
        q('photo_type', { type: 'string', enum: [...PHOTO_TYPES] }, 'Photo category.'),
        q('photo_width', { type: 'integer' }, 'Photo maximum width.'), q('photo_height', { type: 'integer' }, 'Photo maximum height.')]),
    },
    components: { schemas },
  };
}
