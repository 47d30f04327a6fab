/**
 * The script-tag bundle's element table (scripts/elements.mjs makes it from src/elements/all.ts at build time): each
 * element's tag, in the one list's order, and a function that imports its registration module (a chunk of its own).
 */
declare module 'merchant-elements:on-demand' {
  const elements: ReadonlyArray<readonly [tag: string, load: () => Promise<unknown>]>;
  export default elements;
}
