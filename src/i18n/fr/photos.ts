import type { PhotosStrings } from '../../elements/photos/photos-i18n.ts';

export default {
  gallery: 'Photos',
  noPhotos: 'Aucune photo n’est encore disponible.',
  close: 'Fermer',
  previous: 'Photo précédente',
  next: 'Photo suivante',
  open: (n, total, title) => `Ouvrir la photo ${n} sur ${total}${title ? ` : ${title}` : ''}`,
  photo: (n, total) => `Photo ${n} sur ${total}`,
  counter: (n, total) => `${n} sur ${total}`,
} satisfies PhotosStrings;
