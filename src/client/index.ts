/** Browser client of the widget contract v1: a page-level, de-duplicating request cache and typed loaders. */
export * from './errors.ts';
export * from './request.ts';
export * from './api.ts';
