/**
 * Writes a JSON-LD `<script>` (loaded on demand by structured-data.ts, with an element's schema module).
 *
 * Trusted Types. A page enforcing `require-trusted-types-for 'script'; trusted-types lit-html` rejects
 * script text set through `textContent` (or appended text nodes): it needs a TrustedScript, and the
 * only policy the page allows is Lit's. So the script is written as the markup of a Lit template, which Lit
 * parses through its "lit-html" policy: the parser sets the script's text (trusted) and no sink is touched.
 * The JSON goes into the template with `lit/static-html.js`'s `unsafeStatic`, whose contract is that the caller
 * vouches for the markup.
 *
 * Why the markup is safe, and why this is not `unsafeHTML`: the only variable part is `JSON.stringify` output
 * in which `<`, `>`, `&`, U+2028 and U+2029 are escaped as `\uXXXX` (jsonLdText), so it contains no `<` at
 * all: nothing in it can end the raw-text `<script>` element (`</script`), open a comment or a tag, or start
 * a character reference; the HTML parser sees one text run inside a non-executable `application/ld+json`
 * script, and JSON.parse gives back the exact original strings. `unsafeHTML` would insert arbitrary markup
 * into an element's content; here the only markup is our constant
 * `<script type="application/ld+json" data-merchant-structured-data>` wrapper.
 */
import { render } from 'lit';
import { html, unsafeStatic } from 'lit/static-html.js';

/** JSON for a `<script type="application/ld+json">`, safe to serialise into HTML: no `<`, `>` or `&`. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A detached `<script type="application/ld+json" data-merchant-structured-data>` holding `data`. */
export function jsonLdScript(data: unknown): Element {
  // Rendered into a detached fragment, then moved by the caller: the host's light DOM gets no Lit part markers.
  const fragment = document.createDocumentFragment();
  render(html`<script type="application/ld+json" data-merchant-structured-data>${unsafeStatic(jsonLdText(data))}</script>`, fragment);
  return fragment.firstElementChild!;
}
