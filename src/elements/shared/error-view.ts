/**
 * An element's error view, loaded on demand the first time an element on the page fails: a working page never
 * downloads it. The element awaits it before showing the error state (merchant-element.ts), so the view is
 * complete from its first frame; if it cannot be loaded, the element shows the generic message alone.
 *
 * What it shows depends on who is looking (authorIsLooking). A visitor of a live site reads the short, neutral generic
 * message with a retry button, whatever went wrong: never the developer's words. Where the page's author works (a local
 * or development origin, a CMS editor or preview, or `debug=true` in the page defaults), a mistake the site owner can fix
 * (no endpoint, a bad endpoint, no location id, an unknown location, no answer at the endpoint, a service that refuses
 * this site (CORS), an address that is not a merchant data service) gets its own message, in the UI language; another
 * refusal (4xx, not 429) adds the gateway's words as a detail; anything else gets the generic message; a retry button
 * only where trying again can help. Every failure is logged once per element, with that advice, for whoever reads the
 * console, on a live site too.
 *
 * Its styles are adopted into the element's shadow root when first shown.
 */
import { css, html, nothing } from 'lit';
import type { ErrorResource } from '../../contract/index.ts';
import type { originCheckRoute } from '../../contract/routes.ts';
import { pageDefault } from './page-defaults.ts';
import { msg, strings } from './i18n.ts';
import en, { type ErrorContext, type ErrorStrings, type ExplainedError } from './error-strings.ts';

export type { ErrorContext, ErrorStrings, ExplainedError };

/** What the error view shows: `message` null means the generic "cannot be shown right now". */
export interface Explanation {
  message: string | null;
  /** The gateway's own words, for a request it refused (4xx other than the ones explained). */
  detail: string | null;
  /** Whether trying again can help (not for a mistake in the page's settings). */
  retry: boolean;
}

/** The configuration messages in a locale's language, once its language module is loaded (else English). */
const messages = strings('errors', en);

/** The element, as the view sees it. */
export interface ErrorViewHost extends HTMLElement {
  readonly resolvedLocale: string;
  readonly resolvedEndpoint: string | null;
  readonly resolvedLocationId: string | null;
  reload(): void;
}

/**
 * A mistake the site owner can fix gets its own message (in `messages`, the UI language's, else English);
 * another refusal (4xx, not 429) adds the gateway's words as a detail; only errors that may pass get a retry.
 */
export function explain(error: ErrorResource, context: ErrorContext, messages: ErrorStrings = en): Explanation {
  // NOT_A_GATEWAY: not the contract's answer: a web page (HTTP_4xx, a 200 that is not JSON), or the gateway's "no such endpoint".
  let code = (
    /^(HTTP_\d+|BAD_RESPONSE|NOT_FOUND)$/.test(error.error) ? 'NOT_A_GATEWAY' : error.status_code === 404 ? 'LOCATION_DOES_NOT_EXIST' : error.error
  ) as ExplainedError;
  // A page opened from disk: no service allows it, and no address fixes it; a local web server does.
  if (/^file:|^null$/.test(context.origin ?? '') && /^(GATEWAY_|NOT_A)/.test(code)) code = 'OPENED_FROM_FILE';
  const explained = Object.hasOwn(en, code);
  const clientMistake = error.status_code >= 400 && error.status_code < 500 && error.status_code !== 429;
  return {
    message: explained ? messages[code](context) : null,
    detail: !explained && clientMistake ? error.message : null,
    retry: explained ? /^(GATEWAY_|NOT_A)/.test(code) : !clientMistake,
  };
}

/**
 * The gateway's origin check (src/contract/routes.ts originCheckRoute), spelt here because this module imports nothing
 * at run time; the type holds it to the declaration.
 */
const ORIGIN_CHECK_PATH: (typeof originCheckRoute)['path'] = '/v1/origin-check';

/**
 * Tells apart the three ways a request can fail without an answer the page may read. A gateway answers its origin
 * check to any page: when it says this site is not allowed, the service refused it (CORS: GATEWAY_REFUSED_ORIGIN).
 * When no check can be read, something else is at that address: it answers a `no-cors` request (an opaque answer)
 * when a web server is there whatever its CORS headers (NOT_A_GATEWAY), and fails when nothing is
 * (GATEWAY_UNREACHABLE stays). Called once per failure, before the error is shown; never throws.
 */
export async function diagnose(cause: unknown): Promise<void> {
  const error = cause as { error?: string; url?: string | null };
  if (error?.error !== 'GATEWAY_UNREACHABLE' || !error.url) return;
  // Every contract URL is the endpoint, then /v1/… (a location id has no slash: the last /v1/ is the endpoint's end).
  const endpoint = error.url.slice(0, error.url.lastIndexOf('/v1/'));
  try {
    const check = await (await fetch(`${endpoint}${ORIGIN_CHECK_PATH}?origin=${encodeURIComponent(location.origin)}`, { credentials: 'omit' })).json();
    if (typeof check?.allowed === 'boolean') {
      if (!check.allowed) error.error = 'GATEWAY_REFUSED_ORIGIN';
      return;
    }
  } catch {
    // No readable check: not a gateway, or nothing there (below).
  }
  try {
    await fetch(error.url, { mode: 'no-cors', credentials: 'omit' });
    error.error = 'NOT_A_GATEWAY';
  } catch {
    // Unreachable indeed: the error stays as it is.
  }
}

/** Added to the base's `.message` box (styles.ts). */
const styles = css`
  .error {
    border-color: var(--merchant-color-error, light-dark(#b91c1c, #fca5a5));
  }
  .detail {
    color: var(--_muted);
    font-size: 0.875em;
  }
`;

/** Adds the view's stylesheet to the host's shadow root, once. */
function adoptStyles(root: ShadowRoot): void {
  const sheet = styles.styleSheet!;
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/** Host names of a computer or network where pages are built, not served to the public. */
const DEVELOPMENT_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$|\.(localhost|local|test|internal|lan)$/;

/**
 * Whether the page's author is looking, rather than a visitor: `debug=true` in the page defaults (and `debug=false`
 * shows the visitors' view anywhere); else a development origin (a local address, *.local, *.test, a file); else a CMS
 * editor: inside WordPress's block editor (its canvas, `.editor-styles-wrapper`, iframed or not; any page under
 * /wp-admin/), or a WordPress preview (`?preview=true`; the plugin also writes `debug=true` into the page defaults when
 * `is_preview()`, which covers previews reached by another address).
 */
export function authorIsLooking(host: Element, debug: string | null, { hostname, pathname, search, protocol } = location): boolean {
  if (debug) return debug.toLowerCase() === 'true';
  return (
    protocol === 'file:' ||
    DEVELOPMENT_HOST.test(hostname) ||
    pathname.includes('/wp-admin/') ||
    new URLSearchParams(search).get('preview') === 'true' ||
    !!host.closest('.editor-styles-wrapper')
  );
}

const warned = new WeakSet<Element>();

/** The error view of `host` for `error`; `context` is the configuration in effect when it failed, if it got that far. */
export default function renderErrorView(host: ErrorViewHost, error: ErrorResource, context: Partial<ErrorContext> | undefined) {
  const locale = host.resolvedLocale;
  const explained = explain(
    error,
    { endpoint: context?.endpoint ?? host.resolvedEndpoint ?? '', id: context?.id ?? host.resolvedLocationId ?? '', origin: location.origin },
    messages(locale),
  );
  if (host.shadowRoot) adoptStyles(host.shadowRoot);
  // Every failure is logged once, with the advice, for whoever looks at the console (on a live site too).
  if (!warned.has(host)) {
    warned.add(host);
    console.warn(`<${host.localName}>: ${error.error}: ${error.message}${explained.message ? ` ${explained.message}` : ''}`);
  }
  // A visitor reads the neutral message and may try again; the advice is for the page's author.
  const { message, detail, retry } = authorIsLooking(host, pageDefault('debug')) ? explained : { message: null, detail: null, retry: true };
  return html`<div class="message error" part="error" role="alert">
      <p part="error-message">${message ?? msg(locale, 'errorGeneric')}</p>
      ${detail ? html`<p class="detail" part="error-detail">${detail}</p>` : nothing}
      ${retry ? html`<button type="button" class="button" part="retry" @click=${() => host.reload()}>${msg(locale, 'retry')}</button>` : nothing}
    </div>`;
}
