/**
 * One action as a link styled as a button, shared by `<merchant-actions>` and `<merchant-nearby>`.
 * http(s) only (others render nothing), opens in a new tab with `rel="noopener sponsored"`, fires the
 * cancellable `merchant-action-click` on the host element; `preventDefault()` on it cancels the navigation.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Action } from '../../contract/index.ts';
import { emit, type MerchantActionClickDetail } from './events.ts';
import { msg } from './i18n.ts';
import { ctaMsg } from './cta-i18n.ts';
import { safeUrl } from './url.ts';

/** The visible label: the suggested CTA, else the default for the action's type in the UI language. */
export function actionLabel(action: Action, locale: string): string {
  const cta = typeof action.cta === 'string' ? action.cta.trim() : '';
  return cta || ctaMsg(locale, `cta_${action.type}` as 'cta_other') || ctaMsg(locale, 'cta_other');
}

export interface ActionLinkOptions {
  primary?: boolean;
  /** Extra words for the accessible name (e.g. the location's name in nearby results). */
  context?: string;
}

export function renderActionLink(host: HTMLElement, action: Action, locale: string, options: ActionLinkOptions = {}): TemplateResult | typeof nothing {
  const href = safeUrl(action.url);
  if (!href) return nothing;
  const icon = safeUrl(action.ctaAsset);
  const onClick = (event: MouseEvent) => {
    const proceed = emit<MerchantActionClickDetail>(host, 'merchant-action-click', { action }, true);
    if (!proceed) event.preventDefault();
  };
  return html`<a
    class="button ${options.primary ? 'primary' : ''}"
    part=${options.primary ? 'button button-primary' : 'button'}
    href=${href}
    target="_blank"
    rel="noopener sponsored"
    data-action-id=${action.id}
    data-action-type=${action.type}
    @click=${onClick}
    >${icon ? html`<img class="button-icon" part="button-icon" src=${icon} alt="" width="20" height="20" />` : nothing}<span
      part="label"
      >${actionLabel(action, locale)}</span
    >${options.context ? html`<span class="visually-hidden">: ${options.context}</span>` : nothing}<span class="visually-hidden">
      ${msg(locale, 'opensInNewTab')}</span
    ></a
  >`;
}
