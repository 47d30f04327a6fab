import type { PhotosStrings } from './en.ts';

export default {
  gallery: 'Photos',
  noPhotos: 'Aucune photo n’est encore disponible.',
  close: 'Fermer',
  previous: 'Photo précédente',
  next: 'Photo suivante',
  photo: (n, total, title) => `Photo ${n} sur ${total}${title ? ` : ${title}` : ''}`,
} satisfies PhotosStrings;
