import { html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { parseActionType, type Action, type ActionsResponse } from '../../contract/index.ts';
import { actionsUrl, loadActions } from '../../client/api.ts';
import { invalidate } from '../../client/request.ts';
import { MerchantElement, type ResolvedConfig } from '../shared/merchant-element.ts';
import { baseStyles } from '../shared/styles.ts';
import { renderActionLink } from '../shared/action-link.ts';
import { formatCurrency, formatDate, formatPercent } from '../shared/format.ts';
import { actionsMsg } from './actions-i18n.ts';
import { safeUrl } from '../shared/url.ts';
import { tag } from '../shared/icons.ts';
import { styles } from './merchant-actions.styles.ts';

export interface ActionsData {
  actions: Action[];
  /** `nearby` when these are the nearby fallback's actions, not the location's own. */
  source: ActionsResponse['source'];
  /** ISO 4217 currency for deal amounts (the location's menu currency, else USD). */
  currency: string;
}

const loadedScripts = new Set<string>();

/** Appends a widget script to document.head once per src (http(s) only). Exported for tests. */
export function loadWidgetScript(src: string): boolean {
  const url = safeUrl(src);
  if (!url || loadedScripts.has(url)) return false;
  loadedScripts.add(url);
  if ([...document.scripts].some((s) => s.src === url)) return false;
  const script = document.createElement('script');
  script.src = url;
  script.async = true;
  document.head.append(script);
  return true;
}

/**
 * Call-to-action buttons for a location's actions: order online, reserve, deals, coupons, gift cards.
 *
 * Data: the combined page request (shared with every element of the location). With `nearby-fallback`, when the
 * location has no actions (after the `type` filter), `GET {endpoint}/v1/locations/{id}/actions?nearby=true` is asked
 * for actions around it. Links are http(s) only and open in a new tab with `rel="noopener sponsored"`; expired
 * deals and coupons are not shown.
 *
 * Widget scripts: an action's `jsSource` is loaded only when the page opts in with `allow-widget-scripts`
 * (it runs with the page's full privileges: set it only when you trust the gateway's upstream).
 *
 * @summary Call-to-action buttons (order, reserve, deals, coupons, gift cards) for a merchant location.
 *
 * @slot loading - Replaces the loading placeholder.
 * @slot empty - Shown when there are no actions (default: a short sentence).
 * @slot error - Replaces the error message.
 *
 * @csspart base - The wrapper; reserves `--merchant-actions-min-height` while loading.
 * @csspart list - The list of actions.
 * @csspart item - One action.
 * @csspart button - An action link (styled as a button).
 * @csspart button-primary - The `top` action's link.
 * @csspart button-icon - The action's suggested CTA icon.
 * @csspart label - A link's text.
 * @csspart offer - A deal or coupon card.
 * @csspart offer-title - The deal's title.
 * @csspart offer-discount - "Save $5" / "15% off".
 * @csspart offer-description - The deal's description (line breaks kept).
 * @csspart offer-expiry - "Expires …".
 * @csspart nearby-heading - The "Nearby" label above fallback actions.
 * @csspart empty - The default empty message.
 * @csspart skeleton - The loading placeholder.
 * @csspart error - The error message box; `error-message`, `error-detail`, `retry` inside it.
 *
 * @cssprop --merchant-actions-min-height - Space reserved while loading (default 2.75rem: one row of buttons).
 * @cssprop --merchant-color-primary - Button colour.
 * @cssprop --merchant-color-on-primary - Text on the `top` button.
 *
 * @fires merchant-load - Actions loaded (detail: `{actions, source, currency}`).
 * @fires merchant-error - Loading failed or misconfigured (detail: ErrorResource).
 * @fires merchant-action-click - An action link was activated (detail: `{action}`); cancellable: `preventDefault()` stops the navigation.
 */
export class MerchantActions extends MerchantElement<ActionsData> {
  static override styles = [baseStyles, styles];

  /** Only actions of this type: a name (`deal`, `foodordering`, …) or the Actions API's numeric id. An unknown value is ignored. */
  @property() type: string | null = null;

  /** Show only the first action, as one primary button. */
  @property({ type: Boolean, reflect: true }) top = false;

  /** When the location has no actions, show actions of nearby locations instead. */
  @property({ type: Boolean, reflect: true, attribute: 'nearby-fallback' }) nearbyFallback = false;

  /** Load actions' widget scripts (`jsSource`). Off by default: third-party code runs on your page. */
  @property({ type: Boolean, reflect: true, attribute: 'allow-widget-scripts' }) allowWidgetScripts = false;

  /** ISO 4217 currency of deal amounts; default: the location's menu currency, else USD. */
  @property() currency: string | null = null;

  protected override loadArgs(): unknown[] {
    return [parseActionType(this.type), this.nearbyFallback];
  }

  protected override async load(config: ResolvedConfig, signal: AbortSignal): Promise<ActionsData> {
    const type = parseActionType(this.type);
    const [pageActions, menuCurrency] = await Promise.all([
      this.loadPagePart(config, 'actions', signal),
      this.__pageCurrency(config, signal),
    ]);
    const currency = menuCurrency ?? 'USD';
    let actions = this.__usable(pageActions, type);
    let source: ActionsResponse['source'] = 'location';
    if (actions.length === 0 && this.nearbyFallback && config.locationId) {
      const response = await loadActions(config.endpoint, config.locationId, { type, nearby: true }, signal);
      actions = this.__usable(response.actions ?? [], type);
      source = response.source ?? 'nearby';
    }
    return { actions, source, currency };
  }

  private async __pageCurrency(config: ResolvedConfig, signal: AbortSignal): Promise<string | null> {
    try {
      const menus = await this.loadPagePart(config, 'menus', signal);
      return menus[0]?.currency ?? null;
    } catch {
      return null;
    }
  }

  /** http(s) links, of the requested type, not expired. */
  private __usable(actions: Action[], type: string | null): Action[] {
    const now = Date.now();
    return actions.filter((action) => {
      if (!action || !safeUrl(action.url)) return false;
      if (type && action.type !== type) return false;
      const expiration = action.attributes?.expiration;
      if (expiration && new Date(expiration).getTime() < now) return false;
      return true;
    });
  }

  protected override invalidateCache(config: ResolvedConfig | undefined): void {
    if (config?.locationId) invalidate(actionsUrl(config.endpoint, config.locationId, { type: parseActionType(this.type), nearby: true }));
  }

  protected override isEmpty(data: ActionsData): boolean {
    return data.actions.length === 0;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (this.allowWidgetScripts && this.state === 'ready' && this.data) {
      for (const action of this.data.actions) if (action.jsSource) loadWidgetScript(action.jsSource);
    }
  }

  protected override renderEmpty() {
    return html`<p class="empty" part="empty">${actionsMsg(this.resolvedLocale, 'actionsEmpty')}</p>`;
  }

  protected override renderReady(data: ActionsData) {
    const locale = this.resolvedLocale;
    const shown = this.top ? data.actions.slice(0, 1) : data.actions;
    return html`${data.source === 'nearby'
        ? html`<p class="nearby-heading" part="nearby-heading">${actionsMsg(locale, 'actionsNearby')}</p>`
        : nothing}
      <ul class="list" part="list" role="list">
        ${shown.map((action) => html`<li part="item" data-type=${action.type}>${this.__renderAction(action, data.currency)}</li>`)}
      </ul>`;
  }

  private __renderAction(action: Action, currency: string) {
    const locale = this.resolvedLocale;
    const link = renderActionLink(this, action, locale, { primary: this.top });
    const attributes = action.attributes;
    const isOffer = (action.type === 'deal' || action.type === 'coupon') && attributes;
    if (!isOffer) return link;
    const title = attributes.title?.trim();
    const description = attributes.description?.trim();
    let discount = '';
    if (typeof attributes.discount === 'number' && attributes.discount > 0) {
      discount = actionsMsg(locale, 'discountAmount', { amount: formatCurrency(locale, attributes.discount, this.currency || currency) });
    } else if (typeof attributes.discountPercentage === 'number' && attributes.discountPercentage > 0) {
      discount = actionsMsg(locale, 'discountPercent', { percent: formatPercent(locale, attributes.discountPercentage) });
    }
    const expires = formatDate(locale, attributes.expiration);
    return html`<div class="offer" part="offer">
      ${title ? html`<p class="offer-title" part="offer-title">${title}</p>` : nothing}
      ${discount ? html`<p class="offer-discount" part="offer-discount">${tag()} ${discount}</p>` : nothing}
      ${description ? html`<p class="offer-description" part="offer-description">${description}</p>` : nothing}
      ${expires
        ? html`<p class="offer-expiry" part="offer-expiry">
            <time datetime=${attributes.expiration ?? ''}>${actionsMsg(locale, 'expires', { date: expires })}</time>
          </p>`
        : nothing}
      ${link}
    </div>`;
  }
}
