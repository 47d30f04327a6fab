/**
 * The gateway's /v1 resources, one module each, made for one cache and one upstream. The router binds each to its
 * declared route (src/contract/routes.ts); adding a resource is its route declaration, its module and one line here.
 */
import { actionsResource } from './actions.ts';
import { locationResource } from './location.ts';
import { menusResource } from './menus.ts';
import { locationNearbyResource, pointNearbyResource } from './nearby.ts';
import { pageResource } from './page.ts';
import { photosResource } from './photos.ts';
import type { ResourceContext } from './resource.ts';

export type { Answer, Resource, ResourceContext } from './resource.ts';

export function createResources(context: ResourceContext) {
  const location = locationResource(context);
  const menus = menusResource(context);
  const photos = photosResource(context);
  const actions = actionsResource(context);
  return {
    location,
    menus,
    photos,
    actions,
    locationNearby: locationNearbyResource(context, location),
    pointNearby: pointNearbyResource(context),
    page: pageResource(context.cache, { location, menus, photos, actions }),
  };
}

export type Resources = ReturnType<typeof createResources>;
