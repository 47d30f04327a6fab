import type { PhotosStrings } from './en.ts';

export default {
  gallery: 'Fotos',
  noPhotos: 'Noch keine Fotos verfügbar.',
  close: 'Schließen',
  previous: 'Vorheriges Foto',
  next: 'Nächstes Foto',
  photo: (n, total, title) => `Foto ${n} von ${total}${title ? `: ${title}` : ''}`,
} satisfies PhotosStrings;
