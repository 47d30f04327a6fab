/**
 * MerchantElement: the base class of every `<merchant-*>` element that shows data.
 *
 * ## What a subclass writes
 * ```ts
 * export class MerchantHours extends MerchantElement<Location> {
 *   static override styles = [baseStyles, styles];            // keep baseStyles first
 *   protected override load(config: ResolvedConfig, signal: AbortSignal) {
 *     return this.loadPagePart(config, 'location', signal);    // one shared page request per location
 *   }
 *   protected override isEmpty(location: Location) { return location.hours === null; }
 *   protected override renderReady(location: Location) { return html`…`; }
 *   protected override loadArgs() { return [this.format]; }   // extra inputs that re-run load()
 * }
 * ```
 * Optional overrides: `renderLoading()` (default: three skeleton lines), `renderEmpty()` (default: nothing),
 * `renderError(error)` (default: localized message + retry button), `requiresLocationId` (nearby: false when
 * latitude/longitude are set).
 *
 * ## What every element gets
 * - Attributes `endpoint`, `location-id`, `locale`, `lazy` (boolean), `theme` (light|dark|auto, reflected),
 *   and the reflected read-only `state`: `loading` | `ready` | `empty` | `error`.
 * - endpoint / location-id resolution (each independently): own attribute → enclosing `<merchant-provider>`
 *   (@lit/context) → page defaults (`<meta name="merchant-elements">`, `data-*` on the script tag: see config.ts).
 * - locale: own `locale` → provider's `locale` → nearest `lang` (across shadow roots) → navigator.language.
 *   `this.locale` stays the attribute; `this.resolvedLocale` is what to format with.
 * - Loading with @lit/task; `lazy` waits for an IntersectionObserver (rootMargin 200px) before loading.
 * - Render: `<div part="base" class="base" aria-busy>` containing, by state, `renderReady(data)`, or the
 *   `loading`, `empty` or `error` slot whose fallback content is the default view. During a refresh
 *   (e.g. `location-id` changed) the previous data stays on screen (state is `loading`, `aria-busy="true"`).
 * - Events: `merchant-load` (detail: data) and `merchant-error` (detail: `{error, message, status_code, url}`),
 *   bubbling and composed. Nothing is ever thrown into the host page.
 * - Configuration mistakes (no endpoint, bad endpoint, no location id, unknown location, unreachable gateway)
 *   render a short message a non-developer can act on, and log one console warning.
 * - `reload()` forgets this element's cached response and loads again (the error view's "Try again").
 * - Space is reserved while loading: each element styles `.base { min-height: var(--merchant-<name>-min-height, …) }`.
 */
import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Task, initialState } from '@lit/task';
import { ContextConsumer } from '@lit/context';
import type { PagePart, PageResponse } from '../../contract/index.ts';
import { CLIENT_ERRORS, MerchantRequestError, isAbortError, toMerchantError } from '../../client/errors.ts';
import { invalidate } from '../../client/request.ts';
import { loadPage, normalizeEndpoint, pageUrl } from '../../client/api.ts';
import { ensureContextRoot, merchantProviderContext, type MerchantProviderValue } from './context.ts';
import { readPageDefaults } from './config.ts';
import { resolveLocale } from './locale.ts';
import { loadLanguage, msg } from './i18n.ts';
import { alert } from './icons.ts';
import { emit, type MerchantErrorDetail } from './events.ts';
import { baseStyles } from './styles.ts';

export type ElementState = 'loading' | 'ready' | 'empty' | 'error';
export type Theme = 'light' | 'dark' | 'auto';

/** What `load()` receives: the resolved, validated configuration. */
export interface ResolvedConfig {
  /** Normalised http(s) base URL of the gateway, no trailing slash. */
  endpoint: string;
  /** The location id, or null only when `requiresLocationId` is false. */
  locationId: string | null;
  locale: string;
}

/** Page parts by name, non-optional. */
export type PagePartData = {
  [K in PagePart]-?: NonNullable<PageResponse[K]>;
};

ensureContextRoot();

const warned = new WeakSet<Element>();

export abstract class MerchantElement<T> extends LitElement {
  static override styles = [baseStyles];

  /** Base URL of the gateway (e.g. `https://merchant-gateway.example.com`). */
  @property() endpoint: string | null = null;

  /** The merchant location to show. */
  @property({ attribute: 'location-id' }) locationId: string | null = null;

  /** BCP 47 locale for UI text, numbers, dates and distances; default: nearest `lang`. */
  @property() locale: string | null = null;

  /** Load only when the element comes near the viewport (200px). */
  @property({ type: Boolean, reflect: true }) lazy = false;

  /** Colour scheme: `auto` follows `prefers-color-scheme`. */
  @property({ reflect: true }) theme: Theme = 'auto';

  /** Read-only: `loading`, `ready`, `empty` or `error`, reflected for CSS (`merchant-actions[state=error]`). */
  @property({ reflect: true }) state: ElementState = 'loading';

  /** The data shown (kept during a refresh). */
  @state() protected data: T | undefined = undefined;

  /** The last error, when `state` is `error`. */
  @state() protected error: MerchantRequestError | undefined = undefined;

  @state() private _provider: MerchantProviderValue | undefined = undefined;
  @state() private _visible = false;

  private __observer: IntersectionObserver | undefined;
  private __lastConfig: ResolvedConfig | undefined;

  constructor() {
    super();
    new ContextConsumer(this, {
      context: merchantProviderContext,
      subscribe: true,
      callback: (value) => {
        this._provider = value;
      },
    });
  }

  /** Whether `load()` needs a location id (false for elements that can work from coordinates). */
  protected get requiresLocationId(): boolean {
    return true;
  }

  /** The locale to format with (see class docs). */
  get resolvedLocale(): string {
    return resolveLocale(this, this.locale, this._provider?.locale);
  }

  /** The endpoint in effect (own attribute → provider → page default), not yet validated. */
  get resolvedEndpoint(): string | null {
    return this.endpoint?.trim() || this._provider?.endpoint?.trim() || readPageDefaults().endpoint;
  }

  /** The location id in effect (own attribute → provider → page default). */
  get resolvedLocationId(): string | null {
    return this.locationId?.trim() || this._provider?.locationId?.trim() || readPageDefaults().locationId;
  }

  /** Extra values that re-run `load()` when they change (compared with ===). */
  protected loadArgs(): unknown[] {
    return [];
  }

  /** Loads this element's data. Reject with a MerchantRequestError (or anything: it is converted). */
  protected abstract load(config: ResolvedConfig, signal: AbortSignal): Promise<T>;

  /** Renders the data in the `ready` state (and during a refresh). */
  protected abstract renderReady(data: T): unknown;

  /** Whether loaded data counts as empty (state `empty`, slot `empty`). */
  protected isEmpty(_data: T): boolean {
    return false;
  }

  protected renderLoading(): unknown {
    return html`<div class="skeleton" part="skeleton">
        <div class="skeleton-line"></div>
        <div class="skeleton-line"></div>
        <div class="skeleton-line"></div>
      </div>
      <span class="visually-hidden">${msg(this.resolvedLocale, 'loading')}</span>`;
  }

  protected renderEmpty(): unknown {
    return nothing;
  }

  /** A short, actionable message for `error`, in the UI language. */
  protected describeError(error: MerchantRequestError): { message: string; detail: string | null; retry: boolean } {
    const locale = this.resolvedLocale;
    switch (error.error) {
      case CLIENT_ERRORS.NO_ENDPOINT:
        return { message: msg(locale, 'errorNoEndpoint'), detail: null, retry: false };
      case CLIENT_ERRORS.INVALID_ENDPOINT:
        return { message: msg(locale, 'errorInvalidEndpoint', { endpoint: this.resolvedEndpoint ?? '' }), detail: null, retry: false };
      case CLIENT_ERRORS.NO_LOCATION_ID:
        return { message: msg(locale, 'errorNoLocation'), detail: null, retry: false };
      case CLIENT_ERRORS.INVALID_ATTRIBUTE:
        return { message: msg(locale, 'errorInvalidAttribute', { detail: error.message }), detail: null, retry: false };
      case CLIENT_ERRORS.GATEWAY_UNREACHABLE:
        return { message: msg(locale, 'errorUnreachable', { endpoint: this.__lastConfig?.endpoint ?? this.resolvedEndpoint ?? '' }), detail: null, retry: true };
    }
    if (error.error === 'LOCATION_DOES_NOT_EXIST' || error.status_code === 404) {
      return { message: msg(locale, 'errorNotFound', { id: this.__lastConfig?.locationId ?? this.resolvedLocationId ?? '' }), detail: null, retry: false };
    }
    const clientMistake = error.status_code >= 400 && error.status_code < 500 && error.status_code !== 429;
    return { message: msg(locale, 'errorGeneric'), detail: clientMistake ? error.message : null, retry: !clientMistake };
  }

  protected renderError(error: MerchantRequestError | undefined): unknown {
    if (!error) return nothing;
    const { message, detail, retry } = this.describeError(error);
    return html`<div class="message error" part="error" role="alert">
      ${alert()}
      <div class="message-body">
        <p part="error-message">${message}</p>
        ${detail ? html`<p class="detail" part="error-detail">${detail}</p>` : nothing}
        ${retry
          ? html`<button type="button" class="button" part="retry" @click=${() => this.reload()}>${msg(this.resolvedLocale, 'retry')}</button>`
          : nothing}
      </div>
    </div>`;
  }

  /** Forgets this element's cached response and loads again. */
  reload(): void {
    const config = this.__lastConfig;
    if (config?.locationId) {
      try {
        invalidate(pageUrl(config.endpoint, config.locationId));
      } catch {
        /* invalid config: nothing cached */
      }
    }
    this.invalidateCache(config);
    void this.__task.run();
  }

  /** Subclasses that load other URLs forget them here (called by `reload()`). */
  protected invalidateCache(_config: ResolvedConfig | undefined): void {}

  /** The combined page request (shared by every element of the location); rejects with the part's error if it is missing. */
  protected async loadPagePart<K extends PagePart>(config: ResolvedConfig, part: K, signal: AbortSignal): Promise<PagePartData[K]> {
    const page = await loadPage(config.endpoint, config.locationId ?? '', signal);
    const value = page[part];
    if (value === undefined || value === null) {
      const error = page.errors?.[part];
      throw new MerchantRequestError(
        error ?? { error: CLIENT_ERRORS.BAD_RESPONSE, message: `The response has no ${part}.`, status_code: 502 },
      );
    }
    return value as PagePartData[K];
  }

  private __task = new Task<unknown[], T>(this, {
    args: () => [
      this.endpoint,
      this.locationId,
      this.locale,
      this._provider?.endpoint,
      this._provider?.locationId,
      this._provider?.locale,
      this.lazy && !this._visible,
      ...this.loadArgs(),
    ],
    task: async (_args, { signal }) => {
      if (this.lazy && !this._visible) return initialState;
      if (this.__waitingForProvider()) return initialState;
      this.state = 'loading';
      // The UI language's strings load beside the data, so a translated element never shows English first.
      const language = loadLanguage(this.resolvedLocale);
      try {
        const config = this.__resolveConfig();
        this.__lastConfig = config;
        return await this.load(config, signal);
      } finally {
        await language;
      }
    },
    onComplete: (data) => this.__settle(data),
    onError: (error) => this.__fail(error),
  });

  private __resolveConfig(): ResolvedConfig {
    const rawEndpoint = this.resolvedEndpoint;
    if (!rawEndpoint) {
      throw new MerchantRequestError({ error: CLIENT_ERRORS.NO_ENDPOINT, message: 'No endpoint is set.', status_code: 0 });
    }
    const endpoint = normalizeEndpoint(rawEndpoint);
    const locationId = this.resolvedLocationId;
    if (!locationId && this.requiresLocationId) {
      throw new MerchantRequestError({ error: CLIENT_ERRORS.NO_LOCATION_ID, message: 'No location-id is set.', status_code: 0 });
    }
    return { endpoint, locationId, locale: this.resolvedLocale };
  }

  /** True while an enclosing `<merchant-provider>` exists but is not defined yet (its context will arrive). */
  private __waitingForProvider(): boolean {
    if (this._provider || customElements.get('merchant-provider')) return false;
    let node: Element | null = this;
    while (node) {
      if (node.closest('merchant-provider')) {
        customElements.whenDefined('merchant-provider').then(() => this.requestUpdate());
        return true;
      }
      const root = node.getRootNode();
      node = root instanceof ShadowRoot ? root.host : null;
    }
    return false;
  }

  private __settle(data: T): void {
    this.data = data;
    this.error = undefined;
    this.state = this.isEmpty(data) ? 'empty' : 'ready';
    emit(this, 'merchant-load', data);
  }

  private __fail(cause: unknown): void {
    if (isAbortError(cause)) return;
    const error = toMerchantError(cause);
    this.error = error;
    this.state = 'error';
    if (error.status_code === 0 || error.status_code === 404) {
      if (!warned.has(this)) {
        warned.add(this);
        console.warn(`<${this.localName}>: ${error.error}: ${error.message}`);
      }
    }
    emit<MerchantErrorDetail>(this, 'merchant-error', error.toJSON());
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.lazy) this.__observe();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.__observer?.disconnect();
    this.__observer = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('lazy') && this.lazy && !this._visible && this.isConnected) this.__observe();
  }

  private __observe(): void {
    if (this._visible || this.__observer) return;
    if (typeof IntersectionObserver === 'undefined') {
      this._visible = true;
      return;
    }
    this.__observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          this._visible = true;
          this.__observer?.disconnect();
          this.__observer = undefined;
        }
      },
      { rootMargin: '200px' },
    );
    this.__observer.observe(this);
  }

  protected override render(): TemplateResult {
    return html`<div part="base" class="base" aria-busy=${this.state === 'loading' ? 'true' : 'false'}>${this.__renderState()}</div>`;
  }

  private __renderState(): unknown {
    const data = this.data;
    if (data !== undefined && (this.state === 'ready' || (this.state === 'loading' && !this.isEmpty(data)))) {
      return this.renderReady(data);
    }
    switch (this.state) {
      case 'empty':
        return html`<slot name="empty">${this.renderEmpty()}</slot>`;
      case 'error':
        return html`<slot name="error">${this.renderError(this.error)}</slot>`;
      default:
        return html`<slot name="loading">${this.renderLoading()}</slot>`;
    }
  }
}
