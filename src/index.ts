/**
 * merchant-elements: the all-elements entry. Importing it registers every element.
 * One line per element's registration file (`src/elements/<name>/define.ts`); each also re-exports its class.
 */
export * from './elements/shared/index.ts';
export * from './client/index.ts';
export * from './elements/provider/define.ts';
export * from './elements/actions/define.ts';
export * from './elements/location/define.ts';
export * from './elements/nearby/define.ts';
export * from './elements/menu/define.ts';
export * from './elements/hours/define.ts';
export * from './elements/photos/define.ts';
