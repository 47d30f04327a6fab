/**
 * schema.org JSON-LD in the host's LIGHT DOM (search engines do not read shadow roots).
 *
 * `new StructuredDataController(host, source, writer)`: after each update, keeps one
 * `<script type="application/ld+json" data-merchant-structured-data>` child of the host for `source()`'s value
 * (none while it returns a falsy value, e.g. under `no-structured-data` or in the error state).
 *
 * Loaded on demand: `writer` is a dynamic import of the element's schema module (`menu-json-ld.ts`,
 * `hours-json-ld.ts`), which maps the data to schema.org and writes the script through `json-ld.ts`. It is
 * imported the first time there is something to write, after the element has rendered its data: structured
 * data is for crawlers, not for the visitor's first view, so its code stays out of the element's entry, and a page with `no-structured-data` never downloads it. A module that cannot be loaded
 * leaves the page without structured data and the element untouched.
 *
 * And only once the browser is idle (`whenIdle`, at most WRITE_WITHIN_MS later): on a phone the page's other elements
 * are still rendering when the first one has its data, and the schema modules (three requests, 2.6 KB) and their work
 * then stood between the diner and the last element's view (issue 29: the client-rendered showcase's longest request
 * chain was page → bundle → hours schema → menu schema, before ready). A crawler that renders the page (it waits for
 * the network to be idle) still finds the script; the server-rendered page carries its own.
 *
 * A new value (by identity: the element's data object, which a refresh replaces) rewrites the script; the same
 * value keeps it. Disconnecting removes the script (and cancels a write still waiting for the browser to be idle);
 * connecting again puts it back (or waits again). A server-rendered element's first
 * value keeps the server's script when the takeover left it (its data is what the server rendered from).
 *
 * On a server (Lit's `isServer`) no update writes anything: a server render asks `serverStructuredData(element)` for
 * the same schema.org value, from the same source and schema module, and writes it beside the element itself.
 */
import { isServer, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { whenIdle } from './when-idle.ts';

/** The longest a value waits for the browser to be idle before its script is written anyway (requestIdleCallback's timeout). */
export const WRITE_WITHIN_MS = 5000;

/**
 * An element's schema module: its default export builds the `<script>` for its data (null when there is nothing to
 * write); `schema` gives the schema.org value itself, for a server render.
 */
export type StructuredDataWriter<D> = () => Promise<{ default: (data: D) => Element | null; schema: (data: D) => object | null }>;

/** On a server: each element's structured data, by element (see serverStructuredData). Made there only. */
let onServer: WeakMap<HTMLElement, () => Promise<object | null>> | undefined;

/**
 * The schema.org value an element would write as JSON-LD for its current data (null when none: no controller, or
 * its source gives nothing, e.g. under `no-structured-data`). Server rendering only (src/ssr/render.ts).
 */
export function serverStructuredData(element: HTMLElement): Promise<object | null> {
  return onServer?.get(element)?.() ?? Promise.resolve(null);
}

export class StructuredDataController<D> implements ReactiveController {
  private __value: D | null = null;
  private __script: Element | null = null;
  /** Cancels the write waiting for the browser to be idle (whenIdle), while one is. */
  private __cancelWrite?: () => void;

  constructor(
    private readonly __host: ReactiveControllerHost & HTMLElement,
    private readonly __source: () => D | null | false | undefined,
    private readonly __writer: StructuredDataWriter<D>,
  ) {
    __host.addController(this);
    if (isServer) {
      (onServer ??= new WeakMap()).set(__host, async () => {
        const value = __source();
        return value ? (await __writer()).schema(value) : null;
      });
    }
  }

  hostConnected(): void {
    // Back in the DOM after a move (no update runs then): the script comes back with it, or is waited for again.
    if (this.__script) this.__host.append(this.__script);
    this.hostUpdated();
  }

  hostUpdated(): void {
    const value = this.__source() || null;
    if (value !== this.__value) {
      // A server-rendered element's first data is what the server wrote its JSON-LD from when the takeover left that
      // script in place (src/elements/shared/takeover.ts): it is this value's, kept as is, no schema module loaded.
      const written = !this.__value && !this.__script && value && this.__host.querySelector(':scope > script[data-merchant-structured-data]');
      this.__value = value;
      this.__cancelWrite?.();
      this.__cancelWrite = undefined;
      if (written) return void (this.__script = written);
      this.__replace(null);
      if (value) this.__cancelWrite = whenIdle(() => this.__write(value), WRITE_WITHIN_MS);
    }
  }

  hostDisconnected(): void {
    this.__script?.remove();
    // A write still waiting for the browser to be idle waits again once the host is back (hostConnected: a new value).
    if (this.__cancelWrite) {
      this.__cancelWrite();
      this.__cancelWrite = undefined;
      this.__value = null;
    }
  }

  private __write(value: D): void {
    this.__cancelWrite = undefined;
    // The script writer the schema modules share is asked for beside the schema module, not found in its imports
    // once it has arrived: one round trip for both, not two (issue 29).
    Promise.all([this.__writer(), import('./json-ld.ts')])
      .then(([{ default: write }]) => this.__value === value && this.__replace(write(value)))
      .catch(() => {}); // no structured data then; the element is unaffected
  }

  private __replace(script: Element | null): void {
    this.__script?.remove();
    this.__script = script;
    if (script && this.__host.isConnected) this.__host.append(script);
  }
}
