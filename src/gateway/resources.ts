/**
 * The gateway's resources: for each contract response, its cache key, the upstream request(s) that
 * fill it and the normalization. Every upstream request goes through the cache, so each upstream
 * resource is fetched once however many requests (and page parts) need it.
 */
import {
  PHOTO_VARIANT_WIDTHS, actionTypeId, type ActionsResponse, type Coordinates, type ErrorResource, type Location,
  type LocationResponse, type MenusResponse, type NearbyResponse, type Photo, type PhotosResponse, type PhotoVariant,
} from '../contract/index.ts';
import type { CacheResult, Loaded, ResponseCache } from './cache.ts';
import { GatewayError } from './errors.ts';
import { normalizeActionList, normalizeLocation, normalizeMenus, normalizeNearby, normalizePhotos, type Normalized, type NormalizeOptions } from './normalize/index.ts';
import type { ActionsParams, LocationNearbyParams, NearbyFilters, PhotoParams, PointNearbyParams } from './params.ts';
import { encodeStrict, query, type Api, type UpstreamClient } from './upstream.ts';
import type { MenuFormat } from '../contract/index.ts';

const unknownLocation = (id: string): ErrorResource => ({
  error: 'LOCATION_DOES_NOT_EXIST',
  message: `There is no location with id "${id}".`,
  status_code: 404,
});

function unwrap<T>(result: Normalized<T>, api: Api): T {
  if (result.ok) return result.value;
  // The path says where; the upstream's values themselves are not echoed.
  throw new GatewayError(502, 'UPSTREAM_MALFORMED', `The ${api} API sent an answer the gateway cannot read (${result.error.path}: ${result.error.message}).`);
}

/** Cache keys of the contract responses (the page route checks them without loading). */
export const keys = {
  location: (id: string) => `location:${id}`,
  menus: (id: string, format: MenuFormat) => `menus:${id}:${format}`,
  photos: (id: string, p: PhotoParams) => `photos:${id}:${p.type ?? ''}:${p.width ?? ''}:${p.height ?? ''}`,
  actions: (id: string, p: ActionsParams) => `actions:${id}:${p.type ?? ''}:${p.top}:${p.nearby}`,
};

export class Resources {
  constructor(
    private readonly cache: ResponseCache,
    private readonly upstream: UpstreamClient,
    private readonly normalize: NormalizeOptions,
  ) {}

  /** One upstream GET, normalized; a 404 becomes a (briefly cached) negative entry for the location. */
  private async fetch<T>(api: Api, path: string, id: string, normalize: (body: unknown) => T): Promise<Loaded> {
    const response = await this.upstream.get(api, path);
    if (response.status === 404) return { status: 404, value: unknownLocation(id) };
    return { status: 200, value: normalize(response.body) };
  }

  location(id: string): Promise<CacheResult> {
    return this.cache.get(keys.location(id), () =>
      this.fetch('publisher', `/locations/${encodeStrict(id)}/`, id, (body): LocationResponse => ({
        location: unwrap(normalizeLocation(body, this.normalize), 'publisher'),
      })), [id]);
  }

  menus(id: string, format: MenuFormat): Promise<CacheResult> {
    return this.cache.get(keys.menus(id, format), () =>
      this.fetch('publisher', `/locations/${encodeStrict(id)}/menus/${query({ format: format === 'short' ? 'short' : undefined })}`, id,
        (body): MenusResponse => ({ menus: unwrap(normalizeMenus(body, this.normalize), 'publisher') })), [id]);
  }

  /** One upstream photo list at one size: `{photos}` without variants. */
  private photoList(id: string, p: PhotoParams): Promise<CacheResult> {
    return this.cache.get(`photo-list:${id}:${p.type ?? ''}:${p.width ?? ''}:${p.height ?? ''}`, () =>
      this.fetch('publisher', `/locations/${encodeStrict(id)}/photos/${query({ width: p.width, height: p.height, type: p.type })}`, id,
        (body): PhotosResponse => ({ photos: unwrap(normalizePhotos(body, this.normalize), 'publisher') })), [id]);
  }

  /**
   * Photos at the requested size, each with `variants` for PHOTO_VARIANT_WIDTHS made by the upstream's
   * width transformation (one more cached upstream list per width, shared by every request).
   */
  photos(id: string, p: PhotoParams): Promise<CacheResult> {
    return this.cache.get(keys.photos(id, p), async (): Promise<Loaded> => {
      const [base, ...sized] = await Promise.all([
        this.photoList(id, p),
        ...PHOTO_VARIANT_WIDTHS.map((width) => this.photoList(id, { type: p.type, width, height: undefined })),
      ]);
      if (base!.entry.status !== 200) return { status: base!.entry.status, value: base!.entry.value };
      const byWidth = sized.map((r, i) => ({
        width: PHOTO_VARIANT_WIDTHS[i]!,
        photos: r.entry.status === 200 ? new Map((r.entry.value as PhotosResponse).photos.map((ph) => [ph.id, ph])) : new Map<string, Photo>(),
      }));
      const photos = (base!.entry.value as PhotosResponse).photos.map((photo): Photo => {
        // The upstream keeps original_* at any size; the contract gives the size of `url`.
        const size = photo.width && photo.height ? fit(photo.width, photo.height, p.width, p.height) : null;
        return { ...photo, width: size?.width ?? photo.width, height: size?.height ?? photo.height, variants: variantsOf(photo, byWidth) };
      });
      return { status: 200, value: { photos } satisfies PhotosResponse };
    }, [id]);
  }

  actions(id: string, p: ActionsParams): Promise<CacheResult> {
    return this.cache.get(keys.actions(id, p), () =>
      this.fetch('actions', `/locations/${encodeStrict(id)}/actions/${query({ type: p.type, top: p.top || undefined, nearby: p.nearby || undefined })}`, id,
        (body): ActionsResponse => {
          const actions = unwrap(normalizeActionList(body, this.normalize), 'actions');
          // The upstream flags the stand-in (`nearby: true`, the sandbox's decision for a shape spec 001
          // does not show); actions of other locations can only be there for the same reason.
          const flagged = typeof body === 'object' && body !== null && (body as { nearby?: unknown }).nearby === true;
          const source = p.nearby && (flagged || actions.some((a) => a.locationId !== '' && a.locationId !== id)) ? 'nearby' : 'location';
          return { actions, source };
        }), [id]);
  }

  nearbyOfLocation(id: string, p: LocationNearbyParams): Promise<CacheResult> {
    const q = { ...filterQuery(p), self: p.self, nearby_only: p.nearbyOnly };
    const path = `/locations/${encodeStrict(id)}/actions/nearby${query(q)}`;
    return this.cache.get(`nearby:${id}:${path}`, async (): Promise<Loaded> => {
      const response = await this.upstream.get('actions', path);
      if (response.status === 404) return { status: 404, value: unknownLocation(id) };
      const centre = await this.centreOf(id, response.body);
      return { status: 200, value: { results: unwrap(normalizeNearby(response.body, centre, this.normalize), 'actions') } satisfies NearbyResponse };
    }, [id]);
  }

  nearby(p: PointNearbyParams): Promise<CacheResult> {
    // Coordinates rounded to ~1 m: closer points are the same search and share an entry.
    const latitude = Math.round(p.latitude * 1e5) / 1e5;
    const longitude = Math.round(p.longitude * 1e5) / 1e5;
    const path = `/actions/nearby${query({ latitude, longitude, ...filterQuery(p) })}`;
    return this.cache.get(`nearby-point:${path}`, async (): Promise<Loaded> => {
      const response = await this.upstream.get('actions', path);
      if (response.status === 404) throw new GatewayError(502, 'UPSTREAM_ERROR', 'The actions API does not know the nearby search.');
      return { status: 200, value: { results: unwrap(normalizeNearby(response.body, { latitude, longitude }, this.normalize), 'actions') } satisfies NearbyResponse };
    });
  }

  /** The search centre of a location's nearby search: its own coordinates, from the results or the Publisher API. */
  private async centreOf(id: string, body: unknown): Promise<Coordinates | null> {
    if (Array.isArray(body)) {
      for (const entry of body) {
        const loc = (entry as { location?: { id?: unknown; latitude?: unknown; longitude?: unknown } } | null)?.location;
        if (loc?.id === id && typeof loc.latitude === 'number' && typeof loc.longitude === 'number') return { latitude: loc.latitude, longitude: loc.longitude };
      }
    }
    try {
      const { entry } = await this.location(id);
      return entry.status === 200 ? (entry.value as { location: Location }).location.coordinates : null;
    } catch {
      return null;
    }
  }
}

function filterQuery(p: NearbyFilters) {
  return {
    // The numeric id is unambiguous upstream whatever the name's spelling.
    type: p.type ? actionTypeId(p.type) : undefined,
    radius: p.radius,
    limit: p.limit,
    owner_verified: p.ownerVerified,
    business_type: p.businessType?.join(','),
    cuisine: p.cuisine?.join(','),
  };
}

/** The size of an image scaled down (never up) to fit the bounds, aspect ratio kept. */
export function fit(width: number, height: number, maxWidth?: number, maxHeight?: number): { width: number; height: number } {
  const scale = Math.min(1, maxWidth ? maxWidth / width : 1, maxHeight ? maxHeight / height : 1);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Smaller renditions of one photo, ascending, from the per-width lists (`photo` carries the original
 * size). Widths at or above the original are left out: they would be the original again.
 */
function variantsOf(photo: Photo, byWidth: { width: number; photos: Map<string, Photo> }[]): PhotoVariant[] {
  if (!photo.width || !photo.height) return [];
  const variants: PhotoVariant[] = [];
  for (const { width, photos } of byWidth) {
    const sized = photos.get(photo.id);
    if (!sized || width >= photo.width) continue;
    variants.push({ ...fit(photo.width, photo.height, width), url: sized.url });
  }
  return variants.sort((a, b) => a.width - b.width);
}
