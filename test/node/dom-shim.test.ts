/**
 * Lit's DOM shim is installed by one module (src/ssr/dom-shim.ts), which every place that runs the elements in Node
 * imports: the server renderer and the WordPress request probe set it up alike, so a change to the setup (a global
 * kept, a page answer added) reaches both. Fails when another file installs the shim itself, or when the module stops
 * keeping Node's EventTarget and fetch.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { root } from './dist-helpers.ts';

const SHIM = '@lit-labs/ssr/lib/install-global-dom-shim.js';
const SETUP = 'src/ssr/dom-shim.ts';

/** Source files under the folders that hold the project's own code. */
function sources(): string[] {
  const found: string[] = [];
  for (const folder of ['src', 'scripts', 'bench', 'demo', 'test']) {
    for (const entry of readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && /\.(ts|mjs|js)$/.test(entry.name)) found.push(path.relative(root, path.join(entry.parentPath, entry.name)));
    }
  }
  return found;
}

describe("Lit's DOM shim, set up in one module", () => {
  it(`only ${SETUP} installs the shim; the renderer and the request probe import it`, () => {
    const installers = sources().filter((file) => file !== 'test/node/dom-shim.test.ts' && readFileSync(path.join(root, file), 'utf8').includes(SHIM));
    assert.deepEqual(installers, [SETUP]);
    for (const user of ['src/ssr/render.ts', 'scripts/wordpress-requests.ts']) {
      assert.match(readFileSync(path.join(root, user), 'utf8'), /import\('(\.\/|\.\.\/src\/ssr\/)dom-shim\.ts'\)/, `${user} does not import ${SETUP}`);
    }
  });

  it("keeps Node's EventTarget and fetch, and answers as an empty page", async () => {
    const nodeEventTarget = globalThis.EventTarget;
    const nodeFetch = globalThis.fetch;
    const { networkFetch } = await import('../../src/ssr/dom-shim.ts');
    assert.equal(globalThis.EventTarget, nodeEventTarget, "Node's EventTarget was replaced (its AbortSignal needs it)");
    assert.equal(networkFetch, nodeFetch, 'networkFetch is not the fetch of before the shim');
    assert.equal(typeof customElements?.define, 'function', 'no customElements registry after the shim');
    assert.equal(document.querySelector('html'), null);
    // An element as the elements are: a subclass of the shim's HTMLElement.
    const element = new (class extends HTMLElement {})();
    assert.equal(element.closest('body'), null);
  });
});
