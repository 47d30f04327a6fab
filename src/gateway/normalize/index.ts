/** The normalizer: pure functions from anything the upstream sends to the widget contract. */
export { normalizeHours } from './hours.ts';
export { normalizeLocation, normalizeLocationSummary } from './location.ts';
export { normalizeMenu, normalizeMenus } from './menus.ts';
export { normalizePhoto, normalizePhotos, photoType } from './photos.ts';
export { distanceMetres, normalizeAction, normalizeActionList, normalizeNearby } from './actions.ts';
export { type NormalizeError, type NormalizeOptions, type Normalized } from './result.ts';
export * as values from './values.ts';
