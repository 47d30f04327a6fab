/** The Actions API (spec 001), mounted at /actions. Every request is signed; see auth.ts. */
import { Hono, type Context } from 'hono';
import { parseActionType } from '../../contract/index.ts';
import type { Dataset } from '../dataset/index.ts';
import { parseRfc3339, rfc3339 } from '../dataset/time.ts';
import { ApiError, badParameter, errorResource, locationDoesNotExist, missingParameter, notFound } from '../errors.ts';
import { booleanParam, floatParam, integerParam, limitParam, listParam } from '../params.ts';
import { rawPathAfterBase, referrerCode, verifySignature, type Credentials } from '../auth.ts';
import { businessTypeMask, cuisineMask, NEARBY_DEFAULTS, searchNearby, type NearbyHit, type NearbyQuery } from './nearby.ts';
import type { ActionsApiLocationActions, ActionsApiNearbyEntry } from '../../upstream/shapes.ts';
import { actionJson, locationJson } from './upstream-json.ts';

export const ACTIONS_BASE = '/actions';
export const UPDATED_LIMITS = { default: 1000, max: 10000 } as const;

type Env = { Variables: { ref: string; origin: string } };

function radiusParam(value: string | undefined): number {
  const radius = integerParam('radius', value) ?? NEARBY_DEFAULTS.radius;
  if (radius > NEARBY_DEFAULTS.maxRadius) {
    throw new ApiError(400, 'RADIUS_TOO_LARGE', `radius ${radius} exceeds the maximum of ${NEARBY_DEFAULTS.maxRadius} meters.`);
  }
  return radius;
}

/** The filters shared by both nearby endpoints. */
function nearbyFilters(query: Record<string, string>) {
  return {
    radius: radiusParam(query.radius),
    limit: limitParam(query.limit, NEARBY_DEFAULTS.limit, NEARBY_DEFAULTS.maxLimit),
    // An invalid type is ignored, as the spec says.
    type: parseActionType(query.type),
    ownerVerified: booleanParam('owner_verified', query.owner_verified),
    businessTypes: businessTypeMask(listParam(query.business_type)),
    cuisines: cuisineMask(listParam(query.cuisine)),
  };
}

type ActionsContext = Context<Env>;
type Handler = (c: ActionsContext) => Response;

function locationIndexIn(ds: Dataset, id: string): number {
  const index = ds.indexOf(id);
  if (index === -1) throw locationDoesNotExist(id);
  return index;
}

/** One nearby result as the API gives it: the action with its location. */
const nearbyEntry = (ds: Dataset, hit: NearbyHit, c: ActionsContext): ActionsApiNearbyEntry => ({
  action: actionJson(hit.action, c.get('ref'), c.get('origin')),
  location: locationJson(ds.location(hit.index)),
});

/** `GET /locations/`: the ids of the locations that have actions. */
const listLocations =
  (ds: Dataset): Handler =>
  (c) => {
    const ids: string[] = [];
    for (let i = 0; i < ds.locationCount; i++) if (ds.hasActions(i)) ids.push(ds.idAt(i));
    return c.json(ids);
  };

/** `GET /locations/updated/`: ids updated since a time, oldest first, paged by a Link header. */
const updatedLocations =
  (ds: Dataset): Handler =>
  (c) => {
    const query = c.req.query();
    if (query.since === undefined || query.since === '') throw missingParameter('since');
    const since = parseRfc3339(query.since);
    if (since === null) throw badParameter('since', query.since, 'an RFC 3339 timestamp such as 2024-01-01T00:00:00Z');
    const limit = limitParam(query.limit, UPDATED_LIMITS.default, UPDATED_LIMITS.max);
    const page = ds.updatedPage(since, query.location_id || null, limit);
    const ids = page.indexes.map((i) => ({ location_id: ds.idAt(i) }));
    if (page.more) {
      const last = page.indexes[page.indexes.length - 1]!;
      const next =
        `${ACTIONS_BASE}/locations/updated/?since=${encodeURIComponent(rfc3339(ds.updatedAt(last)))}` +
        `&location_id=${encodeURIComponent(ds.idAt(last))}` +
        (query.limit ? `&limit=${limit}` : '');
      c.header('Link', `<${next}>; rel="next"`);
    }
    return c.json(ids);
  };

/** `GET /locations/<id>/actions/`: the location's actions (or its top one), nearby ones in their place on request. */
const locationActions =
  (ds: Dataset): Handler =>
  (c) => {
    const index = locationIndexIn(ds, c.req.param('id')!);
    const query = c.req.query();
    const type = parseActionType(query.type);
    const top = booleanParam('top', query.top) ?? false;
    const nearby = booleanParam('nearby', query.nearby) ?? false;
    const ref = c.get('ref');
    const origin = c.get('origin');
    const location = ds.location(index);
    let actions = ds
      .actions(index, location.id)
      .filter((a) => !type || a.type === type)
      .map((a) => actionJson(a, ref, origin));
    const extra: Pick<ActionsApiLocationActions, 'nearby'> = {};
    if (nearby) {
      // Decision: the fallback runs when no action (of the requested type) is left; owner-verified locations
      // never show other merchants' actions (rule 3 of the nearby endpoint applies here too).
      const fallback = actions.length === 0 && !location.ownerVerified;
      if (fallback) {
        actions = searchNearby(ds, {
          latitude: location.latitude,
          longitude: location.longitude,
          radius: NEARBY_DEFAULTS.radius,
          limit: NEARBY_DEFAULTS.limit,
          type,
          businessTypes: null,
          cuisines: null,
          exclude: index,
        }).map((hit) => actionJson(hit.action, ref, origin));
      }
      extra.nearby = fallback;
    }
    const answer: ActionsApiLocationActions = top
      ? { action: actions[0] ?? null, location: locationJson(location), ...extra }
      : { actions, location: locationJson(location), ...extra };
    return c.json(answer);
  };

/** The hits of `GET /locations/<id>/actions/nearby/`, by the spec's rules for an owner-verified location and `self`. */
function locationNearbyHits(ds: Dataset, index: number, query: Record<string, string>): NearbyHit[] {
  const filters = nearbyFilters(query);
  const self = integerParam('self', query.self);
  const nearbyOnly = booleanParam('nearby_only', query.nearby_only) ?? false;
  const ownHits = (): NearbyHit[] =>
    ds
      .actions(index)
      .filter((a) => !filters.type || a.type === filters.type)
      .map((action) => ({ index, action }));
  if (ds.isOwnerVerified(index)) {
    // Rule 3: an owner-verified location shows only its own actions (none: an empty array).
    // The other filters still apply after the geographic step (rule 4), to this one location.
    const passes =
      filters.ownerVerified !== false &&
      (filters.businessTypes === null || ((filters.businessTypes >>> ds.businessTypeIndex(index)) & 1) === 1) &&
      (filters.cuisines === null || (ds.cuisineBits(index) & filters.cuisines) !== 0);
    const own = nearbyOnly || !passes ? [] : ownHits();
    return own.slice(0, self ?? filters.limit);
  }
  // Rule 5: self=N returns the location's top N actions when it has some.
  if (self !== undefined && !nearbyOnly && ownHits().length > 0) return ownHits().slice(0, self);
  const q: NearbyQuery = {
    ...filters,
    latitude: ds.latitude(index),
    longitude: ds.longitude(index),
    ...(nearbyOnly ? { exclude: index } : {}),
  };
  return searchNearby(ds, q);
}

/** `GET /locations/<id>/actions/nearby/`. */
const locationNearby =
  (ds: Dataset): Handler =>
  (c) => {
    const hits = locationNearbyHits(ds, locationIndexIn(ds, c.req.param('id')!), c.req.query());
    return c.json(hits.map((hit) => nearbyEntry(ds, hit, c)));
  };

/** `GET /actions/nearby/`: actions near a point. */
const pointNearby =
  (ds: Dataset): Handler =>
  (c) => {
    const query = c.req.query();
    if (query.latitude === undefined || query.latitude === '') throw missingParameter('latitude');
    if (query.longitude === undefined || query.longitude === '') throw missingParameter('longitude');
    const latitude = floatParam('latitude', query.latitude, -90, 90);
    const longitude = floatParam('longitude', query.longitude, -180, 180);
    const hits = searchNearby(ds, { ...nearbyFilters(query), latitude, longitude });
    return c.json(hits.map((hit) => nearbyEntry(ds, hit, c)));
  };

/** The API's endpoints: each path as the spec writes it (with a trailing slash) and, where accepted, without. */
const ROUTE_TABLE: ReadonlyArray<[paths: string[], handler: (ds: Dataset) => Handler]> = [
  [['/locations/'], listLocations],
  [['/locations/updated/'], updatedLocations],
  [['/locations/:id/actions/', '/locations/:id/actions'], locationActions],
  [['/locations/:id/actions/nearby', '/locations/:id/actions/nearby/'], locationNearby],
  [['/actions/nearby', '/actions/nearby/'], pointNearby],
];

export function actionsApp(ds: Dataset, credentials: Credentials): Hono<Env> {
  const app = new Hono<Env>();

  app.onError((error, c) => {
    const body = errorResource(error);
    return c.json(body, body.status_code as 400);
  });
  app.notFound((c) => {
    const body = notFound(c.req.path).toResource();
    return c.json(body, 404);
  });

  app.use('*', async (c, next) => {
    const client = await verifySignature(rawPathAfterBase(c.req.url, ACTIONS_BASE), credentials);
    c.set('ref', referrerCode(client));
    c.set('origin', new URL(c.req.url).origin);
    await next();
  });

  for (const [paths, handler] of ROUTE_TABLE) {
    const handle = handler(ds);
    for (const path of paths) app.get(path, handle);
  }
  return app;
}
