/** The shared element infrastructure (see merchant-element.ts for the base class contract). */
export * from './merchant-element.ts';
export * from './context.ts';
export * from './config.ts';
export * from './events.ts';
export * from './i18n.ts';
export * from './icons.ts';
export * from './locale.ts';
export * from './styles.ts';
export * from './structured-data.ts';
export * from './json-ld.ts';
export * from './url.ts';
export * from './action-link.ts';
