/**
 * `GET /v1/locations/{id}/nearby` and `GET /v1/nearby`: actions near a location or a point, with distances from
 * the search centre.
 */
import { actionTypeId, type Coordinates, type NearbyResponse } from '../../contract/index.ts';
import { locationNearbyRoute, pointNearbyRoute, type QueryOf } from '../../contract/routes.ts';
import { cacheKey, type Loaded } from '../cache.ts';
import { GatewayError } from '../errors.ts';
import { coordinatesInNearby, mapNormalized, normalizeNearby } from '../normalize/index.ts';
import { encodeStrict, query } from '../upstream.ts';
import type { locationResource } from './location.ts';
import { cachedResource, unknownLocation, unwrap, type ResourceContext } from './resource.ts';

type Filters = Pick<QueryOf<typeof pointNearbyRoute>, 'type' | 'radius' | 'limit' | 'owner_verified' | 'business_type' | 'cuisine'>;

/** The upstream's filter parameters (spec 001): the same names, lists joined, the type as its numeric id (unambiguous whatever the name's spelling). */
function upstreamFilters(filters: Filters) {
  return {
    type: filters.type ? actionTypeId(filters.type) : undefined,
    radius: filters.radius,
    limit: filters.limit,
    owner_verified: filters.owner_verified,
    business_type: filters.business_type?.join(','),
    cuisine: filters.cuisine?.join(','),
  };
}

export function locationNearbyResource({ cache, upstream, normalize }: ResourceContext, location: ReturnType<typeof locationResource>) {
  /** The search centre: the location's own coordinates, from the results or else from its location entry. */
  const centreOf = async (id: string, body: unknown): Promise<Coordinates | null> => {
    const listed = coordinatesInNearby(body, id);
    if (listed) return listed;
    try {
      const { entry } = await location.load({ id });
      return entry.status === 200 ? entry.value.location.coordinates : null;
    } catch {
      return null;
    }
  };
  const upstreamPath = (params: { id: string } & QueryOf<typeof locationNearbyRoute>) =>
    `/locations/${encodeStrict(params.id)}/actions/nearby${query({ ...upstreamFilters(params), self: params.self, nearby_only: params.nearby_only })}`;

  return cachedResource(cache, locationNearbyRoute, {
    // The upstream path holds every canonical parameter: the same search, the same entry.
    key: (params) => cacheKey(`nearby:${params.id}:${upstreamPath(params)}`),
    async fill(params): Promise<Loaded<NearbyResponse>> {
      const response = await upstream.get('actions', upstreamPath(params));
      if (response.status === 404) return { status: 404, value: unknownLocation(params.id) };
      const centre = await centreOf(params.id, response.body);
      return {
        status: 200,
        value: unwrap(
          mapNormalized(normalizeNearby(response.body, centre, normalize), (results) => ({ results })),
          'actions',
        ),
      };
    },
  });
}

export function pointNearbyResource({ cache, upstream, normalize }: ResourceContext) {
  /** The search, with coordinates rounded to ~1 m: closer points are the same search and share an entry. */
  const search = (params: QueryOf<typeof pointNearbyRoute>) => {
    const centre = { latitude: Math.round(params.latitude * 1e5) / 1e5, longitude: Math.round(params.longitude * 1e5) / 1e5 };
    return { centre, path: `/actions/nearby${query({ ...centre, ...upstreamFilters(params) })}` };
  };
  return cachedResource(cache, pointNearbyRoute, {
    key: (params) => cacheKey(`nearby-point:${search(params).path}`),
    tags: () => [],
    async fill(params): Promise<Loaded<NearbyResponse>> {
      const { centre, path } = search(params);
      const response = await upstream.get('actions', path);
      if (response.status === 404) throw new GatewayError(502, 'UPSTREAM_ERROR', 'The actions API does not know the nearby search.');
      return {
        status: 200,
        value: unwrap(
          mapNormalized(normalizeNearby(response.body, centre, normalize), (results) => ({ results })),
          'actions',
        ),
      };
    },
  });
}
