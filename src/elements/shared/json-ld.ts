/**
 * Writes a JSON-LD `<script>` (loaded on demand by structured-data.ts, with an element's schema module).
 *
 * Trusted Types. A page enforcing `require-trusted-types-for 'script'; trusted-types lit-html` rejects
 * script text set through `textContent` (or appended text nodes): it needs a TrustedScript, and the
 * only policy the page allows is Lit's. So the script is written as the markup of a Lit template, which Lit
 * parses through its "lit-html" policy: the parser sets the script's text (trusted) and no sink is touched.
 * The template's strings array is made here the way `lit/static-html.js` makes one for `unsafeStatic`
 * (an array carrying its own `raw`), with the same contract: the caller vouches for the markup.
 *
 * Why the markup is safe, and why this is not `unsafeHTML`: the only variable part is `JSON.stringify` output
 * in which `<`, `>`, `&`, U+2028 and U+2029 are escaped as `\uXXXX` (jsonLdText), so it contains no `<` at
 * all: nothing in it can end the raw-text `<script>` element (`</script`), open a comment or a tag, or start
 * a character reference; the HTML parser sees one text run inside a non-executable `application/ld+json`
 * script, and JSON.parse gives back the exact original strings. `unsafeHTML` would insert arbitrary markup
 * into an element's content; here the only markup is our constant
 * `<script type="application/ld+json" data-merchant-structured-data>` wrapper.
 *
 * Lit's `html` and `render` are passed in by the element (structured-data.ts) rather than imported: this
 * module imports nothing from Lit, so a bundler that splits it out on demand keeps Lit in the element's own
 * chunk instead of moving it to a shared one (about 0.4 KB and one more request per element). For the same
 * reason it does not use `lit/static-html.js` (0.2 KB, and an import of lit-html).
 */
import type { html as litHtml, render as litRender } from 'lit';

/** What the writer needs from Lit (the element's own copy). */
export interface LitTemplating {
  html: typeof litHtml;
  render: typeof litRender;
}

/** JSON for a `<script type="application/ld+json">`, safe to serialise into HTML: no `<`, `>` or `&`. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A detached `<script type="application/ld+json" data-merchant-structured-data>` holding `data`. */
export function jsonLdScript(data: unknown, { html, render }: LitTemplating): Element {
  const markup = `<script type="application/ld+json" data-merchant-structured-data>${jsonLdText(data)}</script>`;
  // A one-string template, as static-html builds one: Lit accepts it only as an array with its own `raw`.
  const strings = Object.assign([markup], { raw: [markup] }) as unknown as TemplateStringsArray;
  // Rendered into a detached fragment, then moved by the caller: the host's light DOM gets no Lit part markers.
  const fragment = document.createDocumentFragment();
  render(html(strings), fragment);
  return fragment.firstElementChild!;
}
