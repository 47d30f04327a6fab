/** `GET /v1/locations/{id}/actions`: a location's calls to action, or nearby ones in their place (`nearby=true`). */
import { actionsRoute } from '../../contract/routes.ts';
import { cacheKey } from '../cache.ts';
import { normalizeActions } from '../normalize/index.ts';
import { encodeStrict, query } from '../upstream.ts';
import { cachedResource, fromUpstream, type ResourceContext } from './resource.ts';

export function actionsResource({ cache, upstream, normalize }: ResourceContext) {
  return cachedResource(cache, actionsRoute, {
    key: ({ id, type, top, nearby }) => cacheKey(`actions:${id}:${type ?? ''}:${top}:${nearby}`),
    fill: ({ id, type, top, nearby }) =>
      fromUpstream(
        upstream,
        'actions',
        `/locations/${encodeStrict(id)}/actions/${query({ type, top: top || undefined, nearby: nearby || undefined })}`,
        id,
        (body) => normalizeActions(body, id, nearby, normalize),
      ),
  });
}
