/**
 * Which copy of the elements registers them when a page loads more than one: the module and classic builds side by
 * side, the standalone script beside the bundle, or the same build from two addresses (a CDN and the site). Each such
 * copy has its own Lit, its own element files and its own request cache.
 *
 * The first copy to run registers the elements, loads their files and takes over the server-rendered ones; a copy
 * from another address does none of it. Before, whichever copy's element file arrived first registered that element:
 * on a page that enforces Trusted Types with `trusted-types lit-html`, only the first copy has a policy to render with
 * (scripts/rollup-lit-policy.mjs), so an element a later copy registered rendered nothing (its templates refused) when
 * that copy's file came first (test/e2e/csp.test.ts, the bundle loaded four times). The same address with another
 * query string (`merchant-elements.js?ver=2`) is the same copy: its element files import the bundle at its plain
 * address, a second instance that must register them (docs/distribution.md says to avoid the query).
 *
 * The npm package never claims the page (an app's own build registers its elements, as before): only the script-tag
 * entries do, through their first import (claim-page.ts), before their Lit and their elements evaluate.
 */
const CLAIM = Symbol.for('merchant-elements.registering-copy');

let registers = true;

/** Whether this copy registers its elements: false in a copy from another address than the page's first copy's. */
export const registersElements = (): boolean => registers;

/** Claims the page for the copy at `address` (its script's URL), unless a copy from another address has. */
export function claimPage(address: string): void {
  const copy = address.replace(/[?#].*$/, '');
  const page = globalThis as { [CLAIM]?: string };
  page[CLAIM] ??= copy;
  registers = page[CLAIM] === copy;
}
