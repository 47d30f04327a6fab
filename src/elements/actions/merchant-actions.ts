import { html, nothing } from 'lit';
import { parseActionType, type Action, type ActionsResponse } from '../../contract/index.ts';
import { getJson, invalidate } from '../../client/request.ts';
import { MerchantElement, type ResolvedConfig } from '../shared/merchant-element.ts';
import { baseStyles } from '../shared/styles.ts';
import { renderActionLink } from '../shared/action-link.ts';
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

/** Appends a widget script to document.head once per src (http(s) only); false when it was not added. Exported for tests. */
export function loadWidgetScript(src: string | null): boolean {
  const url = safeUrl(src);
  if (!url || [...document.scripts].some((script) => script.src === url)) return false;
  document.head.append(Object.assign(document.createElement('script'), { src: url }));
  return true;
}

/** The actions worth a button: an http(s) link, of the requested type, not expired (no or unparsable expiration: kept). */
const usable = (actions: Action[], type: string | null) =>
  actions.filter(
    (action) =>
      safeUrl(action.url) && (!type || action.type === type) && !(Date.parse(action.attributes?.expiration ?? '') < Date.now()),
  );

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

  static override properties = {
    type: {},
    top: { type: Boolean, reflect: true },
    nearbyFallback: { type: Boolean, reflect: true, attribute: 'nearby-fallback' },
    allowWidgetScripts: { type: Boolean, reflect: true, attribute: 'allow-widget-scripts' },
    currency: {},
  };

  /** Only actions of this type: a name (`deal`, `foodordering`, …) or the Actions API's numeric id. An unknown value is ignored. */
  type: string | null = null;

  /** Show only the first action, as one primary button. */
  top = false;

  /** When the location has no actions, show actions of nearby locations instead. */
  nearbyFallback = false;

  /** Load actions' widget scripts (`jsSource`). Off by default: third-party code runs on your page. */
  allowWidgetScripts = false;

  /** ISO 4217 currency of deal amounts; default: the location's menu currency, else USD. */
  currency: string | null = null;

  protected override loadArgs(): unknown[] {
    return [parseActionType(this.type), this.nearbyFallback, this.allowWidgetScripts];
  }

  protected override async load(config: ResolvedConfig, signal: AbortSignal): Promise<ActionsData> {
    const type = parseActionType(this.type);
    // Both parts come from the one cached page response: awaiting them in turn costs no extra request.
    let actions = usable(await this.loadPagePart(config, 'actions', signal), type);
    // The menus only lend their currency to deal amounts: without them, USD.
    const currency = await this.loadPagePart(config, 'menus', signal).then((menus) => menus[0]?.currency ?? 'USD', () => 'USD');
    let source: ActionsResponse['source'] = 'location';
    if (!actions.length && this.nearbyFallback) {
      ({ actions, source } = await getJson<ActionsResponse>(this.__nearbyUrl(config), signal));
      actions = usable(actions, type);
    }
    if (this.allowWidgetScripts) actions.forEach((action) => loadWidgetScript(action.jsSource));
    return { actions, source, currency };
  }

  /** The nearby fallback's request, `…/actions?nearby=true[&type=]` (the resolved endpoint is normalised; requiresLocationId is true, so there is an id). */
  private __nearbyUrl({ endpoint, locationId }: ResolvedConfig): string {
    const type = parseActionType(this.type);
    return `${endpoint}/v1/locations/${encodeURIComponent(locationId!)}/actions?nearby=true${type ? `&type=${type}` : ''}`;
  }

  protected override invalidateCache(config: ResolvedConfig | undefined): void {
    if (config) invalidate(this.__nearbyUrl(config));
  }

  protected override isEmpty(data: ActionsData): boolean {
    return !data.actions.length;
  }

  protected override renderEmpty() {
    return html`<p class="empty" part="empty">${actionsMsg(this.resolvedLocale, 'actionsEmpty')}</p>`;
  }

  protected override renderReady({ actions, source, currency }: ActionsData) {
    const locale = this.resolvedLocale;
    return html`${source === 'nearby' ? html`<p class="nearby-heading" part="nearby-heading">${actionsMsg(locale, 'actionsNearby')}</p>` : nothing}
      <ul class="list" part="list" role="list">
        ${(this.top ? actions.slice(0, 1) : actions).map(
          (action) => html`<li part="item">${this.__renderAction(action, locale, this.currency || currency)}</li>`,
        )}
      </ul>`;
  }

  /** The link; for a deal or coupon, inside a card with its title, discount, description and expiry. */
  private __renderAction(action: Action, locale: string, currency: string) {
    const link = renderActionLink(this, action, locale, { primary: this.top });
    const offer = action.attributes;
    if (!offer || !['deal', 'coupon'].includes(action.type)) return link;
    const { discount, discountPercentage, expiration } = offer;
    // Intl formats each (a handful of offers: no formatter cache needed); a currency that is not an ISO 4217 code shows as USD.
    const saving =
      discount && discount > 0
        ? actionsMsg(locale, 'discountAmount', {
            amount: discount.toLocaleString(locale, { style: 'currency', currency: /^[a-z]{3}$/i.test(currency) ? currency : 'USD' }),
          })
        : discountPercentage
          ? actionsMsg(locale, 'discountPercent', { percent: discountPercentage.toLocaleString(locale, { style: 'percent', maximumFractionDigits: 1 }) })
          : '';
    const expires = expiration && new Date(expiration).toLocaleDateString(locale, { dateStyle: 'medium' });
    const rows = [
      ['offer-title', offer.title],
      ['offer-discount', saving && html`${tag()} ${saving}`],
      ['offer-description', offer.description],
      ['offer-expiry', expires && html`<time datetime=${expiration!}>${actionsMsg(locale, 'expires', { date: expires })}</time>`],
    ] as const;
    return html`<div class="offer" part="offer">
      ${rows.map(([part, content]) => (content ? html`<p class=${part} part=${part}>${content}</p>` : nothing))} ${link}
    </div>`;
  }
}
