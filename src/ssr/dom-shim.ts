/**
 * Lit's DOM shim as this package installs it, wherever browser code (the elements) runs in Node: the server renderer
 * (src/ssr/render.ts) and the probe that works out each element's requests for the WordPress plugin
 * (scripts/wordpress-requests.ts). Import it before the elements, with a dynamic import: a static import of the
 * elements is linked before this module has run, and would find no customElements to define them in.
 *
 * The shim replaces globals the server needs as they were: Node's EventTarget (its streams and AbortSignal depend on
 * it; with the shim's, a fetched body cannot be read) and fetch (the shim wraps the global). EventTarget is restored
 * after; the shim's classes keep their own. The fetch of before is exported, for the renderer, which routes fetch
 * itself (the wrapper would call back into its route).
 */

/** The global fetch as it was before the shim wrapped it. */
export const networkFetch = globalThis.fetch;

const NodeEventTarget = globalThis.EventTarget;
await import('@lit-labs/ssr/lib/install-global-dom-shim.js');
globalThis.EventTarget = NodeEventTarget;

// What the elements ask of the page around them, which a server does not have: no page defaults (the attributes
// carry endpoint, location, locale and theme), no enclosing `lang`, no ancestors. The shim has none of these methods
// (where a later shim has one, its own stays); these are the answers of an empty page.
const emptyPage = (target: object, name: string, value: (this: unknown) => unknown) => name in target || Object.defineProperty(target, name, { value });
emptyPage(document, 'querySelector', () => null);
emptyPage(HTMLElement.prototype, 'closest', () => null);
emptyPage(HTMLElement.prototype, 'getRootNode', function () {
  return this;
});
