import type { PhotosStrings } from '../../elements/photos/photos-i18n.ts';

export default {
  gallery: 'Fotos',
  noPhotos: 'Aún no hay fotos disponibles.',
  close: 'Cerrar',
  previous: 'Foto anterior',
  next: 'Foto siguiente',
  open: (n, total, title) => `Abrir la foto ${n} de ${total}${title ? `: ${title}` : ''}`,
  photo: (n, total) => `Foto ${n} de ${total}`,
  counter: (n, total) => `${n} de ${total}`,
} satisfies PhotosStrings;
