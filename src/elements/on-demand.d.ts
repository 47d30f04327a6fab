/**
 * The script-tag bundle's element table (scripts/elements.mjs makes it from src/elements/all.ts at build time): each
 * element's tag, in the one list's order, a function that imports its registration module (a chunk of its own), and,
 * where the element's folder has a `loader-hints.ts`, its rule for whether it will read its location's page data.
 */
declare module 'merchant-elements:on-demand' {
  const elements: ReadonlyArray<readonly [tag: string, load: () => Promise<unknown>, readsPageData?: (element: Element) => boolean]>;
  export default elements;
}
