/**
 * Pure logic of `<merchant-photos>`: the type filter, main image first, and `srcset` from the contract's
 * `variants`. Every URL that reaches a `src` or `srcset` has passed `safeUrl` (http(s) only).
 */
import type { Photo } from '../../contract/index.ts';
import { safeUrl } from '../shared/url.ts';

/**
 * The photos to show: those with an http(s) URL and, when `type` names any (comma- or space-separated,
 * case-insensitive), of those types; the main image first.
 */
export function visiblePhotos(photos: Photo[], type: string | null): Photo[] {
  const types = type?.toLowerCase().match(/[a-z]+/g);
  return photos.filter((photo) => safeUrl(photo.url) && (!types || types.includes(photo.type))).sort((a, b) => Number(b.main) - Number(a.main));
}

/**
 * `url 320w, url 640w, …`: the variants (the contract gives them ascending and smaller than the photo)
 * then the photo itself, each with a known width; '' when none has one.
 */
export function photoSrcset(photo: Photo): string {
  return [...photo.variants, photo]
    .filter((image) => image.width && safeUrl(image.url))
    .map((image) => `${safeUrl(image.url)!.replace(/,/g, '%2C')} ${image.width}w`)
    .join(', ');
}
