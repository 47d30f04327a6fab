import { html, nothing, type TemplateResult } from 'lit';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';
import type { Addition, Choice, Menu, MenuItem, MenusResponse } from '../../contract/index.ts';
import { getJson, invalidate } from '../../client/request.ts';
import { MerchantElement, type ResolvedConfig } from '../shared/merchant-element.ts';
import { baseStyles } from '../shared/styles.ts';
import { msg } from '../shared/i18n.ts';
import { emit } from '../shared/events.ts';
import { safeUrl } from '../shared/url.ts';
import { StructuredDataController } from '../shared/structured-data.ts';
import { menuFormatter, menuJsonLd, parseDietary, visibleSections, type MenuFormatter } from './menu-format.ts';
import { menuStrings, type MenuStrings } from './menu-i18n.ts';
import { menuStyles } from './merchant-menu.styles.ts';

export type MenuFormatAttribute = 'full' | 'short';

/** A heading of `level` (an integer 1–6 we computed, never text from data, so `unsafeStatic` is safe here). */
function heading(level: number, part: string, text: string): TemplateResult {
  const tag = unsafeStatic(`h${level}`);
  return staticHtml`<${tag} class=${part} part=${part}>${text}</${tag}>`;
}

/**
 * A merchant's menus: several menus as tabs, sections, items with descriptions, prices in the menu's
 * currency (ranges, market price), units, calories, dietary badges, item photos and footnotes, with the
 * attribution image and its link under every menu (always shown; it cannot be turned off).
 *
 * Adds schema.org `Menu` JSON-LD as a `<script type="application/ld+json">` child in the light DOM,
 * unless `no-structured-data` is set. `format="full"` (default) uses the page's combined request;
 * `format="short"` asks the gateway for the short menu (`/v1/locations/{id}/menus?format=short`).
 *
 * @summary A merchant's menus, with prices, dietary badges and the required attribution.
 *
 * @slot loading - Replaces the loading skeleton.
 * @slot empty - Replaces the "no menu" message.
 * @slot error - Replaces the error message.
 *
 * @csspart base - The wrapper of every state.
 * @csspart tablist - The row of menu tabs (only with several menus).
 * @csspart tab - One menu tab; also `tab-selected` on the selected one.
 * @csspart panel - A menu's panel (the menu itself when there is only one).
 * @csspart menu-name - The menu's heading (single menu only; tabs name the menus otherwise).
 * @csspart menu-description - The menu's description.
 * @csspart section - A section.
 * @csspart section-name - A section heading.
 * @csspart section-description - A section description.
 * @csspart items - The list of items in a section.
 * @csspart item - One item.
 * @csspart item-name - An item's name.
 * @csspart item-description - An item's description (line breaks kept).
 * @csspart item-photo - An item's photo.
 * @csspart prices - The list of choices with prices.
 * @csspart price - A price (range or market price) with its unit, of a choice or an add-on.
 * @csspart calories - Calories of a choice.
 * @csspart additions - The add-ons line.
 * @csspart badges - The list of dietary badges; `badge` is one badge.
 * @csspart footnote - The menu's footnote.
 * @csspart attribution - The required attribution (image and link) under each menu.
 * @csspart no-match - The message shown when the dietary filter leaves nothing.
 * @csspart empty - The default "no menu" message.
 *
 * @cssprop --merchant-menu-min-height - Height reserved while loading (default 24rem).
 * @cssprop --merchant-menu-attribution-height - Height of the attribution image (default 1.5rem).
 *
 * @fires merchant-load - Menus loaded (detail: Menu[]).
 * @fires merchant-error - Loading failed (detail: ErrorResource).
 * @fires merchant-menu-select - The visitor selected another menu tab (detail: `{index, menu}`).
 */
export class MerchantMenu extends MerchantElement<Menu[]> {
  static override styles = [baseStyles, menuStyles];

  static override properties = {
    format: { reflect: true },
    dietary: {},
    noStructuredData: { type: Boolean, reflect: true, attribute: 'no-structured-data' },
    headingLevel: { type: Number, attribute: 'heading-level' },
    __selected: { state: true },
  };

  /** `full` (every menu) or `short` (a representative sample, up to 5 items per section). */
  format: MenuFormatAttribute = 'full';

  /** Show only items having every listed flag, e.g. `vegan, gluten-free` (contract DIETARY_FLAGS). */
  dietary: string | null = null;

  /** Do not add the schema.org `Menu` JSON-LD to the page. */
  noStructuredData = false;

  /** Heading level (1–6) of the menu name; sections use the next level. Default 2. */
  headingLevel = 2;

  /** Index of the selected menu tab. */
  private __selected = 0;

  constructor() {
    super();
    new StructuredDataController(this, () =>
      !this.noStructuredData && this.state !== 'error' && this.data?.length ? menuJsonLd(this.data) : null,
    );
  }

  protected override loadArgs(): unknown[] {
    return [this.format];
  }

  protected override async load(config: ResolvedConfig, signal: AbortSignal): Promise<Menu[]> {
    return this.format === 'short'
      ? (await getJson<MenusResponse>(this.__shortUrl(config), signal)).menus
      : this.loadPagePart(config, 'menus', signal);
  }

  protected override invalidateCache(config: ResolvedConfig | undefined): void {
    if (config) invalidate(this.__shortUrl(config));
  }

  private __shortUrl({ endpoint, locationId }: ResolvedConfig): string {
    return `${endpoint}/v1/locations/${encodeURIComponent(locationId!)}/menus?format=short`;
  }

  protected override isEmpty(menus: Menu[]): boolean {
    return !menus.length;
  }

  protected override renderEmpty(): unknown {
    return html`<p class="message" part="empty">${menuStrings(this.resolvedLocale).noMenu}</p>`;
  }

  /** Tabs when there are several menus; only the selected menu's panel has content. */
  protected override renderReady(menus: Menu[]): unknown {
    const locale = this.resolvedLocale;
    const strings = menuStrings(locale);
    const tabs = menus.length > 1;
    const selected = Math.min(this.__selected, menus.length - 1);
    const menu = menus[selected];
    const format = menuFormatter(locale, menu.currency);
    const flags = parseDietary(this.dietary);
    const sections = visibleSections(menu, flags);
    // Levels clamp to 1–5 so sections (one below) stay within h6; with tabs, the tab names the menu.
    const level = Math.min(5, Math.max(1, Math.round(this.headingLevel) || 2));
    const image = safeUrl(menu.attribution.image);
    const link = safeUrl(menu.attribution.link);
    const attribution = image ? html`<img src=${image} alt=${strings.attribution} height="24" loading="lazy" />` : strings.attribution;
    const content = html`${tabs ? nothing : heading(level, 'menu-name', menu.name)}
      ${menu.description ? html`<p class="description" part="menu-description">${menu.description}</p>` : nothing}
      ${sections.length || !flags.length
        ? sections.map(
            (section) => html`<section part="section">
              ${heading(tabs ? level : level + 1, 'section-name', section.name)}
              ${section.description ? html`<p class="description" part="section-description">${section.description}</p>` : nothing}
              <ul class="items" part="items">
                ${section.items.map((item) => this.__renderItem(item, format, strings))}
              </ul>
            </section>`,
          )
        : html`<p class="no-match" part="no-match">${strings.noMatch}</p>`}
      ${menu.footnote ? html`<p class="footnote" part="footnote">${menu.footnote}</p>` : nothing}
      <div class="attribution" part="attribution">
        ${link
          ? html`<a href=${link} target="_blank" rel="noopener">${attribution}<span class="visually-hidden"> ${msg(locale, 'opensInNewTab')}</span></a>`
          : attribution}
      </div>`;
    if (!tabs) return html`<div part="panel">${content}</div>`;
    return html`<div role="tablist" part="tablist" class="tablist" aria-label=${strings.menus} @keydown=${this.__onKeydown}>
        ${menus.map(
          (menu, i) => html`<button type="button" role="tab" class="button" part=${i === selected ? 'tab tab-selected' : 'tab'} id="tab-${i}"
            aria-selected=${i === selected} aria-controls="panel-${i}" tabindex=${i === selected ? 0 : -1} @click=${() => this.__select(i)}>${menu.name}</button>`,
        )}
      </div>
      ${menus.map(
        (_, i) => html`<div part="panel" role="tabpanel" id="panel-${i}" aria-labelledby="tab-${i}" tabindex="0" ?hidden=${i !== selected}>${i === selected ? content : nothing}</div>`,
      )}`;
  }

  private __onKeydown(event: KeyboardEvent): void {
    const count = this.data!.length;
    const selected = Math.min(this.__selected, count - 1);
    // Arrows follow the reading direction.
    const step = getComputedStyle(this).direction === 'rtl' ? -1 : 1;
    const next = ({ ArrowRight: selected + step, ArrowLeft: selected - step, Home: 0, End: count - 1 } as Record<string, number>)[event.key];
    if (next === undefined) return;
    event.preventDefault();
    void this.__select((next + count) % count);
  }

  /** Selects a tab and focuses it (by keyboard the focus follows the selection; a click focuses it anyway). */
  private async __select(index: number): Promise<void> {
    const changed = index !== this.__selected;
    this.__selected = index;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>(`#tab-${index}`)!.focus();
    if (changed) emit(this, 'merchant-menu-select', { index, menu: this.data![index] });
  }

  private __renderItem(item: MenuItem, format: MenuFormatter, strings: MenuStrings): TemplateResult {
    const [photo] = item.photos;
    const src = safeUrl(photo?.url);
    const flags = item.dietary.filter((flag) => Object.hasOwn(strings.flags, flag));
    // Choices and add-ons share one line template; only choices have calories.
    const options = (list: Array<Addition & Partial<Choice>>) =>
      list.map((option) => {
        const calories = format.calories(option.calories);
        return html`<li>
          ${option.name} <span class="price" part="price">${format.price(option.price, option.unit)}</span>
          ${calories ? html`<span class="calories" part="calories">${calories}</span>` : nothing}
        </li>`;
      });
    return html`<li class="item" part="item">
      <div>
        <p class="item-name" part="item-name">${item.name}</p>
        ${item.description ? html`<p class="item-description" part="item-description">${item.description}</p>` : nothing}
      </div>
      ${src ? html`<img class="item-photo" part="item-photo" src=${src} alt=${photo.title} width="80" height="80" loading="lazy" />` : nothing}
      ${item.choices.length ? html`<ul class="prices" part="prices">${options(item.choices)}</ul>` : nothing}
      ${item.additions.length ? html`<div class="additions" part="additions">${strings.additions}: <ul>${options(item.additions)}</ul></div>` : nothing}
      ${flags.length
        ? html`<ul class="badges" part="badges" aria-label=${strings.dietary}>
            ${flags.map((flag) => html`<li class="badge" part="badge">${strings.flags[flag]}</li>`)}
          </ul>`
        : nothing}
    </li>`;
  }
}
