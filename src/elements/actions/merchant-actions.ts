import { html, nothing } from 'lit';
import { parseActionType, type Action, type ActionsResponse } from '../../contract/index.ts';
import { getJson, invalidate } from '../../client/request.ts';
import { actionsRoute, routeUrl } from '../../contract/routes.ts';
import { MerchantElement, type ResolvedConfig } from '../shared/merchant-element.ts';
import { baseStyles } from '../shared/styles.ts';
import { renderActionLink, actionLinkStyles } from '../shared/action-link.ts';
import { actionsStrings } from './actions-i18n.ts';
import { safeUrl } from '../shared/url.ts';
import { msg } from '../shared/i18n.ts';
import { dateTimeFormat, numberFormat } from '../shared/formats.ts';
import type { Location } from '../../contract/index.ts';
import { isExpired, nextExpiry } from '../shared/offer-expiry.ts';
import { pageAllowsWidgetScripts } from '../shared/config.ts';
import { styles } from './merchant-actions.styles.ts';

export interface ActionsData {
  actions: Action[];
  /** `nearby` when these are the nearby fallback's actions, not the location's own. */
  source: ActionsResponse['source'];
  /** ISO 4217 currency of deal amounts: the location's menu currency, else USD. */
  currency: string;
  /** With `essentials`: the location (its phone and address), when the page response has it. */
  location?: Location;
}

/** Appends a widget script to document.head, once per src and http(s) only. Exported for tests. */
export function loadWidgetScript(src: string | null): void {
  const url = safeUrl(src);
  if (url && ![...document.scripts].some((script) => script.src === url)) {
    document.head.append(Object.assign(document.createElement('script'), { src: url }));
  }
}

/** The essentials row (actions-essentials.ts), loaded on demand by the first element that sets `essentials`. */
let essentials: typeof import('./actions-essentials.ts') | undefined;
const loadEssentials = async () => {
  essentials ??= await import('./actions-essentials.ts').catch(() => undefined);
};

/** The actions worth a button: an http(s) link, of the requested type, not expired (no or unparsable expiration: kept). */
const usable = (actions: Action[], type: string | null) =>
  actions.filter((action) => safeUrl(action.url) && (!type || action.type === type) && !isExpired(action));

/**
 * Call-to-action buttons for a location's actions: order online, reserve, deals, coupons, gift cards.
 *
 * Data: the combined page request (shared with every element of the location). With `nearby-fallback`, when the
 * location has no actions (after the `type` filter), `GET {endpoint}/v1/locations/{id}/actions?nearby=true` is asked
 * for actions around it, shown under a "Nearby" heading. Links are http(s) only and open in a new tab with
 * `rel="noopener sponsored"`; expired actions are not shown. An action that carries offer attributes (deals and
 * coupons) is a card with its title, saving (an amount in the location's menu currency, else USD, or a percentage)
 * and expiry above its link.
 *
 * Widget scripts: an action's `jsSource` is loaded only when the page opts in, with `allow-widget-scripts=true` in
 * the page-defaults meta tag or `data-allow-widget-scripts` on the script tag (it runs with the page's full
 * privileges). No element attribute turns them on: in a CMS, the people who write posts must not choose the code a
 * page runs.
 *
 * @title Order and booking buttons
 * @icon cart
 * @summary Call-to-action buttons (order, reserve, deals, coupons, gift cards) for a merchant location.
 *
 * @slot loading - Replaces the loading placeholder.
 * @slot empty - Shown when there are no actions (default: nothing; the reserved height stays).
 * @slot error - Replaces the error message.
 *
 * @csspart base - The wrapper; reserves `--merchant-actions-min-height` while loading.
 * @csspart list - The list of actions.
 * @csspart item - One action (also `offer` when it is a deal or coupon card).
 * @csspart offer - A deal or coupon card (the item).
 * @csspart offer-title - The offer's title.
 * @csspart offer-discount - "$5.00 off" / "15% off".
 * @csspart offer-expiry - "Expires …".
 * @csspart button - An action link (styled as a button; filled with the primary colour under `top`).
 * @csspart button-icon - The action's suggested CTA icon.
 * @csspart nearby-heading - The "Nearby" label above fallback actions.
 * @csspart essentials - The essentials row (the list, with `essentials`).
 * @csspart call - The essentials row's phone link (`tel:`; also `button`).
 * @csspart directions - The essentials row's directions link (also `button`).
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
  static override styles = [baseStyles, actionLinkStyles, styles];

  static override properties = {
    type: {},
    top: { type: Boolean, reflect: true },
    nearbyFallback: { type: Boolean, attribute: 'nearby-fallback' },
    essentials: { type: Boolean, reflect: true },
  };

  /** Only actions of this type: a name (`deal`, `foodordering`, …) or the Actions API's numeric id. An unknown value is ignored. */
  type: string | null = null;

  /** Show only the first action, as one primary button. */
  top = false;

  /** When the location has no actions, show actions of nearby locations instead. */
  nearbyFallback = false;

  /**
   * The essentials, one tap away on a phone: Call (the location's phone), Directions (a maps route to its address)
   * and the top action (the first, as `top` shows it: order or reserve, or the one `type` asks for) as one compact
   * row of equal buttons, 48px tall, to put at the top of a page.
   */
  essentials = false;

  protected override loadArgs(): unknown[] {
    return [this.type, this.nearbyFallback, this.essentials];
  }

  protected override async load(config: ResolvedConfig, signal: AbortSignal): Promise<ActionsData> {
    const type = parseActionType(this.type);
    // The essentials row's module loads beside the data (one round trip before the row shows).
    const essentialsRow = this.essentials && loadEssentials();
    // Both parts come from the one cached page response: awaiting them in turn costs no extra request.
    let actions = usable(await this.loadPagePart(config, 'actions', signal), type);
    // The menus only lend their currency to deal amounts: without them, or with a code Intl could reject, USD.
    const menuCurrency = await this.loadPagePart(config, 'menus', signal).then(
      (menus) => menus[0]?.currency ?? '',
      () => '',
    );
    const currency = /^[A-Z]{3}$/.test(menuCurrency) ? menuCurrency : 'USD';
    let source: ActionsResponse['source'] = 'location';
    if (!actions.length && this.nearbyFallback) {
      ({ actions, source } = await getJson<ActionsResponse>(this.__nearbyUrl(config), signal));
      actions = usable(actions, type);
    }
    if (pageAllowsWidgetScripts()) actions.forEach((action) => loadWidgetScript(action.jsSource));
    await essentialsRow;
    // The essentials' phone and address: from the same cached page response (no request of their own).
    const location = this.essentials ? await this.loadPagePart(config, 'location', signal).catch(() => undefined) : undefined;
    return { actions, source, currency, location };
  }

  /** The nearby fallback's request, `…/actions?nearby=true[&type=]` (the resolved endpoint is normalised; requiresLocationId is true, so there is an id). */
  private __nearbyUrl({ endpoint, locationId }: ResolvedConfig): string {
    const type = parseActionType(this.type);
    return routeUrl(endpoint, actionsRoute, { id: locationId! }, { nearby: true, type });
  }

  protected override invalidateCache(config: ResolvedConfig | undefined): void {
    if (config) invalidate(this.__nearbyUrl(config));
  }

  /** The next offer to expire: then the actions are worked out again (it goes; the nearby fallback may come). */
  protected override nextChange({ actions }: ActionsData): number | undefined {
    return nextExpiry(actions);
  }

  protected override isEmpty({ actions, location }: ActionsData): boolean {
    return !actions.length && !location;
  }

  protected override renderReady({ actions, source, currency, location }: ActionsData) {
    const locale = this.resolvedLocale;
    const strings = actionsStrings(locale);
    const shown = this.top || this.essentials ? actions.slice(0, 1) : actions;
    if (location && essentials) {
      return essentials.renderEssentials(this, {
        location,
        labels: strings,
        newTab: msg(locale, 'opensInNewTab'),
        top: shown.length ? renderActionLink(this, shown[0]!, locale) : nothing,
      });
    }
    return html`${source === 'nearby' ? html`<p class="muted nearby-heading" part="nearby-heading">${strings.nearby}</p>` : nothing}
      <ul class="list" part="list" role="list">
        ${shown.map((action) => {
          const link = renderActionLink(this, action, locale);
          const lines = this.__offerLines(action, locale, currency);
          if (!lines.length) return html`<li part="item">${link}</li>`;
          // An offer (deals and coupons): a card with its title, saving and expiry above the link.
          return html`<li class="offer" part="item offer">
            ${lines.map(([part, content]) => html`<p class=${part} part=${part}>${content}</p>`)}${link}
          </li>`;
        })}
      </ul>`;
  }

  /** The offer card's lines (title, saving, expiry) that the action has; none for a plain call to action. */
  private __offerLines(action: Action, locale: string, currency: string): Array<[part: string, text: string]> {
    const offer = action.attributes;
    if (!offer) return [];
    const strings = actionsStrings(locale);
    const saving =
      offer.discount && offer.discount > 0
        ? numberFormat(locale, { style: 'currency', currency }).format(offer.discount)
        : offer.discountPercentage == null
          ? undefined
          : numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(offer.discountPercentage);
    // An unparsable expiration is kept (see above) but not shown.
    const expires = Date.parse(offer.expiration ?? '');
    const lines: Array<[string, string | null | undefined]> = [
      ['offer-title', offer.title],
      ['offer-discount', saving && strings.off(saving)],
      ['offer-expiry', Number.isFinite(expires) ? strings.expires(dateTimeFormat(locale, { dateStyle: 'medium' }).format(expires)) : null],
    ];
    return lines.filter((line): line is [string, string] => Boolean(line[1]));
  }
}
