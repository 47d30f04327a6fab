import type { PhotosStrings } from './en.ts';

export default {
  gallery: 'Fotos',
  noPhotos: 'Aún no hay fotos disponibles.',
  close: 'Cerrar',
  previous: 'Foto anterior',
  next: 'Foto siguiente',
  photo: (n, total, title) => `Foto ${n} de ${total}${title ? `: ${title}` : ''}`,
} satisfies PhotosStrings;
