/** <merchant-photos> UI strings in English; the type each language module in src/elements/i18n/ satisfies. */

export interface PhotosStrings {
  gallery: string;
  noPhotos: string;
  close: string;
  previous: string;
  next: string;
  /** "Photo 2 of 5", then ": title" when there is one: thumbnail and lightbox labels, and the lightbox counter. */
  photo: (n: number, total: number, title?: string | null) => string;
}

export default {
  gallery: 'Photos',
  noPhotos: 'No photos are available yet.',
  close: 'Close',
  previous: 'Previous photo',
  next: 'Next photo',
  photo: (n, total, title) => `Photo ${n} of ${total}${title ? `: ${title}` : ''}`,
} satisfies PhotosStrings;

// The `photos` namespace of every language module (src/elements/i18n/types.ts collects them): declared beside its English.
// The import puts types.ts in every program that has this file (an augmentation cannot bring its module in).
import type {} from '../i18n/types.ts';
declare module '../i18n/types.ts' {
  interface Translations {
    photos: PhotosStrings;
  }
}
