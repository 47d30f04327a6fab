/**
 * Pure logic of `<merchant-photos>`: the type filter, main image first, and `srcset` from the contract's
 * `variants`. Every URL that reaches a `src` or `srcset` has passed `safeUrl` (http(s) only).
 */
import { PHOTO_TYPES, type Photo } from '../../contract/index.ts';
import { safeUrl } from '../shared/url.ts';

/**
 * The photos to show: those with an http(s) URL, of the types in `type` (comma- or space-separated,
 * case-insensitive, `product` meaning `item`; no known type means every type), the main image first,
 * at most `limit` of them.
 */
export function visiblePhotos(photos: Photo[], type: string | null, limit: number | null): Photo[] {
  const words = (type ?? '').toLowerCase().replace(/\bproduct\b/g, 'item').split(/[\s,]+/);
  const types = PHOTO_TYPES.filter((known) => words.includes(known));
  return photos
    .filter((photo) => safeUrl(photo.url) && (!types.length || types.includes(photo.type)))
    .sort((a, b) => Number(b.main) - Number(a.main))
    .slice(0, limit && limit > 0 ? limit : undefined);
}

/**
 * `url 320w, url 640w, …`: the variants (the contract gives them ascending and smaller than the photo)
 * then the photo itself; '' when there are no variants.
 */
export function photoSrcset(photo: Photo): string {
  if (!photo.variants.length) return '';
  return [...photo.variants, photo]
    .filter((image) => image.width && safeUrl(image.url))
    .map((image) => `${safeUrl(image.url)!.replace(/,/g, '%2C')} ${image.width}w`)
    .join(', ');
}
