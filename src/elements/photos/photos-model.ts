/**
 * Pure logic of `<merchant-photos>`: the type filter, main image first, `srcset` from the contract's
 * `variants` (http(s) only), and the intrinsic size used for the reserved aspect ratio.
 */
import { PHOTO_TYPES, type Photo, type PhotoType } from '../../contract/index.ts';
import { safeUrl } from '../shared/url.ts';

/** Parses `type="interior, exterior"` into known types (case-insensitive; `product` counts as `item`). */
export function parsePhotoTypes(value: string | null | undefined): PhotoType[] {
  if (typeof value !== 'string') return [];
  const words = value.toLowerCase().split(/[\s,]+/).filter(Boolean).map((w) => (w === 'product' ? 'item' : w));
  return PHOTO_TYPES.filter((t) => words.includes(t));
}

/** Photos with a usable URL, filtered by type, the main image first, then in the given order. */
export function visiblePhotos(photos: readonly Photo[] | null | undefined, types: readonly PhotoType[] = [], limit?: number | null): Photo[] {
  if (!Array.isArray(photos)) return [];
  const kept = photos.filter((p) => p && safeUrl(p.url) && (types.length === 0 || types.includes(p.type)));
  const sorted = [...kept.filter((p) => p.main === true), ...kept.filter((p) => p.main !== true)];
  return limit != null && limit > 0 ? sorted.slice(0, Math.floor(limit)) : sorted;
}

function positive(n: unknown): n is number {
  return typeof n === 'number' && Number.isFinite(n) && n > 0;
}

/** `url 320w, url 640w, …` from the variants and the photo itself (when its width is known); '' when none. */
export function photoSrcset(photo: Photo): string {
  const entries = new Map<number, string>();
  for (const v of Array.isArray(photo.variants) ? photo.variants : []) {
    const url = safeUrl(v?.url);
    if (url && positive(v.width) && !entries.has(Math.round(v.width))) entries.set(Math.round(v.width), url);
  }
  const own = safeUrl(photo.url);
  if (own && positive(photo.width) && !entries.has(Math.round(photo.width))) entries.set(Math.round(photo.width), own);
  if (entries.size < 2 && !(photo.variants?.length)) return '';
  return [...entries.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([w, url]) => `${url.replace(/[\s,]/g, encodeURIComponent)} ${w}w`)
    .join(', ');
}

/** Width/height attributes for the reserved box: the photo's, else its largest variant's, else 4:3. */
export function photoSize(photo: Photo): { width: number; height: number } {
  if (positive(photo.width) && positive(photo.height)) return { width: Math.round(photo.width), height: Math.round(photo.height) };
  const v = [...(photo.variants ?? [])].reverse().find((x) => positive(x?.width) && positive(x?.height));
  if (v) return { width: Math.round(v.width), height: Math.round(v.height) };
  return { width: 4, height: 3 };
}

/** The best URL for the lightbox: the photo URL (the size asked for, or the original). */
export function largeUrl(photo: Photo): string | null {
  return safeUrl(photo.url) ?? safeUrl([...(photo.variants ?? [])].pop()?.url);
}
