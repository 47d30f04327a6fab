/** UI strings of `<merchant-photos>` in English, Spanish, French and German. */
import { strings } from '../shared/i18n.ts';

export interface PhotosStrings {
  gallery: string;
  noPhotos: string;
  close: string;
  previous: string;
  next: string;
  /** Label of a thumbnail button. */
  open: (n: number, total: number, title: string | null) => string;
  /** Name of the lightbox when the photo has no title. */
  photo: (n: number, total: number) => string;
  counter: (n: number, total: number) => string;
}

const en: PhotosStrings = {
  gallery: 'Photos',
  noPhotos: 'No photos are available yet.',
  close: 'Close',
  previous: 'Previous photo',
  next: 'Next photo',
  open: (n, total, title) => `Open photo ${n} of ${total}${title ? `: ${title}` : ''}`,
  photo: (n, total) => `Photo ${n} of ${total}`,
  counter: (n, total) => `${n} of ${total}`,
};

/** Strings for a BCP 47 locale (`fr-CA` → French), once its language is loaded (shared/i18n's loadLanguage); else English. */
export const photosStrings: (locale: string | null | undefined) => PhotosStrings = strings('photos', en);
