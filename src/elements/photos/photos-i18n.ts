/** UI strings of `<merchant-photos>` in English, Spanish, French and German. */
import { uiLanguage } from '../shared/i18n.ts';

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

const es: PhotosStrings = {
  gallery: 'Fotos',
  noPhotos: 'Aún no hay fotos disponibles.',
  close: 'Cerrar',
  previous: 'Foto anterior',
  next: 'Foto siguiente',
  open: (n, total, title) => `Abrir la foto ${n} de ${total}${title ? `: ${title}` : ''}`,
  photo: (n, total) => `Foto ${n} de ${total}`,
  counter: (n, total) => `${n} de ${total}`,
};

const fr: PhotosStrings = {
  gallery: 'Photos',
  noPhotos: 'Aucune photo n’est encore disponible.',
  close: 'Fermer',
  previous: 'Photo précédente',
  next: 'Photo suivante',
  open: (n, total, title) => `Ouvrir la photo ${n} sur ${total}${title ? ` : ${title}` : ''}`,
  photo: (n, total) => `Photo ${n} sur ${total}`,
  counter: (n, total) => `${n} sur ${total}`,
};

const de: PhotosStrings = {
  gallery: 'Fotos',
  noPhotos: 'Noch keine Fotos verfügbar.',
  close: 'Schließen',
  previous: 'Vorheriges Foto',
  next: 'Nächstes Foto',
  open: (n, total, title) => `Foto ${n} von ${total} öffnen${title ? `: ${title}` : ''}`,
  photo: (n, total) => `Foto ${n} von ${total}`,
  counter: (n, total) => `${n} von ${total}`,
};

const TABLE = { en, es, fr, de };

/** `fr-CA` → French; English for any other language (shared/i18n's uiLanguage). */
export function photosStrings(locale: string | null | undefined): PhotosStrings {
  return TABLE[uiLanguage(locale)];
}
