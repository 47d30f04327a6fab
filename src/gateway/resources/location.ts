/** `GET /v1/locations/{id}`: one Publisher API location. */
import { locationRoute } from '../../contract/routes.ts';
import { cacheKey } from '../cache.ts';
import { mapNormalized, normalizeLocation } from '../normalize/index.ts';
import { encodeStrict } from '../upstream.ts';
import { cachedResource, fromUpstream, type ResourceContext } from './resource.ts';

export function locationResource({ cache, upstream, normalize }: ResourceContext) {
  return cachedResource(cache, locationRoute, {
    key: ({ id }) => cacheKey(`location:${id}`),
    fill: ({ id }) =>
      fromUpstream(upstream, 'publisher', `/locations/${encodeStrict(id)}/`, id, (body) =>
        mapNormalized(normalizeLocation(body, normalize), (location) => ({ location })),
      ),
  });
}
