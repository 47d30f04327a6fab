/**
 * schema.org JSON-LD in the host's LIGHT DOM (search engines do not read shadow roots).
 *
 * `new StructuredDataController(host, () => data | null)`: after each update, keeps one
 * `<script type="application/ld+json" data-merchant-structured-data>` child of the host in sync with the
 * getter's value (removed when it returns null, e.g. under `no-structured-data`, and on disconnect).
 * The element renders no default slot, so the script is never slotted or shown.
 *
 * Trusted Types. A page enforcing `require-trusted-types-for 'script'; trusted-types lit-html` rejects
 * script text set through `textContent` (or appended text nodes): it needs a TrustedScript, and the
 * only policy the page allows is Lit's. So the script is written as part of a Lit template, through
 * `lit/static-html.js`: `unsafeStatic(json)` makes the JSON part of the template's own markup, which Lit
 * parses through its "lit-html" policy, so the parser sets the script's text (trusted) and no sink is
 * touched.
 *
 * Why this is safe, and why it is not `unsafeHTML`: the string given to `unsafeStatic` is never
 * upstream text as such. It is `JSON.stringify` output in which `<`, `>`, `&`, U+2028 and U+2029 are
 * escaped as `\uXXXX` (jsonLdText), so it contains no `<` at all: nothing in it can end the raw-text
 * `<script>` element (`</script`), open a comment or a tag, or start a character reference; the HTML
 * parser sees one text run inside a non-executable `application/ld+json` script, and JSON.parse gives
 * back the exact original strings. `unsafeHTML` would insert arbitrary markup into an element's
 * content (and a `<script>` made that way carries untrusted text); here the only markup is our constant
 * `<script type="application/ld+json" data-merchant-structured-data>` wrapper.
 * Each distinct text becomes one static template (Lit caches it); a menu or a week changes rarely.
 */
import { render, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';

/** JSON for a `<script type="application/ld+json">`, safe to serialise into HTML: no `<`, `>` or `&`. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Keeps one JSON-LD `<script>` child of the host in sync with `build()` (see the module docs). */
export class StructuredDataController implements ReactiveController {
  private __script: Element | undefined;
  private __text: string | undefined;

  constructor(
    private readonly __host: ReactiveControllerHost & HTMLElement,
    private readonly __build: () => unknown,
  ) {
    __host.addController(this);
  }

  /** After a move in the DOM no update runs: put the script back. */
  hostConnected(): void {
    this.hostUpdated();
  }

  hostUpdated(): void {
    let text: string | undefined;
    try {
      const data = this.__build();
      text = data == null ? undefined : jsonLdText(data);
    } catch {
      // A builder bug must not break the element: no structured data then.
    }
    if (text !== this.__text) {
      this.hostDisconnected();
      this.__text = text;
      if (text) {
        // Rendered into a detached fragment, then moved: the host's light DOM gets no Lit part markers.
        const fragment = document.createDocumentFragment();
        render(staticHtml`<script type="application/ld+json" data-merchant-structured-data>${unsafeStatic(text)}</script>`, fragment);
        this.__script = fragment.firstElementChild!;
      }
    }
    if (this.__script && this.__script.parentNode !== this.__host) this.__host.append(this.__script);
  }

  hostDisconnected(): void {
    this.__script?.remove();
    this.__script = this.__text = undefined;
  }
}
