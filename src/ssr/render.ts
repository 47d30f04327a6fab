/**
 * Server rendering of the elements with Lit's own SSR (@lit-labs/ssr), from the same classes and templates as the
 * browser: an element's tag and attributes, a declarative shadow root with the markup the browser would render and
 * the styles it needs, the schema.org JSON-LD, and the gateway's answers the element used (as JSON data blocks), so
 * the element takes over in the browser without a second request (src/ssr/takeover.ts).
 *
 * The element loads its data exactly as in the browser, through the client's request cache, whose `fetch` is sent
 * to the gateway in the same process (`fetchGateway`); the answers it received are recorded per render
 * (AsyncLocalStorage), so concurrent renders do not mix.
 *
 * Runs in Node under Lit's DOM shim: this module is the one place where browser code runs on the server, so it has
 * its own TypeScript project (tsconfig.ssr.json: DOM and Node types).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';
import { invalidate } from '../client/request.ts';
import { toMerchantError } from '../client/errors.ts';
import { resolveConnection } from '../elements/shared/config.ts';
import { loadLanguage } from '../elements/shared/i18n.ts';
import type { MerchantElement } from '../elements/shared/merchant-element.ts';
import { jsonLdText } from '../elements/shared/json-ld.ts';
import { menuJsonLd } from '../elements/menu/menu-json-ld.ts';
import { localBusinessJsonLd } from '../elements/hours/hours-json-ld.ts';
import type { Location, Menu } from '../contract/index.ts';

// Lit's DOM shim replaces globals the server needs as they were: Node's EventTarget (its streams and AbortSignal
// depend on it; with the shim's, a fetched body cannot be read) and fetch (the shim wraps the global, which this
// module then routes: the wrapper would call back into the route). Both are taken before and EventTarget restored
// after; the shim's classes keep their own EventTarget.
const networkFetch = globalThis.fetch;
const NodeEventTarget = globalThis.EventTarget;
await import('@lit-labs/ssr/lib/install-global-dom-shim.js');
globalThis.EventTarget = NodeEventTarget;

// What the elements ask of the page, which the server does not have: no page defaults (the request carries endpoint,
// location, locale and theme as attributes), no enclosing `lang`, no ancestors.
const shimDocument = document as unknown as { querySelector?: () => null; querySelectorAll?: () => [] };
shimDocument.querySelector ??= () => null;
shimDocument.querySelectorAll ??= () => [];
const shimElement = HTMLElement.prototype as unknown as { closest?: () => null; getRootNode?: () => unknown; matches?: () => boolean };
shimElement.closest ??= () => null;
shimElement.getRootNode ??= function (this: unknown) { return this; };
shimElement.matches ??= () => false;

// Registered after the DOM shim is installed: a static import of the elements is linked before this module's
// first import has run (seen under tsx), and would find no customElements to define them in.
await import('../index.ts');

export interface RenderRequest {
  /** The element's tag, e.g. `merchant-menu`. */
  tag: string;
  /** The element's attributes, by name (a boolean attribute that is on: ''). `endpoint` is the gateway's public URL. */
  attributes: Record<string, string>;
  /** How to reach that gateway from here: the gateway's own handler when it renders itself; the network by default. */
  fetchGateway?(request: Request): Promise<Response>;
}

export interface RenderedElement {
  html: string;
  /** The gateway URLs the element's data came from (for caching and invalidation by location). */
  urls: string[];
}

/** The element as the renderer drives it. */
type ServerView = MerchantElement<unknown> & {
  attributeChangedCallback(name: string, old: null, value: string): void;
  readonly requiresLocationId: boolean;
  load(config: ReturnType<typeof resolveConnection>, signal: AbortSignal): Promise<unknown>;
  isEmpty(data: unknown): boolean;
};

export class RenderError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

/** The gateway a render loads from (its public origin, and how to reach it in this process), and what it answered. */
interface RenderScope {
  origin: string;
  fetch(request: Request): Promise<Response>;
  answers: Map<string, unknown>;
}

const scope = new AsyncLocalStorage<RenderScope>();


// The client's requests during a render go to the render's gateway in this process (recorded for the data blocks);
// every other request, and every request outside a render, goes to the network as before.
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const current = scope.getStore();
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!current || new URL(url).origin !== current.origin) return networkFetch(input, init);
  const response = await current.fetch(new Request(url, init));
  if (response.ok) {
    const body: unknown = await response.clone().json().catch(() => undefined);
    if (body !== undefined) current.answers.set(url, body);
  }
  return response;
};

/** `</script>` and `<!--` cannot end or open anything inside a data block once `<` is escaped. */
const scriptText = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The schema.org JSON-LD the element would add in the browser, for crawlers that do not run scripts. */
function jsonLdFor(tag: string, data: unknown, attributes: Record<string, string>): string {
  if ('no-structured-data' in attributes) return '';
  let value: unknown = null;
  if (tag === 'merchant-menu') value = menuJsonLd(data as Menu[]);
  if (tag === 'merchant-hours') value = localBusinessJsonLd(data as Location);
  return value ? `<script type="application/ld+json" data-merchant-structured-data>${jsonLdText(value)}</script>` : '';
}

/** "as of 9:42 AM", in the render's language: a status computed on the server says when. */
const AS_OF: Record<string, (time: string) => string> = {
  en: (time) => `as of ${time}`,
  es: (time) => `a las ${time}`,
  fr: (time) => `à ${time}`,
  de: (time) => `Stand ${time}`,
};

/**
 * Time-dependent text (the hours' "Open now, closes at 9 PM") is right when it is computed. In the browser the
 * element computes it again at once; without scripts, the server's copy (possibly from a cache) says when it was
 * computed, in the location's time zone.
 */
function markComputedAt(html: string, data: unknown, locale: string, now: Date): string {
  const at = html.indexOf('part="next-change"');
  const end = at < 0 ? -1 : html.indexOf('</p>', at);
  if (end < 0) return html;
  const timeZone = (data as Location).timeZone ?? undefined;
  let time: string;
  try {
    time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(now);
  } catch {
    time = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', timeZone }).format(now);
  }
  const words = (AS_OF[locale.slice(0, 2)] ?? AS_OF.en!)(time);
  return `${html.slice(0, end)} <time part="computed-at" class="detail" datetime="${now.toISOString()}">(${words})</time>${html.slice(end)}`;
}

/**
 * The element, server-rendered. Throws RenderError 400 for an unknown element or attribute; the element's own
 * errors (an unknown location, a gateway failure) become a RenderError with the gateway's error resource.
 */
export async function renderElement({ tag, attributes, fetchGateway = networkFetch }: RenderRequest): Promise<RenderedElement> {
  const ElementClass = customElements.get(tag) as (new () => MerchantElement<unknown>) | undefined;
  if (!/^merchant-[a-z]+$/.test(tag) || !ElementClass || tag === 'merchant-provider') {
    throw new RenderError(400, 'UNKNOWN_ELEMENT', `There is no element "${tag}" to render.`);
  }
  const known = new Set([...(ElementClass as unknown as { elementProperties: Map<string, { attribute?: string | false }> }).elementProperties]
    .map(([name, options]) => (typeof options.attribute === 'string' ? options.attribute : options.attribute === false ? '' : name.toLowerCase()))
    .filter((name) => name && name !== 'state' && name !== 'allow-widget-scripts'));
  for (const name of Object.keys(attributes)) {
    if (!known.has(name)) throw new RenderError(400, 'INVALID_PARAMETER', `Parameter "${name}" is not an attribute of <${tag}> (known: ${[...known].sort().join(', ')}).`);
  }

  const record = new Map<string, unknown>();
  let origin: string;
  try {
    origin = new URL(attributes.endpoint ?? '').origin;
  } catch {
    throw new RenderError(400, 'INVALID_ENDPOINT', 'A server render needs the gateway\'s public URL as `endpoint`.');
  }
  let empty = false;
  const data = await scope.run({ origin, fetch: fetchGateway, answers: record }, async () => {
    // The element's own load, as in the browser: the same URLs, the same selection of its data.
    // What the browser's lifecycle does with an element, done here by hand: the DOM shim calls no callbacks, and the
    // loading members are protected (the renderer is the one caller outside the element).
    const element = new ElementClass() as unknown as ServerView;
    for (const [name, value] of Object.entries(attributes)) {
      element.setAttribute(name, value);
      element.attributeChangedCallback(name, null, value);
    }
    try {
      const config = resolveConnection(element, undefined, element.requiresLocationId);
      // The UI language's strings, as the browser loads them beside the data.
      const [data] = await Promise.all([element.load(config, new AbortController().signal), loadLanguage(element.resolvedLocale)]);
      // Nothing to show (a location without menus): the element's empty state, as in the browser.
      empty = element.isEmpty(data);
      return data;
    } catch (cause) {
      const error = toMerchantError(cause);
      throw new RenderError(error.status_code || 502, error.error, error.message);
    } finally {
      for (const url of record.keys()) invalidate(url);
    }
  });

  const attributeText = Object.entries({ ...attributes, state: empty ? 'empty' : 'ready', 'data-merchant-ssr': '' })
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`)).join('');
  // The element renders its ready (or empty) state from `data` and `state` (the Task does not run on the server);
  // its attributes are written into the template as the page wrote them (escaped above).
  const rendered = await collectResult(render(staticHtml`<${unsafeStatic(tag + attributeText)} .data=${data}></${unsafeStatic(tag)}>`));
  const blocks = [...record].map(([url, body]) => `<script type="application/json" data-merchant-url="${escapeAttribute(url)}">${scriptText(body)}</script>`).join('');
  const marked = tag === 'merchant-hours' ? markComputedAt(rendered, data, attributes.locale ?? 'en', new Date()) : rendered;
  const end = marked.lastIndexOf(`</${tag}>`);
  // Nothing to describe in the empty state (the element writes no JSON-LD there either).
  const jsonLd = empty ? '' : jsonLdFor(tag, data, attributes);
  return { html: marked.slice(0, end) + jsonLd + blocks + marked.slice(end), urls: [...record.keys()] };
}

/**
 * The hash of each element's shadow-root stylesheet, for a page whose Content Security Policy allows no inline
 * style: its `style-src` lists these (`'sha256-…'`), and the server-rendered elements are styled before any script.
 * Lit's SSR writes a shadow root's styles as one <style> holding every stylesheet's text in order, so that text is
 * what is hashed. Constant for a build.
 */
export function styleHashes(): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const tag of ['merchant-actions', 'merchant-hours', 'merchant-location', 'merchant-menu', 'merchant-nearby', 'merchant-photos']) {
    const styles = (customElements.get(tag) as unknown as { elementStyles?: { cssText: string }[] } | undefined)?.elementStyles ?? [];
    hashes[tag] = `sha256-${createHash('sha256').update(styles.map((style) => style.cssText).join('')).digest('base64')}`;
  }
  return hashes;
}
