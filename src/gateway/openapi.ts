/**
 * The OpenAPI 3.1 description of the widget contract v1, served at /v1/openapi.json.
 * Built from the route declarations (src/contract/routes.ts) and the contract's constants, so paths, parameters,
 * limits and enumerations cannot drift from what the gateway does; this file adds only the prose.
 */
import { ACTION_TYPES, CONTRACT_VERSION, DIETARY_FLAGS, PAGE_PARTS, PHOTO_TYPES, WEEKDAYS } from '../contract/index.ts';
import { LOCATION_ID_PATTERN, ROUTES, type AnyRoute, type ParamSpec } from '../contract/routes.ts';

type Schema = Record<string, unknown>;
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const nullable = (type: string, extra: Schema = {}): Schema => ({ type: [type, 'null'], ...extra });
const str = nullable('string');
const obj = (properties: Record<string, Schema>, required = Object.keys(properties)): Schema => ({ type: 'object', properties, required, additionalProperties: false });
const list = (items: Schema): Schema => ({ type: 'array', items });
const dateTime = nullable('string', { format: 'date-time' });
const uri = (isNullable = false): Schema => (isNullable ? nullable('string', { format: 'uri' }) : { type: 'string', format: 'uri' });

/** What the Actions API embeds with an action; a full location has these and more. */
const locationSummary: Record<string, Schema> = {
  id: { type: 'string' }, name: { type: 'string' }, phone: str, address: ref('Address'), coordinates: { oneOf: [ref('Coordinates'), { type: 'null' }] },
  businessType: str, cuisines: list({ type: 'string' }), ownerVerified: { type: 'boolean' }, createdAt: dateTime, updatedAt: dateTime,
};

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
  LocationSummary: obj(locationSummary),
  // The summary's properties and the location's own, in one closed object: an `allOf` of two parts that each forbid
  // additional properties admits no location at all (every real answer failed it).
  Location: obj({
    ...locationSummary,
    numericId: str, description: str, email: str, website: uri(true), timeZone: nullable('string', { description: "IANA time zone name: mapped from the upstream's abbreviation, else inferred from the coordinates" }),
    timeZoneSource: nullable('string', { enum: ['upstream', 'inferred', null], description: 'Where timeZone came from; null when there is no zone' }),
    hours: { oneOf: [ref('OpeningHours'), { type: 'null' }] }, attributes: ref('LocationAttributes'), hasMenus: nullable('boolean'),
    hasPhotos: nullable('boolean'), publishedAt: dateTime,
  }),
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

const errorRef = { description: 'Error resource', content: { 'application/json': { schema: ref('Error') } } };
const errors = {
  400: errorRef, 404: errorRef, 405: errorRef, 429: { ...errorRef, headers: { 'Retry-After': { schema: { type: 'integer' } } } }, 502: errorRef, 503: errorRef, 504: errorRef,
};

/** A parameter's prose, and the upstream's default where the gateway passes the parameter on unset. */
type ParamDoc = string | { text: string; upstreamDefault: number };

/** The prose of each route: a summary, the schema of its answer, and a line for every parameter it declares. */
type RouteDocs = {
  [R in (typeof ROUTES)[number] as R['name']]: { summary: string; schema: string; params: Record<keyof R['query'], ParamDoc> };
};

const actionTypeDoc = `Action type name (${ACTION_TYPES.join(', ')}) or numeric id 1-10.`;
const nearbyFilterDocs = {
  type: actionTypeDoc,
  radius: { text: 'Search radius in metres.', upstreamDefault: 1609 },
  limit: { text: 'Maximum results; over the maximum is LIMIT_TOO_LARGE.', upstreamDefault: 10 },
  owner_verified: 'Only locations with this owner-verified value.',
  business_type: 'Comma-separated business types (fragments accepted).',
  cuisine: 'Comma-separated cuisine types.',
};

const DOCS: RouteDocs = {
  location: { summary: 'A location: details, address, hours, attributes, time zone.', schema: 'LocationResponse', params: {} },
  menus: { summary: 'Menus, full or short.', schema: 'MenusResponse', params: { format: 'Full product lists or the short menu.' } },
  photos: {
    summary: 'Photos, with srcset variants.',
    schema: 'PhotosResponse',
    params: { type: 'Only this category.', width: 'Maximum width in pixels.', height: 'Maximum height in pixels.' },
  },
  actions: {
    summary: 'Calls to action of a location.',
    schema: 'ActionsResponse',
    params: { type: actionTypeDoc, top: 'Only the top action.', nearby: 'Nearby actions when the location has none (source: nearby).' },
  },
  location_nearby: {
    summary: 'Actions near a location.',
    schema: 'NearbyResponse',
    params: {
      ...nearbyFilterDocs,
      self: "Up to this many of the location's own actions when it has any; nearby ones otherwise.",
      nearby_only: "Exclude the location's own actions.",
    },
  },
  nearby: {
    summary: 'Actions near a point.',
    schema: 'NearbyResponse',
    params: { latitude: 'Latitude of the centre.', longitude: 'Longitude of the centre.', ...nearbyFilterDocs },
  },
  page: {
    summary: 'Everything one page needs for one location; failed parts are in errors.',
    schema: 'PageResponse',
    params: {
      include: `Comma-separated parts: ${PAGE_PARTS.join(', ')}.`,
      format: 'Menu format.',
      photo_type: 'Photo category.',
      photo_width: 'Photo maximum width in pixels.',
      photo_height: 'Photo maximum height in pixels.',
    },
  },
};

/** The JSON Schema of a declared parameter. */
function paramSchema(spec: ParamSpec): Schema {
  switch (spec.kind) {
    case 'enum': return { type: 'string', enum: [...spec.values], ...(spec.fallback ? { default: spec.fallback } : {}) };
    case 'integer': return { type: 'integer', minimum: spec.min, maximum: spec.max };
    case 'number': return { type: 'number', minimum: spec.min, maximum: spec.max };
    case 'boolean': return { type: 'boolean', ...(spec.fallback !== undefined ? { default: spec.fallback } : {}) };
    case 'names': return { type: 'string' };
    case 'action-type': return { type: 'string' };
    case 'page-parts': return { type: 'string', default: PAGE_PARTS.join(',') };
  }
}

function operation(route: AnyRoute, docs: { summary: string; schema: string; params: Record<string, ParamDoc> }) {
  const pathParams = route.path.includes('{id}') ? [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: LOCATION_ID_PATTERN } }] : [];
  const queryParams = Object.entries(route.query).map(([name, spec]) => {
    const doc = docs.params[name]!;
    const schema = paramSchema(spec);
    if (typeof doc !== 'string') schema.default = doc.upstreamDefault;
    return { name, in: 'query', required: spec.kind === 'number' && spec.required === true, schema, description: typeof doc === 'string' ? doc : doc.text };
  });
  return {
    get: {
      summary: docs.summary,
      parameters: [...pathParams, ...queryParams],
      responses: {
        200: { description: 'OK', headers: { ETag: { schema: { type: 'string' } }, 'Cache-Control': { schema: { type: 'string' } } }, content: { 'application/json': { schema: ref(docs.schema) } } },
        304: { description: 'Not modified (If-None-Match matched the ETag)' },
        ...errors,
      },
    },
  };
}

/**
 * Server rendering (render-route.ts), on gateways run by the Node adapter: HTML rather than the contract's JSON, so
 * written out here rather than declared in the contract's routes.
 */
export const SERVER_RENDERING = {
  '/v1/locations/{id}/render/{element}': {
    get: {
      summary: 'The element server-rendered: its tag and attributes, a declarative shadow root with its styles, its JSON-LD and its data, for the takeover by the bundle (dist/merchant-elements.js). Cached and invalidated with the location.',
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: LOCATION_ID_PATTERN } },
        { name: 'element', in: 'path', required: true, schema: { type: 'string', enum: ['actions', 'hours', 'location', 'menu', 'nearby', 'photos'] } },
        {
          name: 'attributes', in: 'query', style: 'form', explode: true,
          schema: { type: 'object', additionalProperties: { type: 'string' } },
          description: "Any of the element's attributes by name (format, type, locale, theme, heading-level, variant, top…); a boolean one with an empty value. Not endpoint or location-id: this gateway and the path's location. An unknown one is a 400 that lists the element's.",
        },
      ],
      responses: {
        200: { description: 'OK', headers: { ETag: { schema: { type: 'string' } }, 'Cache-Control': { schema: { type: 'string' } } }, content: { 'text/html': { schema: { type: 'string' } } } },
        304: { description: 'Not modified (If-None-Match matched the ETag)' },
        ...errors,
      },
    },
  },
  '/v1/render/styles': {
    get: {
      summary: "The hashes of the elements' shadow-root stylesheets, for a page whose Content Security Policy allows no inline style: add styleSrc to its style-src.",
      responses: {
        200: {
          description: 'OK',
          content: { 'application/json': { schema: obj({ elements: { type: 'object', additionalProperties: { type: 'string' } }, styleSrc: { type: 'string' } }) } },
        },
      },
    },
  },
};

export function openApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'merchant-elements gateway: widget contract',
      version: CONTRACT_VERSION,
      description: 'Normalized, cacheable JSON for the merchant elements. Every error is {error, message, status_code}. Only GET, HEAD and OPTIONS.',
    },
    paths: { ...Object.fromEntries(ROUTES.map((route) => [route.path, operation(route, DOCS[route.name])])), ...SERVER_RENDERING },
    components: { schemas },
  };
}
