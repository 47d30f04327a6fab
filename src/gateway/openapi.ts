/**
 * The OpenAPI 3.1 description of the widget contract v1, served at /v1/openapi.json.
 * Built from the route declarations (src/contract/routes.ts) and the contract's constants, so paths, parameters,
 * limits and enumerations cannot drift from what the gateway does, and from the contract's schemas (src/contract/
 * schemas.ts), which the TypeScript types are derived from, so the answers' shapes cannot either; this file adds only
 * the prose.
 */
import { ACTION_TYPES, CONTRACT_VERSION, PAGE_PARTS } from '../contract/index.ts';
import { DIRECTORY_LIMITS } from '../contract/directory.ts';
import { COMPONENTS } from '../contract/schemas.ts';
import { LOCATION_ID_PATTERN, ROUTES, originCheckRoute, type AnyRoute, type ParamSpec } from '../contract/routes.ts';
import { ELEMENT_NAME } from './render-route.ts';

type Schema = Record<string, unknown>;
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

/** Each component's JSON text, to find it again inside another (TypeBox copies a schema it wraps, e.g. Optional). */
const COMPONENT_BY_TEXT = new Map<string, string>(Object.entries(COMPONENTS).map(([name, schema]) => [JSON.stringify(schema), name]));

/** A schema as plain JSON, with every component inside it (not itself) replaced by a `$ref` to that component. */
function withRefs(schema: unknown, isRoot = true): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withRefs(item, false));
  if (!schema || typeof schema !== 'object') return schema;
  const name = isRoot ? undefined : COMPONENT_BY_TEXT.get(JSON.stringify(schema));
  if (name) return ref(name);
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, withRefs(value, false)]));
}

/** The contract's shapes (src/contract/schemas.ts, where the TypeScript types come from), as the document's components. */
const schemas: Record<string, unknown> = Object.fromEntries(Object.entries(COMPONENTS).map(([name, schema]) => [name, withRefs(schema)]));

const errorRef = { description: 'Error resource', content: { 'application/json': { schema: ref('Error') } } };
const errors = {
  400: errorRef,
  404: errorRef,
  405: errorRef,
  429: { ...errorRef, headers: { 'Retry-After': { schema: { type: 'integer' } } } },
  502: errorRef,
  503: errorRef,
  504: errorRef,
};

/** A parameter's prose, and the upstream's default where the gateway passes the parameter on unset. */
type ParamDoc = string | { text: string; upstreamDefault: number };

/** The prose of each route: a summary, the schema of its answer, and a line for every parameter it declares. */
type RouteDocs = {
  [R in (typeof ROUTES)[number] as R['name']]: {
    summary: string;
    schema: string;
    params: Record<keyof R['query'], ParamDoc>;
    /** Answers of this route that differ from the error resource every route may answer. */
    responses?: Record<number, Schema>;
  };
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
  directory: {
    summary:
      'Find locations by name, address, city, cuisine or business type, and near a point, from the directory the gateway keeps (built from the ' +
      "upstream's feeds, kept current by its change feeds; a search never calls the upstream). Matching and order: docs/directory.md. " +
      '503 DIRECTORY_BUILDING (with Retry-After and the progress) while it is first built; 501 DIRECTORY_UNAVAILABLE on a runtime that cannot hold one.',
    schema: 'DirectoryResponse',
    params: {
      q: `Words to find, each a prefix of a word of the location (letters and digits only; accents and case do not matter). At most ${DIRECTORY_LIMITS.queryWordsMax} words.`,
      latitude: 'Latitude of a point to search near (with longitude).',
      longitude: 'Longitude of a point to search near (with latitude).',
      radius: { text: 'Metres around the point.', upstreamDefault: DIRECTORY_LIMITS.radiusDefault },
      limit: { text: 'Results per page.', upstreamDefault: DIRECTORY_LIMITS.limitDefault },
      cursor: 'The `next` of the previous page.',
    },
    responses: {
      501: { description: 'This runtime keeps no directory', content: { 'application/json': { schema: ref('Error') } } },
      503: {
        description: 'The directory is being built (or the upstream is unavailable to another route)',
        headers: { 'Retry-After': { schema: { type: 'integer' } } },
        content: { 'application/json': { schema: { anyOf: [ref('DirectoryBuilding'), ref('Error')] } } },
      },
    },
  },
};

/** The JSON Schema of a declared parameter. */
function paramSchema(spec: ParamSpec): Schema {
  switch (spec.kind) {
    case 'enum':
      return { type: 'string', enum: [...spec.values], ...(spec.fallback ? { default: spec.fallback } : {}) };
    case 'integer':
      return { type: 'integer', minimum: spec.min, maximum: spec.max };
    case 'number':
      return { type: 'number', minimum: spec.min, maximum: spec.max };
    case 'boolean':
      return { type: 'boolean', ...(spec.fallback !== undefined ? { default: spec.fallback } : {}) };
    case 'names':
      return { type: 'string' };
    case 'action-type':
      return { type: 'string' };
    case 'page-parts':
      return { type: 'string', default: PAGE_PARTS.join(',') };
    case 'origin':
      return { type: 'string', examples: ['https://www.example.com', 'http://localhost:3000'] };
    case 'text':
      return { type: 'string', maxLength: spec.maxLength };
  }
}

function operation(route: AnyRoute, docs: { summary: string; schema: string; params: Record<string, ParamDoc>; responses?: Record<number, Schema> }) {
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
        200: {
          description: 'OK',
          headers: { ETag: { schema: { type: 'string' } }, 'Cache-Control': { schema: { type: 'string' } } },
          content: { 'application/json': { schema: ref(docs.schema) } },
        },
        304: { description: 'Not modified (If-None-Match matched the ETag)' },
        ...errors,
        ...docs.responses,
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
      summary:
        'The element server-rendered: its tag and attributes, a declarative shadow root with its styles, its JSON-LD and its data, for the takeover by the bundle (dist/merchant-elements.js). Cached and invalidated with the location.',
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: LOCATION_ID_PATTERN } },
        {
          // No list of names here: which elements render is the renderer's registry's (src/elements/all.ts), which
          // /v1/render/styles lists; an other name is a 400 UNKNOWN_ELEMENT.
          name: 'element',
          in: 'path',
          required: true,
          schema: { type: 'string', pattern: ELEMENT_NAME.source },
          description: "The element's tag without `merchant-` (menu, hours…): any element GET /v1/render/styles lists.",
        },
        {
          name: 'attributes',
          in: 'query',
          style: 'form',
          explode: true,
          schema: { type: 'object', additionalProperties: { type: 'string' } },
          description:
            "Any of the element's attributes by name (format, type, locale, theme, heading-level, variant, top…); a boolean one with an empty value. Not endpoint or location-id: this gateway and the path's location. An unknown one is a 400 that lists the element's.",
        },
      ],
      responses: {
        200: {
          description: 'OK',
          headers: { ETag: { schema: { type: 'string' } }, 'Cache-Control': { schema: { type: 'string' } } },
          content: { 'text/html': { schema: { type: 'string' } } },
        },
        304: { description: 'Not modified (If-None-Match matched the ETag)' },
        ...errors,
      },
    },
  },
  '/v1/render/styles': {
    get: {
      summary:
        "The hashes of the elements' shadow-root stylesheets, for a page whose Content Security Policy allows no inline style: add styleSrc to its style-src.",
      responses: {
        200: {
          description: 'OK',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { elements: { type: 'object', additionalProperties: { type: 'string' } }, styleSrc: { type: 'string' } },
                required: ['elements', 'styleSrc'],
                additionalProperties: false,
              },
            },
          },
        },
      },
    },
  },
};

/** The origin check (routes.ts originCheckRoute): not a location's resource, so not in ROUTES; its prose is here. */
const ORIGIN_CHECK = {
  [originCheckRoute.path]: {
    get: {
      summary:
        "Whether this gateway allows a site (its CORS allow-list) to use it: {origin, allowed}. Readable from any origin (Access-Control-Allow-Origin: *), since a browser can ask CORS only for its own page's origin; it answers for the origin asked, never with the list.",
      parameters: [
        {
          name: 'origin',
          in: 'query',
          required: true,
          schema: paramSchema(originCheckRoute.query.origin),
          description: 'The site, as a browser names it: scheme, host and port, no path (or null, for a page opened from a file).',
        },
      ],
      responses: {
        200: { description: 'OK', content: { 'application/json': { schema: ref('OriginCheckResponse') } } },
        400: errors[400],
        429: errors[429],
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
    paths: { ...Object.fromEntries(ROUTES.map((route) => [route.path, operation(route, DOCS[route.name])])), ...SERVER_RENDERING, ...ORIGIN_CHECK },
    components: { schemas },
  };
}
