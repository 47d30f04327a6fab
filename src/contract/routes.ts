/**
 * Every /v1 resource of the widget contract, declared once: its path, its query parameters with their types and
 * limits, and the type of its answer. Everything else is derived from these declarations:
 *
 * - the gateway's router and its parameter checks (src/gateway/request-params.ts),
 * - the OpenAPI document (src/gateway/openapi.ts, which adds only the prose),
 * - the browser's URLs (`routeUrl` below), so no element spells a gateway path itself.
 *
 * Browser and server both import this file: it holds data and types only, and each route is its own export so a
 * browser entry carries only the routes it asks for.
 */
import {
  PAGE_PARTS,
  PHOTO_TYPES,
  type ActionType,
  type ActionsResponse,
  type LocationResponse,
  type MenusResponse,
  type DirectoryResponse,
  type NearbyResponse,
  type OriginCheckResponse,
  type PagePart,
  type PageResponse,
  type PhotosResponse,
} from './index.ts';
import { DIRECTORY_LIMITS } from './directory.ts';

/** The Actions API's limits (spec 001), and the Publisher API's largest photo size. */
export const LIMITS = { radiusMax: 16093, limitMax: 100, photoPixelsMax: 4096 } as const;

/** A location id as the gateway accepts it in a path (the upstream's ids are a subset). */
export const LOCATION_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._~-]{0,127}$';

/** How one query parameter is read. Each kind has one parser in the gateway and one schema in the OpenAPI document. */
export type ParamSpec =
  /** One of `values`, case-insensitive; `fallback` when absent or empty. */
  | { readonly kind: 'enum'; readonly values: readonly string[]; readonly fallback?: string }
  /** A whole number in [min, max]; over `max` answers `tooLarge` (an error code of the upstream's) when given. */
  | { readonly kind: 'integer'; readonly min: number; readonly max: number; readonly tooLarge?: string }
  /** A decimal number in [min, max]. */
  | { readonly kind: 'number'; readonly min: number; readonly max: number; readonly required?: true }
  /** true/false or 1/0; `fallback` when absent. */
  | { readonly kind: 'boolean'; readonly fallback?: boolean }
  /** A comma-separated set of names (sorted and de-duplicated: one canonical form shares one cache entry). */
  | { readonly kind: 'names' }
  /** An action type's name or its numeric id 1-10. */
  | { readonly kind: 'action-type' }
  /** A comma-separated subset of the page's parts, in PAGE_PARTS order; all of them when absent. */
  | { readonly kind: 'page-parts' }
  /** A web origin as a browser sends it (`https://www.example.com`, `http://localhost:3000`): required. */
  | { readonly kind: 'origin' }
  /** Free text of at most `maxLength` characters (trimmed; absent or blank is `undefined`). */
  | { readonly kind: 'text'; readonly maxLength: number };

export type QuerySpec = Readonly<Record<string, ParamSpec>>;

/** The value a parameter is read as; `undefined` when it may be absent and has no fallback. */
export type ParamValue<S extends ParamSpec> = S extends { kind: 'origin' }
  ? string
  : S extends { kind: 'enum'; values: readonly (infer V)[] }
    ? S extends { fallback: string }
      ? V
      : V | undefined
    : S extends { kind: 'boolean' }
      ? S extends { fallback: boolean }
        ? boolean
        : boolean | undefined
      : S extends { kind: 'number' }
        ? S extends { required: true }
          ? number
          : number | undefined
        : S extends { kind: 'integer' }
          ? number | undefined
          : S extends { kind: 'names' }
            ? string[] | undefined
            : S extends { kind: 'action-type' }
              ? ActionType | undefined
              : S extends { kind: 'page-parts' }
                ? PagePart[]
                : S extends { kind: 'text' }
                  ? string | undefined
                  : never;

/** The names in a path template's `{braces}`. */
export type PathParamName<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamName<Rest> : never;

/** The body of each route's 200 answer, by route name. */
export interface Responses {
  location: LocationResponse;
  menus: MenusResponse;
  photos: PhotosResponse;
  actions: ActionsResponse;
  location_nearby: NearbyResponse;
  nearby: NearbyResponse;
  page: PageResponse;
  origin_check: OriginCheckResponse;
  directory: DirectoryResponse;
}

/**
 * A route: plain data (no constructor call), so a browser entry that imports one route carries only that one.
 * Each declaration below is checked against this shape with `satisfies`.
 */
export interface Route<Name extends keyof Responses = keyof Responses, Path extends string = string, Query extends QuerySpec = QuerySpec> {
  /** The route's name in metrics and logs, and the key of its answer's type in `Responses`. */
  readonly name: Name;
  /** The path template, with `{id}` for the location id (the OpenAPI form). */
  readonly path: Path;
  readonly query: Query;
}

export type AnyRoute = Route<keyof Responses, string, QuerySpec>;
export type ResponseOf<R extends AnyRoute> = Responses[R['name']];
export type QueryOf<R extends AnyRoute> = { -readonly [K in keyof R['query']]: ParamValue<R['query'][K]> };
export type PathParamsOf<R extends AnyRoute> = Record<PathParamName<R['path']>, string>;
/** What a request of the route carries once read: its path parameters and its query, typed. */
export type ParamsOf<R extends AnyRoute> = PathParamsOf<R> & QueryOf<R>;

const actionType = { kind: 'action-type' } as const;
const nearbyFilters = {
  type: actionType,
  radius: { kind: 'integer', min: 1, max: LIMITS.radiusMax },
  limit: { kind: 'integer', min: 1, max: LIMITS.limitMax, tooLarge: 'LIMIT_TOO_LARGE' },
  owner_verified: { kind: 'boolean' },
  business_type: { kind: 'names' },
  cuisine: { kind: 'names' },
} as const;
const menuFormat = { kind: 'enum', values: ['full', 'short'], fallback: 'full' } as const;
const photoType = { kind: 'enum', values: PHOTO_TYPES } as const;
const photoPixels = { kind: 'integer', min: 1, max: LIMITS.photoPixelsMax } as const;

export const locationRoute = {
  name: 'location',
  path: '/v1/locations/{id}',
  query: {},
} as const satisfies AnyRoute;

export const menusRoute = {
  name: 'menus',
  path: '/v1/locations/{id}/menus',
  query: { format: menuFormat },
} as const satisfies AnyRoute;

export const photosRoute = {
  name: 'photos',
  path: '/v1/locations/{id}/photos',
  query: { type: photoType, width: photoPixels, height: photoPixels },
} as const satisfies AnyRoute;

export const actionsRoute = {
  name: 'actions',
  path: '/v1/locations/{id}/actions',
  query: {
    type: actionType,
    top: { kind: 'boolean', fallback: false },
    nearby: { kind: 'boolean', fallback: false },
  },
} as const satisfies AnyRoute;

export const locationNearbyRoute = {
  name: 'location_nearby',
  path: '/v1/locations/{id}/nearby',
  query: {
    ...nearbyFilters,
    self: { kind: 'integer', min: 1, max: LIMITS.limitMax },
    nearby_only: { kind: 'boolean' },
  },
} as const satisfies AnyRoute;

export const pointNearbyRoute = {
  name: 'nearby',
  path: '/v1/nearby',
  query: {
    latitude: { kind: 'number', min: -90, max: 90, required: true },
    longitude: { kind: 'number', min: -180, max: 180, required: true },
    ...nearbyFilters,
  },
} as const satisfies AnyRoute;

export const pageRoute = {
  name: 'page',
  path: '/v1/locations/{id}/page',
  query: {
    include: { kind: 'page-parts' },
    format: menuFormat,
    photo_type: photoType,
    photo_width: photoPixels,
    photo_height: photoPixels,
  },
} as const satisfies AnyRoute;

/**
 * Whether this gateway allows a site to use it (its CORS allow-list, MERCHANT_ALLOWED_ORIGINS), for the origin asked:
 * `{origin, allowed}`, readable from any origin. A browser can ask CORS only for its own page's origin; the
 * configurator asks this for the owner's site, and an element whose request got no readable answer asks it to tell a
 * refusal (CORS) from an address that is no gateway. It answers yes or no for one origin, never the list. Not a
 * resource of a location: not in ROUTES.
 */
export const originCheckRoute = {
  name: 'origin_check',
  path: '/v1/origin-check',
  query: { origin: { kind: 'origin' } },
} as const satisfies AnyRoute;

/**
 * `GET /v1/directory`: find a location by name, address, city, cuisine or business type, and near a point. What
 * matches and in what order is the contract's (./directory.ts, docs/directory.md), so every implementation answers
 * alike; the answer comes from a directory the implementation keeps, never from the upstream.
 */
export const directoryRoute = {
  name: 'directory',
  path: '/v1/directory',
  query: {
    q: { kind: 'text', maxLength: DIRECTORY_LIMITS.queryMaxLength },
    latitude: { kind: 'number', min: -90, max: 90 },
    longitude: { kind: 'number', min: -180, max: 180 },
    radius: { kind: 'integer', min: 1, max: DIRECTORY_LIMITS.radiusMax },
    limit: { kind: 'integer', min: 1, max: DIRECTORY_LIMITS.limitMax },
    cursor: { kind: 'text', maxLength: DIRECTORY_LIMITS.cursorMaxLength },
  },
} as const satisfies AnyRoute;

/** Every /v1 resource route, in the order the OpenAPI document lists them. */
export const ROUTES = [locationRoute, menusRoute, photosRoute, actionsRoute, locationNearbyRoute, pointNearbyRoute, pageRoute, directoryRoute] as const;

export type RouteName = (typeof ROUTES)[number]['name'];

/** A query as the browser writes it: any declared parameter, as written; absent, null and '' are left out. */
export type QueryInput<R extends AnyRoute> = { [K in keyof R['query']]?: string | number | boolean | null };

/**
 * `{endpoint}{path}?{query}` for a route, with the endpoint already normalised (no trailing slash). Values are
 * percent-encoded, except commas, which are kept readable (they separate list items and are legal in a query).
 * Parameters come in the order the caller lists them.
 */
export function routeUrl<R extends AnyRoute>(endpoint: string, route: R, path: PathParamsOf<R>, query: QueryInput<R> = {}): string {
  const url = endpoint + route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent((path as Record<string, string>)[name]!));
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value != null && value !== '') pairs.push(`${name}=${encodeURIComponent(String(value)).replace(/%2C/gi, ',')}`);
  }
  return pairs.length ? `${url}?${pairs.join('&')}` : url;
}

/** Every part of a page, always: one combined request serves every element of a location. */
export const ALL_PAGE_PARTS = PAGE_PARTS.join(',');
