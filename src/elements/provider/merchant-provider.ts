import { ReactiveElement, type PropertyDeclarations, type PropertyValues } from 'lit';
import { ContextProvider } from '@lit/context';
import type { PageResponse } from '../../contract/index.ts';
import { isAbortError, toMerchantError } from '../../client/errors.ts';
import { loadPage } from '../../client/api.ts';
import { merchantProviderContext } from '../shared/context.ts';
import { Task, initialState } from '@lit/task';
import { resolveConnection, type Connection } from '../shared/config.ts';
import { emit, type MerchantErrorDetail } from '../shared/events.ts';
import type { ElementState } from '../shared/merchant-element.ts';

/**
 * Shares one location with every `<merchant-*>` element inside it: set `endpoint` and `location-id` once,
 * and the page (location, menus, photos, actions) is fetched once, in one request, for all of them.
 * Children's own attributes still win; the provider renders nothing and has no shadow root: its children
 * stay where the page put them, so its upgrade lays nothing out again (a shadow root with a `<slot>` moved the page's
 * largest paint on every page: issue 29). Its box is the page's to set: an unknown element's (inline) before and after
 * the upgrade alike; `merchant-provider { display: contents }` in the page's stylesheet makes it no box at all.
 *
 * @title Location group
 * @icon store
 * @summary Sets endpoint, location and locale for the merchant elements inside it, and fetches their data once.
 *
 * @fires merchant-load - The page loaded (detail: PageResponse). Bubbles, composed.
 * @fires merchant-error - The page could not be loaded or the provider is misconfigured (detail: ErrorResource). The child elements show the message.
 */
export class MerchantProvider extends ReactiveElement {
  static override properties: PropertyDeclarations = {
    endpoint: {},
    locationId: { attribute: 'location-id' },
    locale: {},
    state: { reflect: true },
    page: { attribute: false },
  };

  /** Base URL of the gateway, for every element inside. */
  endpoint: string | null = null;

  /** The location every element inside shows (unless it sets its own). */
  locationId: string | null = null;

  /** BCP 47 locale for the elements inside (unless they set their own); default: nearest `lang`. */
  locale: string | null = null;

  /** Read-only: `loading`, `ready` or `error` of the shared page request. */
  state: ElementState = 'loading';

  /** The loaded page, or null (for scripts; the elements inside read it from the page-level request cache). */
  page: PageResponse | null = null;

  private __context = new ContextProvider(this, {
    context: merchantProviderContext,
    initialValue: { endpoint: null, locationId: null, locale: null },
  });

  private __task = new Task(this, {
    args: () => [this.endpoint, this.locationId],
    // The page through the page-level request cache: the elements inside ask it for the same URL, so one request
    // (or the page's data block) serves the provider and all of them.
    task: async (_args, { signal }): Promise<PageResponse | typeof initialState> => {
      let connection: Connection;
      try {
        connection = resolveConnection(this);
      } catch (error) {
        // Misconfiguration is explained by the children, which know their own attributes.
        this.state = 'error';
        throw error;
      }
      if (!this.isConnected) return initialState;
      this.state = 'loading';
      const { endpoint, locationId } = connection;
      return loadPage(endpoint, locationId!, signal);
    },
    onComplete: (page: PageResponse) => {
      this.page = page;
      this.state = 'ready';
      emit(this, 'merchant-load', page);
    },
    onError: (cause) => {
      if (isAbortError(cause)) return;
      this.state = 'error';
      emit<MerchantErrorDetail>(this, 'merchant-error', toMerchantError(cause).toJSON());
    },
  });

  /** Resolves when the current page request settles: with the page, or undefined when it failed (for scripts that want to wait). */
  get pageComplete(): Promise<PageResponse | undefined> {
    // The request starts in the provider's update (the task runs when its inputs change), so a pending update (just
    // connected, or an attribute just set) comes first: before it, the task has not started and `taskComplete` would
    // resolve at once, without the page. A failed request resolves undefined here: scripts waiting on the provider
    // should not have to catch.
    return this.updateComplete
      .then(() => this.__task.taskComplete)
      .then(
        (page) => page,
        () => undefined,
      );
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('endpoint') || changed.has('locationId') || changed.has('locale')) {
      this.__context.setValue({
        endpoint: this.endpoint?.trim() || null,
        locationId: this.locationId?.trim() || null,
        locale: this.locale?.trim() || null,
      });
    }
  }

  /**
   * No shadow root: the children are laid out where they are, not slotted into one (see the class comment). A
   * ReactiveElement (Lit's element without templates), as there is nothing to render.
   */
  protected override createRenderRoot(): HTMLElement {
    return this;
  }
}
