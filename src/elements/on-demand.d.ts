/**
 * The script-tag bundle's element table (scripts/elements.mjs makes it from src/elements/all.ts at build time): each
 * element's tag, in the one list's order, a function that imports its registration module (a chunk of its own), its
 * file's size as served (gzip, measured by the build: scripts/rollup-combined-elements.mjs; NaN or undefined when the
 * build measured none), and, where the element's folder has a `loader-hints.ts`, its rules: for the data it will ask
 * for first (`firstData`), and for the on-demand modules to start with it (`firstModules`). `combined`: the file holding
 * every element's registration and its size (null when the build makes none).
 */
declare module 'merchant-elements:on-demand' {
  const elements: ReadonlyArray<import('./autoload.ts').OnDemandElement>;
  export default elements;
  export const combined: import('./autoload.ts').CombinedElements | null;
}
