/** Photos into the contract's `Photo` (variants are filled by the gateway from further sized requests). */
import { PHOTO_TYPES, type Photo, type PhotoType } from '../../contract/index.ts';
import { fail, ok, type Normalized, type NormalizeOptions } from './result.ts';
import type { PublisherPhoto } from '../../upstream/shapes.ts';
import { asArray, bool, id, isShaped, number, secureUrl, text, type Json } from './values.ts';

/**
 * Upstream types are lower-case from PHOTO_TYPES, but samples also show capitalised values and
 * `Product`. A product photo shows something the merchant sells, which is what `item` means, so
 * `Product` maps to `item` deliberately; anything unknown is `unclassified`.
 */
export function photoType(value: Json): PhotoType {
  const t = text(value)?.toLowerCase();
  if (t === 'product' || t === 'products') return 'item';
  return (PHOTO_TYPES as readonly string[]).includes(t ?? '') ? (t as PhotoType) : 'unclassified';
}

const positive = (value: Json): number | null => {
  const n = number(value);
  return n !== null && n > 0 ? Math.round(n) : null;
};

export function normalizePhoto(raw: Json, index: number, options: NormalizeOptions): Normalized<Photo> {
  if (!isShaped<PublisherPhoto>(raw)) return fail(`photos[${index}]`, 'the photo is not an object');
  const photoId = id(raw.photo_id ?? raw.id);
  if (photoId === null) return fail(`photos[${index}].photo_id`, 'the photo has no id');
  const href = secureUrl(raw.url, options.secureHosts);
  if (href === null) return fail(`photos[${index}].url`, 'the photo has no http(s) URL');
  const source = text(raw.source)?.toLowerCase();
  return ok({
    id: photoId,
    locationId: id(raw.location_id) ?? '',
    title: text(raw.title),
    type: photoType(raw.type),
    url: href,
    width: positive(raw.width ?? raw.original_width),
    height: positive(raw.height ?? raw.original_height),
    variants: [],
    source: source === 'platform' || source === 'mobile' ? source : null,
    main: bool(raw.main_image) ?? false,
    itemIds: asArray(raw.items)
      .map(id)
      .filter((i): i is string => i !== null),
  });
}

export function normalizePhotos(raw: Json, options: NormalizeOptions): Normalized<Photo[]> {
  if (!Array.isArray(raw)) return fail('photos', 'the photos are not a list');
  const photos: Photo[] = [];
  asArray(raw).forEach((p, i) => {
    const result = normalizePhoto(p, i, options);
    if (result.ok) photos.push(result.value);
  });
  // The merchant's main image first, then upstream order.
  return ok(photos.sort((a, b) => Number(b.main) - Number(a.main)));
}
