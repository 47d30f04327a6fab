/**
 * `GET /v1/locations/{id}/photos`: photos at the requested size, each with `variants` for PHOTO_VARIANT_WIDTHS made
 * by the upstream's width transformation (one more cached upstream list per width, shared by every request).
 */
import { PHOTO_VARIANT_WIDTHS, type Photo, type PhotosResponse, type PhotoType, type PhotoVariant } from '../../contract/index.ts';
import { photosRoute } from '../../contract/routes.ts';
import { cacheKey, type CacheResult, type Loaded } from '../cache.ts';
import { mapNormalized, normalizePhotos } from '../normalize/index.ts';
import { encodeStrict, query } from '../upstream.ts';
import { cachedResource, fromUpstream, type ResourceContext } from './resource.ts';

interface PhotoSize {
  type: PhotoType | undefined;
  width: number | undefined;
  height: number | undefined;
}

const sizeKey = (id: string, { type, width, height }: PhotoSize) => `${id}:${type ?? ''}:${width ?? ''}:${height ?? ''}`;

export function photosResource({ cache, upstream, normalize }: ResourceContext) {
  /** One upstream photo list at one size: `{photos}` without variants. */
  const photoList = (id: string, size: PhotoSize): Promise<CacheResult<PhotosResponse>> =>
    cache.get(
      cacheKey<PhotosResponse>(`photo-list:${sizeKey(id, size)}`),
      () =>
        fromUpstream(
          upstream,
          'publisher',
          `/locations/${encodeStrict(id)}/photos/${query({ width: size.width, height: size.height, type: size.type })}`,
          id,
          (body) => mapNormalized(normalizePhotos(body, normalize), (photos) => ({ photos })),
        ),
      [id],
    );

  return cachedResource(cache, photosRoute, {
    key: (params) => cacheKey(`photos:${sizeKey(params.id, params)}`),
    async fill(params): Promise<Loaded<PhotosResponse>> {
      const [base, ...sized] = await Promise.all([
        photoList(params.id, params),
        ...PHOTO_VARIANT_WIDTHS.map((width) => photoList(params.id, { type: params.type, width, height: undefined })),
      ]);
      const { entry } = base!;
      if (entry.status !== 200) return entry;
      const byWidth = sized.map(({ entry: list }, i) => ({
        width: PHOTO_VARIANT_WIDTHS[i]!,
        photos: new Map(list.status === 200 ? list.value.photos.map((photo) => [photo.id, photo]) : []),
      }));
      const photos = entry.value.photos.map((photo): Photo => {
        // The upstream keeps original_* at any size; the contract gives the size of `url`.
        const size = photo.width && photo.height ? fit(photo.width, photo.height, params.width, params.height) : null;
        return { ...photo, width: size?.width ?? photo.width, height: size?.height ?? photo.height, variants: variantsOf(photo, byWidth) };
      });
      return { status: 200, value: { photos } };
    },
  });
}

/** The size of an image scaled down (never up) to fit the bounds, aspect ratio kept. */
export function fit(width: number, height: number, maxWidth?: number, maxHeight?: number): { width: number; height: number } {
  const scale = Math.min(1, maxWidth ? maxWidth / width : 1, maxHeight ? maxHeight / height : 1);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Smaller renditions of one photo, ascending, from the per-width lists (`photo` carries the original size). Widths
 * at or above the original are left out: they would be the original again.
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
