/**
 * One action as a link styled as a button, shared by `<merchant-actions>` and `<merchant-nearby>`.
 * http(s) only (others render nothing), opens in a new tab with `rel="noopener sponsored"`, fires the
 * cancellable `merchant-action-click` on the host element; `preventDefault()` on it cancels the navigation.
 * The label is the suggested CTA (the gateway trims it; empty is null), else the default for the action's type.
 */
import { html, nothing } from 'lit';
import { css } from 'lit';
import type { Action } from '../../contract/index.ts';
import { emit, type MerchantActionClickDetail } from './events.ts';
import { msg } from './i18n.ts';
import { ctaStrings } from './cta-i18n.ts';
import { safeUrl } from './url.ts';

/** Styles of the action link's icon (the link itself uses the base `.button`); add after baseStyles. */
export const actionLinkStyles = css`
  .button-icon {
    width: 1.25em;
    height: 1.25em;
    object-fit: contain;
  }
`;

/** `context`: extra words for the accessible name (e.g. the location's name in nearby results). */
export function renderActionLink(host: HTMLElement, action: Action, locale: string, context?: string) {
  const href = safeUrl(action.url);
  const icon = safeUrl(action.ctaAsset);
  return href
    ? html`<a
        class="button"
        part="button"
        href=${href}
        target="_blank"
        rel="noopener sponsored"
        @click=${(event: MouseEvent) => {
          // The page may cancel the navigation (e.g. to open its own dialog).
          if (!emit<MerchantActionClickDetail>(host, 'merchant-action-click', { action }, true)) event.preventDefault();
        }}
        >${
          // Lazy: a button far down the page (a server-rendered `lazy` element's) does not fetch its icon with the page;
          // one on screen fetches it once laid out, as an eager one would.
          icon ? html`<img class="button-icon" part="button-icon" src=${icon} alt="" loading="lazy" />` : nothing
        }${
          action.cta || ctaStrings(locale)[action.type]
        }<span class="visually-hidden">${context ? `: ${context}` : nothing} ${msg(locale, 'opensInNewTab')}</span></a
      >`
    : nothing;
}
