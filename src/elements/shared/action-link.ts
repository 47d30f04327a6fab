/**
 * One action as a link styled as a button, shared by `<merchant-actions>` and `<merchant-nearby>`.
 * http(s) only (others render nothing), opens in a new tab with `rel="noopener sponsored"`, fires the
 * cancellable `merchant-action-click` on the host element; `preventDefault()` on it cancels the navigation.
 */
import { html, nothing } from 'lit';
import type { Action } from '../../contract/index.ts';
import { emit, type MerchantActionClickDetail } from './events.ts';
import { msg } from './i18n.ts';
import { ctaMsg } from './cta-i18n.ts';
import { safeUrl } from './url.ts';

/** The visible label: the suggested CTA (the gateway trims it, empty is null), else the default for the action's type in the UI language. */
export function actionLabel(action: Action, locale: string): string {
  return action.cta || ctaMsg(locale, action.type);
}

export interface ActionLinkOptions {
  primary?: boolean;
  /** Extra words for the accessible name (e.g. the location's name in nearby results). */
  context?: string;
}

export function renderActionLink(host: HTMLElement, action: Action, locale: string, { primary, context }: ActionLinkOptions = {}) {
  const href = safeUrl(action.url);
  const icon = safeUrl(action.ctaAsset);
  return href
    ? html`<a
        class="button ${primary ? 'primary' : ''}"
        part=${primary ? 'button button-primary' : 'button'}
        href=${href}
        target="_blank"
        rel="noopener sponsored"
        data-action-type=${action.type}
        @click=${(event: MouseEvent) =>
          emit<MerchantActionClickDetail>(host, 'merchant-action-click', { action }, true) || event.preventDefault()}
        >${icon ? html`<img class="button-icon" part="button-icon" src=${icon} alt="" width="20" height="20" />` : nothing}<span
          part="label"
          >${actionLabel(action, locale)}</span
        ><span class="visually-hidden">${context ? `: ${context}` : nothing} ${msg(locale, 'opensInNewTab')}</span></a
      >`
    : nothing;
}
