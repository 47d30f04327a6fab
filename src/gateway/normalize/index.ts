/** The normalizer: pure functions from anything the upstream sends to the widget contract. */
export { normalizeHours } from './hours.ts';
export { normalizeLocation, normalizeLocationSummary } from './location.ts';
export { normalizeMenu, normalizeMenus } from './menus.ts';
export { normalizePhoto, normalizePhotos, photoType } from './photos.ts';
export { coordinatesInNearby, distanceMetres, normalizeAction, normalizeActionList, normalizeActions, normalizeNearby } from './actions.ts';
export { mapNormalized, type NormalizeError, type NormalizeOptions, type Normalized } from './result.ts';
export * as values from './values.ts';
