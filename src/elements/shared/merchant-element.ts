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
 * Optional overrides: `renderLoading()` (default: a skeleton), `renderEmpty()` (default: nothing),
 * `renderError(error)` (default: localized message + retry button), `requiresLocationId` (nearby: false when
 * latitude/longitude are set), `invalidateCache(config)` (forget the extra URLs `load()` requested).
 *
 * ## What every element gets
 * - Attributes `endpoint`, `location-id`, `locale`, `lazy` (boolean), `theme` (light|dark|auto, reflected),
 *   and the reflected read-only `state`: `loading` | `ready` | `empty` | `error`.
 * - endpoint / location-id resolution (each independently): own attribute → enclosing `<merchant-provider>`
 *   (@lit/context) → page defaults (`<meta name="merchant-elements">`, `data-*` on the script tag: see config.ts).
 * - locale: own `locale` → provider's `locale` → page default (meta tag / script tag) → nearest `lang` (across shadow roots) → navigator.language.
 *   `this.locale` stays the attribute; `this.resolvedLocale` is what to format with. Non-English strings load
 *   beside the data (i18n.ts), so the element never shows English first.
 * - Loading with @lit/task: a change of any input starts a run with its own AbortSignal, a superseded run's outcome is
 *   dropped; `lazy` waits for an IntersectionObserver (rootMargin 200px) before loading.
 * - Render: `<div part="base" class="base" aria-busy>` containing, by state, `renderReady(data)`, or the
 *   `loading`, `empty` or `error` slot whose fallback content is the default view. During a refresh
 *   (e.g. `location-id` changed) the previous data stays on screen (state is `loading`, `aria-busy="true"`).
 * - Events: `merchant-load` (detail: data) and `merchant-error` (detail: `{error, message, status_code, url}`),
 *   bubbling and composed. Nothing is ever thrown into the host page.
 * - A failure logs one console warning with what to fix. Where the page's author works (a development origin, a CMS
 *   editor or preview, `debug=true` in the page defaults), configuration mistakes (no endpoint, bad endpoint, no
 *   location id, unknown location, unreachable gateway) render a short message a non-developer can act on; a
 *   visitor of a live site reads a short neutral message with a retry button. That error view is a module
 *   loaded the first time an element on the page fails (error-view.ts); if it cannot be loaded, the element shows
 *   the generic message and a retry button instead (no explanation, no detail, no warning).
 * - `reload()` forgets this element's cached response and loads again (the error view's "Try again").
 * - Space is reserved while loading: each element styles `.base { min-height: var(--merchant-<name>-min-height, …) }`.
 *
 * ## Server rendering
 * The same element renders on a server (src/ssr/render.ts, with Lit's SSR) through its public API, the same for
 * every element: Lit's SSR sets its attributes; `await reload()` loads its data with its own `load()` (the same URLs
 * as in the browser; `merchant-load` or `merchant-error` tells the outcome); Lit's SSR renders that instance (its
 * `state`, its ready or empty view). Its structured data is what its StructuredDataController declares
 * (`serverStructuredData`, structured-data.ts), and text true only when computed says so under Lit's `isServer` (the
 * hours' "as of 9:42 PM"). In the browser, each server-rendered element is taken over as it is upgraded, by an
 * initializer the bundle registers on this class (takeover.ts).
 */
import { LitElement, html, isServer, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { ContextConsumer, ContextRoot } from '@lit/context';
import type { PagePart, PageResponse } from '../../contract/index.ts';
import { MerchantRequestError, toMerchantError } from '../../client/errors.ts';
import { invalidate, onUpdate, readsOf } from '../../client/request.ts';
import { loadPage, pageUrl } from '../../client/api.ts';
import { merchantProviderContext, type MerchantProviderValue } from './context.ts';
import { connectionInEffect, pageDefault, resolveConnection, type Connection } from './config.ts';
import { closestComposed, resolveLocale } from './locale.ts';
import { loadLanguage, msg } from './i18n.ts';
import { emit, type MerchantErrorDetail } from './events.ts';
import { baseStyles } from './styles.ts';
import { nextTask } from './next-task.ts';
import { readyFirst } from './ready-first.ts';
import { Task, initialState } from '@lit/task';

export type ElementState = 'loading' | 'ready' | 'empty' | 'error';
export type Theme = 'light' | 'dark' | 'auto';

/** What `load()` receives: the resolved, validated connection (see resolveConnection in config.ts). */
export type ResolvedConfig = Connection;

/** Page parts by name, non-optional. */
export type PagePartData = {
  [K in PagePart]-?: NonNullable<PageResponse[K]>;
};

/** The error view (error-view.ts), once loaded: the first time an element on the page fails. */
let errorView: typeof import('./error-view.ts') | undefined;
/** Loads the error view, then lets it tell apart "no answer" and "refused this site" (CORS) for `cause`. */
const loadErrorView = async (cause: unknown): Promise<void> => (errorView ??= await import('./error-view.ts').catch(() => undefined))?.diagnose(cause);

// A `<merchant-provider>` defined after the elements inside it (a CMS that loads scripts in pieces): @lit/context's
// ContextRoot keeps their unanswered context requests and sends them again when a provider appears. One per copy of
// the elements on the page; on a server there is no page.
if (!isServer) new ContextRoot().attach(document.documentElement);

/**
 * The on-demand modules an element loads beside its data (by their names in the build's file list), unless one of its
 * attributes has a given value: a rule a page composer applies to the element's attributes before any script runs, to
 * hint them with the element's own file (src/ssr/modules.ts, and the WordPress plugin's generated/view-modules.json).
 */
export interface ModulesBesideData {
  readonly modules: readonly string[];
  readonly unless?: { readonly attribute: string; readonly value: string };
}

export abstract class MerchantElement<T> extends LitElement {
  static override styles = [baseStyles];

  /** This element's rule for the modules it loads beside its data (none by default); read from the registry. */
  declare static readonly modulesBesideData?: ModulesBesideData;

  static override properties: PropertyDeclarations = {
    endpoint: {},
    locationId: { attribute: 'location-id' },
    locale: {},
    lazy: { type: Boolean, reflect: true },
    theme: { reflect: true },
    state: { reflect: true },
    data: { state: true },
    error: { state: true },
    provider: { state: true },
    visible: { state: true },
  };

  /** Base URL of the gateway (e.g. `https://merchant-gateway.example.com`). */
  endpoint: string | null = null;

  /** The merchant location to show. */
  locationId: string | null = null;

  /** BCP 47 locale for UI text, numbers, dates and distances; default: nearest `lang`. */
  locale: string | null = null;

  /**
   * Load only when the element comes near the viewport (200px); server-rendered, keep the server's content until then.
   * Until then a client-rendered one is its reserved space only, printed too: not for what a diner prints (hours, address).
   */
  lazy = false;

  /** Colour scheme: `light`, `dark`, or `auto` (the page's: dark only where the page supports dark and the visitor prefers it). */
  theme: Theme = 'auto';

  /** Read-only: `loading`, `ready`, `empty` or `error`, reflected for CSS (`merchant-actions[state=error]`). */
  state: ElementState = 'loading';

  /** The data shown (kept during a refresh). */
  protected data?: T;

  /** The last error, when `state` is `error`. */
  protected error?: MerchantRequestError;

  /** What the enclosing `<merchant-provider>` provides, if any. */
  private provider?: MerchantProviderValue;

  /** Whether a `lazy` element has come near the viewport. */
  private visible = false;

  private __observer?: IntersectionObserver;
  /** Told when a `lazy` element comes near the viewport (a server-rendered one's first update waits for it). */
  private __seen?: () => void;
  private __lastConfig?: ResolvedConfig;
  /** Told when the first load has its outcome, before it waits for its own task (`__readyFirst`). */
  private __outcomeAtHand?: () => void;
  /** The URLs the latest load read from the page's request cache. */
  private __reads?: Set<string>;
  /** A load run because an answer it read was revalidated: what is shown stays, without a loading state. */
  private __refreshing = false;
  private __stopUpdates?: () => void;
  /** What a server-rendered element's first update waits for besides its first load (takeover.ts: Lit's hydration). */
  static beforeServerRenderedUpdate?: Promise<unknown>;
  /** Rendered by a server: the browser attached its declarative shadow root as the page was parsed (takeover.ts). */
  protected readonly serverRendered = !isServer && this.shadowRoot !== null;
  /** The timer set to `nextChange()`, and that instant (kept while disconnected, to catch up on connecting again). */
  private __clock?: ReturnType<typeof setTimeout>;
  private __changeAt?: number;

  constructor() {
    super();
    new ContextConsumer(this, {
      context: merchantProviderContext,
      subscribe: true,
      callback: (value) => (this.provider = value),
    });
  }

  /**
   * When the data shown changes with time alone (an offer expiring): epoch ms, or undefined (never). Just after it,
   * the element works its data out again from the cache (`load()`, no request, no loading state). One timer per
   * element, set after each load and removed on disconnect.
   */
  protected nextChange(_data: T): number | undefined {
    return undefined;
  }

  /**
   * The on-demand modules (the build's names) that what it shows now loaded, past its class's `modulesBesideData` rule
   * (a short menu that turned out to need its tabs): a server render names them on its fragment
   * (`data-merchant-modules`, src/ssr/render.ts), so a page hints them with the element's file rather than its takeover
   * asking for them after the bundle has run (src/ssr/modules.ts).
   */
  viewModules(): readonly string[] {
    return [];
  }

  /** Whether `load()` needs a location id (false for elements that can work from coordinates). */
  protected get requiresLocationId(): boolean {
    return true;
  }

  /** The locale to format with (see class docs). */
  get resolvedLocale(): string {
    return resolveLocale(this, this.locale, this.provider?.locale, pageDefault('locale'));
  }

  /** The endpoint in effect (own attribute → provider → page default), not yet validated. */
  get resolvedEndpoint(): string | null {
    return connectionInEffect(this, this.provider).endpoint;
  }

  /** The location id in effect (own attribute → provider → page default). */
  get resolvedLocationId(): string | null {
    return connectionInEffect(this, this.provider).locationId;
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

  /** The placeholder takes no space of its own: the element's reserved min-height is the loading size. */
  protected renderLoading(): unknown {
    return html`<div class="skeleton" part="skeleton"></div><span class="visually-hidden">${msg(this.resolvedLocale, 'loading')}</span>`;
  }

  protected renderEmpty(): unknown {
    return nothing;
  }

  /** The error view (error-view.ts); without it (its module could not be loaded), the generic message and a retry. */
  protected renderError(error: MerchantRequestError | undefined): unknown {
    if (!error) return nothing;
    const config = this.__lastConfig;
    const locale = this.resolvedLocale;
    return errorView
      ? errorView.default(this, error, config && { endpoint: config.endpoint, id: config.locationId ?? undefined })
      : html`<div class="message" part="error" role="alert">
          <p part="error-message">${msg(locale, 'errorGeneric')}</p>
          <button type="button" class="button" part="retry" @click=${this.reload}>${msg(locale, 'retry')}</button>
        </div>`;
  }

  /**
   * Forgets this element's cached response and loads again (the error view's "Try again"). Resolves once the load is
   * over, shown or failed (it never rejects): a server render awaits it.
   */
  reload(): Promise<void> {
    const config = this.__lastConfig;
    if (config?.locationId) invalidate(pageUrl(config.endpoint, config.locationId));
    this.invalidateCache(config);
    return this.__task.run();
  }

  /** Subclasses that load other URLs forget them here (called by `reload()`). */
  protected invalidateCache(_config: ResolvedConfig | undefined): void {}

  /** The combined page request (shared by every element of the location); rejects with the part's error if it is missing. */
  protected async loadPagePart<K extends PagePart>(config: ResolvedConfig, part: K, signal: AbortSignal): Promise<PagePartData[K]> {
    const page = await loadPage(config.endpoint, config.locationId ?? '', signal);
    const value = page[part];
    if (value == null) {
      throw new MerchantRequestError(page.errors?.[part] ?? { error: 'BAD_RESPONSE', message: `The response has no ${part}.`, status_code: 502 });
    }
    return value as PagePartData[K];
  }

  private __task = new Task(this, {
    args: () => [
      this.endpoint,
      this.locationId,
      this.locale,
      this.provider?.endpoint,
      this.provider?.locationId,
      this.provider?.locale,
      this.lazy && !this.visible,
      ...this.loadArgs(),
    ],
    task: async (_args, { signal }): Promise<T | typeof initialState> => {
      // Not yet (lazy and far from the viewport, or waiting for the provider's definition): no outcome at all.
      if ((this.lazy && !this.visible) || this.__waitingForProvider()) return initialState;
      if (!this.__refreshing) this.state = 'loading';
      this.__lastConfig = undefined;
      // The UI language's strings load beside the data, so a translated element never shows English first.
      const language = loadLanguage(this.resolvedLocale);
      try {
        const config = resolveConnection(this, this.provider, this.requiresLocationId);
        this.__lastConfig = config;
        this.__reads = readsOf(signal);
        return await this.load(config, signal);
      } catch (cause) {
        // The error view loads before the error is shown (complete from its first frame); not for a cancelled load.
        if (!signal.aborted) await loadErrorView(cause);
        throw cause;
      } finally {
        await language;
        this.__outcomeAtHand?.();
        // Elements whose data arrived together (one page request) each show it in a task of their own (issue 29).
        if (!isServer) await nextTask();
      }
    },
    onComplete: (data: T) => {
      this.__refreshing = false;
      this.data = data;
      this.error = undefined;
      this.state = this.isEmpty(data) ? 'empty' : 'ready';
      this.__keepTime();
      emit(this, 'merchant-load', data);
    },
    // Only the current run's errors arrive here: an aborted run has been superseded, and the Task drops its outcome.
    onError: (cause) => {
      this.__refreshing = false;
      const error = (this.error = toMerchantError(cause));
      this.state = 'error';
      emit<MerchantErrorDetail>(this, 'merchant-error', error.toJSON());
    },
  });

  /**
   * True while an enclosing `<merchant-provider>` exists but is not defined yet. Once it is, the document's
   * ContextRoot sends this element's context request again (the first one found no provider), the provider answers,
   * and the new value re-runs the task.
   */
  private __waitingForProvider(): boolean {
    return !this.provider && !customElements.get('merchant-provider') && !!closestComposed(this, 'merchant-provider');
  }

  /**
   * A server-rendered element loads before its first update, so that update renders its ready view (or its error
   * view) at once, not the loading view and then the ready one: its answer is on the page (the takeover put the
   * page's data blocks in the request cache), and its UI language and any module its view needs load within
   * `load()` all the same. Meanwhile the server's markup stays on screen, so waiting shows nothing different.
   * (Lit's documented way to time an update: `scheduleUpdate` may return a promise.) A client-rendered element's
   * first update: `__readyFirst`.
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    if (!isServer && !this.hasUpdated && !this.serverRendered) return this.__readyFirst();
    if (this.hasUpdated || !this.serverRendered) return super.scheduleUpdate();
    return this.__nearViewport()
      .then(() => Promise.all([this.__task.run(), MerchantElement.beforeServerRenderedUpdate]))
      .then(() => super.scheduleUpdate());
  }

  /**
   * Settles once the element is near the viewport, at once unless it is `lazy`. A server-rendered `lazy` element waits
   * for it before anything else: its server markup stays on screen untouched, and it loads (from the data the page
   * carries), hydrates and becomes live as the visitor comes near it, rather than on the page's way to live.
   */
  private __nearViewport(): Promise<void> {
    if (!this.lazy || this.visible) return Promise.resolve();
    return new Promise((resolve) => (this.__seen = resolve));
  }

  /**
   * A client-rendered element's first update is its ready view when its data is at hand (the page carried it, or the
   * request cache holds it), else its loading view before the next frame, which reserves its space (ready-first.ts).
   */
  private __readyFirst(): Promise<unknown> {
    const atHand = new Promise<void>((resolve) => (this.__outcomeAtHand = resolve));
    return readyFirst(this.__task.run(), atHand).then(() => super.scheduleUpdate());
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // The page's theme applies to elements that do not choose one (read before the first update reflects `auto`).
    const pageTheme = pageDefault('theme');
    if (!this.hasAttribute('theme') && (pageTheme === 'light' || pageTheme === 'dark')) this.theme = pageTheme;
    if (this.lazy) this.__observe();
    // A newer answer for a URL this element's data came from (a carried answer revalidated): load again from the
    // cache, keeping what is shown; Lit re-renders only what differs.
    this.__stopUpdates = onUpdate((url) => {
      if (this.__reads?.has(url)) this.__refresh();
    });
    // Connected again after the data's next change passed: work it out again now.
    if ((this.__changeAt ?? Infinity) < Date.now()) this.__refresh();
    else this.__keepTime();
  }

  /** Loads again, from the cache, keeping what is shown (no loading state): a newer answer, or time moving on. */
  private __refresh(): void {
    this.__refreshing = true;
    void this.__task.run();
  }

  /** Sets the one timer to the shown data's next change with time (setTimeout waits at most 2^31-1 ms: a later one is reached in steps). */
  private __keepTime(): void {
    if (this.__clock) clearTimeout(this.__clock);
    this.__clock = undefined;
    const at = (this.__changeAt = this.data === undefined || !this.isConnected ? undefined : this.nextChange(this.data));
    if (at !== undefined) this.__clock = setTimeout(() => this.__refresh(), Math.min(Math.max(at - Date.now() + 1, 0), 2 ** 31 - 1));
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.__stopUpdates?.();
    if (this.__clock) clearTimeout(this.__clock);
    this.__clock = undefined;
    this.__observer?.disconnect();
    this.__observer = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('lazy') && this.lazy && this.isConnected) this.__observe();
  }

  private __observe(): void {
    if (this.visible || this.__observer) return;
    this.__observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          this.visible = true;
          this.__seen?.();
          this.__observer?.disconnect();
          this.__observer = undefined;
        }
      },
      { rootMargin: '200px' },
    );
    this.__observer.observe(this);
  }

  protected override render(): TemplateResult {
    return html`<div part="base" class="base" aria-busy=${this.state === 'loading'}>${this.__renderState()}</div>`;
  }

  private __renderState(): unknown {
    const { data, state } = this;
    if (data !== undefined && (state === 'ready' || (state === 'loading' && !this.isEmpty(data)))) return this.renderReady(data);
    // The state's slot (`loading`, `empty` or `error`), whose fallback content is the default view.
    return html`<slot name=${state}>${state === 'empty' ? this.renderEmpty() : state === 'error' ? this.renderError(this.error) : this.renderLoading()}</slot>`;
  }
}
