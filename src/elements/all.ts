/**
 * The one list of elements: one line per element, registering it and re-exporting its class. The npm index
 * (src/index.ts) and the script-tag bundle (src/bundle.ts) both export this module; everything else that needs the
 * elements (the builds, the size budgets, the manifest and what reads it: the WordPress blocks, the configurator,
 * the server renderer's registry, the render CLI, the reserved-heights script) derives from the element folders
 * (scripts/elements.mjs) or from what this registers. test/node/element-list.test.ts fails when an element folder
 * is missing here, or an element is missing from any of those places.
 *
 * A new element: its folder (src/elements/<name>/define.ts and merchant-<name>.ts, with its @title, @icon and
 * @summary) and one line here. The provider comes first, so the elements inside one find it already defined.
 */
export * from './provider/define.ts';
export * from './actions/define.ts';
export * from './location/define.ts';
export * from './nearby/define.ts';
export * from './menu/define.ts';
export * from './hours/define.ts';
export * from './photos/define.ts';
