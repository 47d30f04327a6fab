/**
 * Lit's hydration (@lit-labs/ssr-client's `hydrate`), an on-demand module: the takeover (takeover.ts) imports it when
 * the page holds a server-rendered element, so a page without one does not load it (docs/ssr.md "Hydration"). It
 * binds a render of the element's own templates to the server's markup (found by the comment markers Lit's SSR
 * writes, src/ssr/render.ts) instead of making that DOM again.
 */
export { hydrate } from '@lit-labs/ssr-client';
