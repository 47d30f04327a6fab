/**
 * schema.org JSON-LD in the host's LIGHT DOM (search engines do not read shadow roots).
 *
 * `new StructuredDataController(host, () => data | null)`: after each update, keeps one
 * `<script type="application/ld+json" data-merchant-structured-data>` child of the host in sync with the
 * getter's value (removed when it returns null, e.g. under `no-structured-data`, and on disconnect).
 * The text is `JSON.stringify` with `<`, `>`, `&`, U+2028 and U+2029 escaped, set through `textContent`,
 * so upstream text can neither close the script nor be parsed as markup. The element renders no default
 * slot, so the script is never slotted or shown.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** JSON for a `<script type="application/ld+json">`, safe to serialise into HTML. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export class StructuredDataController implements ReactiveController {
  private script: HTMLScriptElement | null = null;
  private lastText = '';

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly build: () => unknown | null,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    // Re-attach after a move in the DOM (no update runs on reconnect).
    if (this.lastText === '' && this.host.isConnected) this.hostUpdated();
  }

  hostUpdated(): void {
    let data: unknown = null;
    try {
      data = this.build();
    } catch {
      data = null;
    }
    if (data == null) {
      this.remove();
      return;
    }
    const text = jsonLdText(data);
    if (!this.script) {
      this.script = document.createElement('script');
      this.script.type = 'application/ld+json';
      this.script.setAttribute('data-merchant-structured-data', '');
    }
    if (text !== this.lastText) {
      this.script.textContent = text;
      this.lastText = text;
    }
    if (this.script.parentNode !== this.host) this.host.append(this.script);
  }

  hostDisconnected(): void {
    this.remove();
  }

  private remove(): void {
    this.script?.remove();
    this.script = null;
    this.lastText = '';
  }
}
