/**
 * Server rendering of the elements with Lit's own SSR (@lit-labs/ssr), from the same classes and templates as the
 * browser: an element's tag and attributes, a declarative shadow root with the markup the browser would render and
 * the styles it needs, the schema.org JSON-LD, and the gateway's answers the element used (as JSON data blocks), so
 * the element takes over in the browser without a second request (src/elements/shared/takeover.ts).
 *
 * The renderer drives the element through its public API, as Lit's SSR drives any element (see "Server rendering"
 * in src/elements/shared/merchant-element.ts): Lit's element renderer makes the element and sets its attributes;
 * `reload()` loads its data with its own `load()`, and `merchant-load` / `merchant-error` tell the outcome; Lit's SSR
 * renders that same instance; `serverStructuredData` gives its JSON-LD; the element draws its own server-only text
 * (the hours' "as of") under Lit's `isServer`. What stays here is what only a server has: the DOM shim, the capture
 * of the gateway's answers, and the route's HTML around the element.
 *
 * The element's requests go through the client's request cache, whose `fetch` is sent to the gateway in the same
 * process (`fetchGateway`); the answers it received are recorded per render (AsyncLocalStorage), so concurrent
 * renders do not mix.
 *
 * Runs in Node under Lit's DOM shim: this module is the one place where browser code runs on the server, so it has
 * its own TypeScript project (tsconfig.ssr.json: DOM and Node types).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { register } from 'node:module';
import { transform } from 'lightningcss';
import { LitElementRenderer, render } from '@lit-labs/ssr';
import type { ElementRendererConstructor } from '@lit-labs/ssr/lib/element-renderer.js';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';
import { invalidate } from '../client/request.ts';
import type { MerchantElement, ModulesBesideData } from '../elements/shared/merchant-element.ts';
import type { MerchantErrorDetail } from '../elements/shared/events.ts';
import { serverStructuredData } from '../elements/shared/structured-data.ts';
import { jsonLdText } from '../elements/shared/json-ld.ts';

// Lit's DOM shim, with Node's EventTarget kept and an empty page's answers (dom-shim.ts); fetch as it was before
// the shim wrapped it, which the route below calls for the network.
const { networkFetch } = await import('./dom-shim.ts');

// The browser hydrates what this renders (src/elements/shared/hydrate.ts), and Lit's hydration finds each template by
// a digest of its strings: the elements' templates must be the strings the browser runs, which the browser builds
// minify (scripts/rollup-minify-templates.mjs). Built (dist/node/ssr/render.js), the server build minified them the
// same way (scripts/build-node.mjs); run from the sources (tsx: the tests, the benches, `npm start` from a checkout),
// a module hook minifies each element module as it is loaded, with the same minifier and options. None of this
// module's static imports holds an element's template, so every template is loaded after the hook is in place.
if (import.meta.url.endsWith('.ts')) register('../../scripts/minify-templates-hook.mjs', import.meta.url);

// Registered after the DOM shim is installed: a static import of the elements is linked before this module's
// first import has run (seen under tsx), and would find no customElements to define them in.
const entry = await import('../index.ts');

/**
 * The elements a server can render, by tag: every element the package registers that is built on MerchantElement
 * (the provider shows nothing of its own). Read from the registry, so a new element is renderable by itself.
 */
const RENDERABLE = new Map<string, typeof entry.MerchantElement>(
  Object.values(entry).flatMap((value) => {
    const tag =
      typeof value === 'function' && value.prototype instanceof entry.MerchantElement ? customElements.getName(value as CustomElementConstructor) : null;
    return tag ? [[tag, value as typeof entry.MerchantElement] as const] : [];
  }),
);

/**
 * The on-demand modules the element `tag` loads beside its data, given its attributes (`attribute(name)`: its value, or
 * null): its class's rule (`MerchantElement.modulesBesideData`, a full menu's navigation and tools), read from the
 * registry like the elements themselves. None for an element without a rule, or one this server does not render.
 */
export function modulesBesideData(tag: string, attribute: (name: string) => string | null): readonly string[] {
  const rule = RENDERABLE.get(tag)?.modulesBesideData;
  if (!rule || (rule.unless && attribute(rule.unless.attribute) === rule.unless.value)) return [];
  return rule.modules;
}

/** Every rule, by tag: the WordPress plugin's generated/view-modules.json (scripts/build-wordpress.mjs). */
export function modulesBesideDataTable(): Record<string, ModulesBesideData> {
  return Object.fromEntries([...RENDERABLE].flatMap(([tag, element]) => (element.modulesBesideData ? [[tag, element.modulesBesideData]] : [])));
}

/** Attributes a page cannot set through a render: `state` is the element's own (read-only). */
const NOT_FOR_RENDER = new Set(['state']);

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

export class RenderError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** An answer the element used, with its age as the gateway gave it (written on its data block). */
interface Answer {
  body: unknown;
  /** When its data was fetched upstream, ISO 8601 UTC to the second (from Last-Modified); null when not said. */
  fetched: string | null;
  /** Seconds it counts as fresh after `fetched`: the gateway's window (s-maxage); null when not said. */
  fresh: string | null;
  etag: string | null;
}

/** The gateway a render loads from (its public origin, and how to reach it in this process), and what it answered. */
interface RenderScope {
  origin: string;
  fetch(request: Request): Promise<Response>;
  answers: Map<string, Answer>;
}

/** The data's age from a gateway answer's headers: Last-Modified (fetch time) and s-maxage (freshness window). */
function ageOf(headers: Headers): Pick<Answer, 'fetched' | 'fresh' | 'etag'> {
  const fetchedAt = Date.parse(headers.get('last-modified') ?? '');
  const seconds = /(?:^|[,\s])s-maxage=(\d+)/.exec(headers.get('cache-control') ?? '')?.[1];
  return {
    fetched: Number.isFinite(fetchedAt) ? new Date(fetchedAt).toISOString().replace(/\.\d{3}Z$/, 'Z') : null,
    fresh: seconds ?? null,
    etag: headers.get('etag'),
  };
}

const scope = new AsyncLocalStorage<RenderScope>();

// The client's requests during a render go to the render's gateway in this process (recorded for the data blocks);
// every other request, and every request outside a render, goes to the network as before.
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const current = scope.getStore();
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!current || new URL(url).origin !== current.origin) return networkFetch(input, init);
  // Uncompressed: its ETag is then the answer's own (a compressed one's names its encoding), the same whether the
  // render reaches the gateway in this process or over the network (`merchant-elements render`).
  const request = new Request(url, init);
  request.headers.set('accept-encoding', 'identity');
  const response = await current.fetch(request);
  if (response.ok) {
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => undefined);
    if (body !== undefined) current.answers.set(url, { body, ...ageOf(response.headers) });
  }
  return response;
};

/** `</script>` and `<!--` cannot end or open anything inside a data block once `<` is escaped. */
const scriptText = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A data block's attributes: the URL it answers, and its age (docs/ssr.md): `data-merchant-fetched` (ISO 8601 UTC),
 * `data-merchant-fresh` (seconds) and `data-merchant-etag`, each written only when the gateway said it. The
 * WordPress plugin writes the same attributes.
 */
function dataBlockAttributes(url: string, { fetched, fresh, etag }: Answer): string {
  const attributes: Array<[string, string | null]> = [
    ['data-merchant-url', url],
    ['data-merchant-fetched', fetched],
    ['data-merchant-fresh', fresh],
    ['data-merchant-etag', etag],
  ];
  return attributes.map(([name, value]) => (value === null ? '' : ` ${name}="${escapeAttribute(value)}"`)).join('');
}

/** RenderError 400 for a tag that is not a renderable element, or an attribute it does not have. */
function checkRequest(tag: string, attributes: Record<string, string>): void {
  const ElementClass = RENDERABLE.get(tag);
  if (!ElementClass) throw new RenderError(400, 'UNKNOWN_ELEMENT', `There is no element "${tag}" to render.`);
  const known = ElementClass.observedAttributes.filter((name) => !NOT_FOR_RENDER.has(name));
  for (const name of Object.keys(attributes)) {
    if (!known.includes(name))
      throw new RenderError(400, 'INVALID_PARAMETER', `Parameter "${name}" is not an attribute of <${tag}> (known: ${known.sort().join(', ')}).`);
  }
}

/** Lit's element renderer for `loaded`: Lit's SSR renders that instance, loaded beforehand, instead of a new one. */
function rendererOf(loaded: MerchantElement<unknown>): ElementRendererConstructor {
  return class extends LitElementRenderer {
    static override matchesClass(ctor: typeof HTMLElement): boolean {
      return ctor === loaded.constructor;
    }
    constructor(tag: string) {
      super(tag);
      this.element = loaded;
    }
  };
}

/**
 * Lit's SSR marks every template part it writes with a comment (`<!--lit-part DIGEST-->`, `<!--/lit-part-->`,
 * `<!--lit-node N-->`), and Lit's hydration finds its parts by them: the browser keeps the server's DOM and binds it
 * (src/elements/shared/takeover.ts), so those in the shadow root stay (1.4 KB of the server-rendered showcase's
 * brotli; docs/ssr.md). The pair around the element itself marks the route's own wrapper template, which no browser
 * hydrates (each element hydrates its shadow root): it goes, so the fragment is the element alone.
 */
const withoutWrapperMarkers = (html: string) => html.replace(/^<!--lit-part [\w+/=]*-->/, '').replace(/<!--\/lit-part-->$/, '');

/**
 * Each shadow root's stylesheet minified, as the browser builds carry it (Lit's template minifier runs lightningcss on
 * every css``: scripts/rollup-minify-templates.mjs); here the elements' classes run from their sources, comments and
 * indentation included: 10.7% of the server-rendered showcase's brotli (1.66 KB), ahead of the page's first paint.
 * Once per stylesheet text. What a strict CSP's hash names is this text (styleHashes).
 */
const minifiedStyles = new Map<string, string>();
function minifiedCss(text: string): string {
  let css = minifiedStyles.get(text);
  if (css === undefined) {
    css = transform({ filename: 'element.css', code: Buffer.from(text), minify: true }).code.toString();
    minifiedStyles.set(text, css);
  }
  return css;
}
/** Lit's SSR writes a shadow root's styles as one `<style>` first in its declarative template. */
const SHADOW_STYLE = /(<template shadowroot[^>]*><style>)([^]*?)(<\/style>)/g;
const withMinifiedStyles = (html: string) => html.replace(SHADOW_STYLE, (_, open: string, css: string, close: string) => open + minifiedCss(css) + close);

/**
 * The templates' indentation: the spaces and tabs beside each line break of a template's source (between tags and
 * between a tag's attributes), 10.6 of the showcase's 120 KB (0.55 KB of its brotli) for the phone to download and
 * parse before the page is live. A line break stays (one), so nothing renders otherwise: spaces and tabs beside a
 * line break are dropped by the browser under `white-space: normal` and `pre-line` (the menu's and the location's
 * multi-line text), the only modes the elements use. Left as they are: a `<style>` (its text is what a strict CSP's
 * hash names: styleHashes), a `<script>` (JSON) and every quoted attribute value (Lit escapes `"` in text and in
 * values, so a quote is always a value's delimiter).
 */
const INDENTATION = /(<(style|script)\b[^>]*>[^]*?<\/\2>|"[^"]*")|[ \t]*\n[ \t]*/g;
const withoutIndentation = (html: string) => html.replace(INDENTATION, (_, kept: string | undefined) => kept ?? '\n');

/**
 * The element, server-rendered. Throws RenderError 400 for an unknown element or attribute; the element's own
 * errors (an unknown location, a gateway failure) become a RenderError with the gateway's error resource.
 */
export async function renderElement({ tag, attributes, fetchGateway = networkFetch }: RenderRequest): Promise<RenderedElement> {
  checkRequest(tag, attributes);
  let origin: string;
  try {
    origin = new URL(attributes.endpoint ?? '').origin;
  } catch {
    throw new RenderError(400, 'INVALID_ENDPOINT', "A server render needs the gateway's public URL as `endpoint`.");
  }

  // The element, made and given its attributes by Lit's element renderer, as Lit's SSR makes every element.
  const maker = new LitElementRenderer(tag);
  // `lazy` waits for a viewport, which a server has not: the element loads now (the attribute is written below).
  for (const [name, value] of Object.entries(attributes)) if (name !== 'lazy') maker.setAttribute(name, value);
  const element = maker.element;
  if (!(element instanceof entry.MerchantElement)) throw new RenderError(400, 'UNKNOWN_ELEMENT', `There is no element "${tag}" to render.`);
  let data: unknown;
  let failure: MerchantErrorDetail | undefined;
  element.addEventListener('merchant-load', (event) => (data = event.detail));
  element.addEventListener('merchant-error', (event) => (failure = event.detail));
  const answers = new Map<string, Answer>();
  await scope.run({ origin, fetch: fetchGateway, answers }, async () => {
    try {
      await element.reload();
    } finally {
      for (const url of answers.keys()) invalidate(url);
    }
  });
  if (failure || data === undefined) {
    throw new RenderError(failure?.status_code || 502, failure?.error ?? 'RENDER_FAILED', failure?.message ?? 'The element could not be rendered.');
  }
  // Nothing to describe in the empty state (the element writes no JSON-LD there either).
  const structuredData = element.state === 'ready' ? await serverStructuredData(element) : null;

  // The light DOM beside the shadow root: the JSON-LD for crawlers, and the answers for the takeover. Both are JSON
  // with every `<` escaped, inside constant wrappers.
  const light = [
    structuredData ? `<script type="application/ld+json" data-merchant-structured-data>${jsonLdText(structuredData)}</script>` : '',
    ...[...answers].map(([url, answer]) => `<script type="application/json"${dataBlockAttributes(url, answer)}>${scriptText(answer.body)}</script>`),
  ].join('');
  // `lazy` stays: in the browser, a server-rendered `lazy` element keeps this content as it is until the visitor comes
  // near it, and only then loads its module and becomes live (MerchantElement's first update, the bundle's loader).
  // The on-demand modules its view loaded past its class's rule (a short menu's tabs), for the page's hints (modules.ts).
  const viewModules = element.viewModules().join(' ');
  const attributeText = Object.entries({ ...attributes, 'data-merchant-ssr': '', ...(viewModules && { 'data-merchant-modules': viewModules }) })
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`))
    .join('');
  // Lit's SSR renders the loaded element (its reflected `state` among its attributes, escaped above): its ready (or
  // empty) view, exactly as the browser renders it.
  const template = staticHtml`<${unsafeStatic(tag + attributeText)}>${unsafeStatic(light)}</${unsafeStatic(tag)}>`;
  const rendered = await collectResult(render(template, { elementRenderers: [rendererOf(element), LitElementRenderer] }));
  return { html: withoutIndentation(withMinifiedStyles(withoutWrapperMarkers(rendered))), urls: [...answers.keys()] };
}

/**
 * The hash of each element's shadow-root stylesheet, for a page whose Content Security Policy allows no inline
 * style: its `style-src` lists these (`'sha256-…'`), and the server-rendered elements are styled before any script.
 * Lit's SSR writes a shadow root's styles as one <style> holding every stylesheet's text in order, which the route
 * writes minified (withMinifiedStyles), so that minified text is what is hashed. Constant for a build.
 */
export function styleHashes(): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const [tag, ElementClass] of [...RENDERABLE].sort(([a], [b]) => a.localeCompare(b))) {
    const text = minifiedCss(ElementClass.elementStyles.map((style) => ('cssText' in style ? style.cssText : '')).join(''));
    hashes[tag] = `sha256-${createHash('sha256').update(text).digest('base64')}`;
  }
  return hashes;
}
