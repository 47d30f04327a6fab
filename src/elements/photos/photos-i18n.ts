/** UI strings of `<merchant-photos>` in English, Spanish, French and German. */
import { strings } from '../shared/i18n.ts';

export interface PhotosStrings {
  gallery: string;
  noPhotos: string;
  close: string;
  previous: string;
  next: string;
  /** "Photo 2 of 5", then ": title" when there is one: thumbnail and lightbox labels, and the lightbox counter. */
  photo: (n: number, total: number, title?: string | null) => string;
}

const en: PhotosStrings = {
  gallery: 'Photos',
  noPhotos: 'No photos are available yet.',
  close: 'Close',
  previous: 'Previous photo',
  next: 'Next photo',
  photo: (n, total, title) => `Photo ${n} of ${total}${title ? `: ${title}` : ''}`,
};

/** Strings for a BCP 47 locale (`fr-CA` → French), once its language is loaded (shared/i18n's loadLanguage); else English. */
export const photosStrings: (locale: string | null | undefined) => PhotosStrings = strings('photos', en);
