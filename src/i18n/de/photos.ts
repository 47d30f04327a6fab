import type { PhotosStrings } from '../../elements/photos/photos-i18n.ts';

export default {
  gallery: 'Fotos',
  noPhotos: 'Noch keine Fotos verfügbar.',
  close: 'Schließen',
  previous: 'Vorheriges Foto',
  next: 'Nächstes Foto',
  open: (n, total, title) => `Foto ${n} von ${total} öffnen${title ? `: ${title}` : ''}`,
  photo: (n, total) => `Foto ${n} von ${total}`,
  counter: (n, total) => `${n} von ${total}`,
} satisfies PhotosStrings;
