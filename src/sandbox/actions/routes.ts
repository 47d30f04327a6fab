/** The Actions API (spec 001), mounted at /actions. Every request is signed; see auth.ts. */
import { Hono, type Context } from 'hono';
import { parseActionType } from '../../contract/index.ts';
import type { Dataset } from '../dataset/index.ts';
import { parseRfc3339, rfc3339 } from '../dataset/time.ts';
import { ApiError, badParameter, errorResource, locationDoesNotExist, missingParameter, notFound } from '../errors.ts';
import { booleanParam, floatParam, integerParam, limitParam, listParam } from '../params.ts';
import { rawPathAfterBase, referrerCode, verifySignature, type Credentials } from '../auth.ts';
import { businessTypeMask, cuisineMask, NEARBY_DEFAULTS, searchNearby, type NearbyHit, type NearbyQuery } from './nearby.ts';
import { renderAction, renderLocation } from './render.ts';

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

  const locationIndex = (id: string) => {
    const index = ds.indexOf(id);
    if (index === -1) throw locationDoesNotExist(id);
    return index;
  };
  const item = (hit: NearbyHit, ref: string, origin: string) => ({
    action: renderAction(hit.action, ref, origin),
    location: renderLocation(ds.location(hit.index)),
  });

  app.get('/locations/', (c) => {
    const ids: string[] = [];
    for (let i = 0; i < ds.locationCount; i++) if (ds.hasActions(i)) ids.push(ds.idAt(i));
    return c.json(ids);
  });

  app.get('/locations/updated/', (c) => {
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
  });

  const locationActions = (c: Context<Env, '/locations/:id/actions'>) => {
    const index = locationIndex(c.req.param('id'));
    const query = c.req.query() as Record<string, string>;
    const type = parseActionType(query.type);
    const top = booleanParam('top', query.top) ?? false;
    const nearby = booleanParam('nearby', query.nearby) ?? false;
    const ref = c.get('ref') as string;
    const origin = c.get('origin') as string;
    const location = ds.location(index);
    let actions = ds.actions(index, location.id).filter((a) => !type || a.type === type).map((a) => renderAction(a, ref, origin));
    const extra: Record<string, unknown> = {};
    if (nearby) {
      // Decision: the fallback runs when no action (of the requested type) is left; owner-verified locations
      // never show other merchants' actions (rule 3 of the nearby endpoint applies here too).
      const fallback = actions.length === 0 && !location.ownerVerified;
      if (fallback) {
        actions = searchNearby(ds, {
          latitude: location.latitude, longitude: location.longitude, radius: NEARBY_DEFAULTS.radius,
          limit: NEARBY_DEFAULTS.limit, type, businessTypes: null, cuisines: null, exclude: index,
        }).map((hit) => renderAction(hit.action, ref, origin));
      }
      extra.nearby = fallback;
    }
    if (top) return c.json({ action: actions[0] ?? null, location: renderLocation(location), ...extra });
    return c.json({ actions, location: renderLocation(location), ...extra });
  };
  app.get('/locations/:id/actions/', locationActions);
  app.get('/locations/:id/actions', locationActions);

  const locationNearby = (c: Context<Env, '/locations/:id/actions/nearby'>) => {
    const index = locationIndex(c.req.param('id'));
    const query = c.req.query() as Record<string, string>;
    const filters = nearbyFilters(query);
    const self = integerParam('self', query.self);
    const nearbyOnly = booleanParam('nearby_only', query.nearby_only) ?? false;
    const ref = c.get('ref') as string;
    const ownHits = (): NearbyHit[] =>
      ds.actions(index).filter((a) => !filters.type || a.type === filters.type).map((action) => ({ index, action }));
    let hits: NearbyHit[];
    if (ds.isOwnerVerified(index)) {
      // Rule 3: an owner-verified location shows only its own actions (none: an empty array).
      // The other filters still apply after the geographic step (rule 4), to this one location.
      const passes =
        filters.ownerVerified !== false &&
        (filters.businessTypes === null || ((filters.businessTypes >>> ds.businessTypeIndex(index)) & 1) === 1) &&
        (filters.cuisines === null || (ds.cuisineBits(index) & filters.cuisines) !== 0);
      const own = nearbyOnly || !passes ? [] : ownHits();
      hits = own.slice(0, self ?? filters.limit);
    } else if (self !== undefined && !nearbyOnly && ownHits().length > 0) {
      // Rule 5: self=N returns the location's top N actions when it has some.
      hits = ownHits().slice(0, self);
    } else {
      const q: NearbyQuery = {
        ...filters, latitude: ds.latitude(index), longitude: ds.longitude(index),
        ...(nearbyOnly ? { exclude: index } : {}),
      };
      hits = searchNearby(ds, q);
    }
    return c.json(hits.map((hit) => item(hit, ref, c.get('origin'))));
  };
  app.get('/locations/:id/actions/nearby', locationNearby);
  app.get('/locations/:id/actions/nearby/', locationNearby);

  const pointNearby = (c: Context<Env>) => {
    const query = c.req.query() as Record<string, string>;
    if (query.latitude === undefined || query.latitude === '') throw missingParameter('latitude');
    if (query.longitude === undefined || query.longitude === '') throw missingParameter('longitude');
    const latitude = floatParam('latitude', query.latitude, -90, 90);
    const longitude = floatParam('longitude', query.longitude, -180, 180);
    const hits = searchNearby(ds, { ...nearbyFilters(query), latitude, longitude });
    return c.json(hits.map((hit) => item(hit, c.get('ref'), c.get('origin'))));
  };
  app.get('/actions/nearby', pointNearby);
  app.get('/actions/nearby/', pointNearby);

  return app;
}
