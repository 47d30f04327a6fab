/** `GET /v1/locations/{id}/menus`: the Publisher API's menus, full or short. */
import { menusRoute } from '../../contract/routes.ts';
import { cacheKey } from '../cache.ts';
import { mapNormalized, normalizeMenus } from '../normalize/index.ts';
import { encodeStrict, query } from '../upstream.ts';
import { cachedResource, fromUpstream, type ResourceContext } from './resource.ts';

export function menusResource({ cache, upstream, normalize }: ResourceContext) {
  return cachedResource(cache, menusRoute, {
    key: ({ id, format }) => cacheKey(`menus:${id}:${format}`),
    fill: ({ id, format }) =>
      fromUpstream(upstream, 'publisher', `/locations/${encodeStrict(id)}/menus/${query({ format: format === 'short' ? 'short' : undefined })}`, id, (body) =>
        mapNormalized(normalizeMenus(body, normalize), (menus) => ({ menus })),
      ),
  });
}
