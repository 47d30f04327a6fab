import { html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { DIETARY_FLAGS, type DietaryFlag, type Menu, type MenuItem, type MenuSection, type MenusResponse } from '../../contract/index.ts';
import { getJson, invalidate } from '../../client/request.ts';
import { normalizeEndpoint } from '../../client/api.ts';
import { MerchantElement, type ResolvedConfig } from '../shared/merchant-element.ts';
import { baseStyles } from '../shared/styles.ts';
import { check } from '../shared/icons.ts';
import { msg } from '../shared/i18n.ts';
import { safeUrl } from '../shared/url.ts';
import { StructuredDataController } from '../shared/structured-data.ts';
import {
  formatCalories,
  formatPriceWithUnit,
  menuJsonLd,
  parseDietary,
  sortedMenus,
  sortedOptions,
  visibleSections,
} from './menu-format.ts';
import { menuStrings, type MenuStrings } from './menu-i18n.ts';
import { menuStyles } from './merchant-menu.styles.ts';

export type MenuFormatAttribute = 'full' | 'short';

let nextId = 0;

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
 * @csspart price - A price (range or market price) with its unit.
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

  /** `full` (every menu) or `short` (a representative sample, up to 5 items per section). */
  @property({ reflect: true }) format: MenuFormatAttribute = 'full';

  /** Show only items having every listed flag, e.g. `vegan, gluten-free` (contract DIETARY_FLAGS). */
  @property() dietary: string | null = null;

  /** Do not add the schema.org `Menu` JSON-LD to the page. */
  @property({ type: Boolean, reflect: true, attribute: 'no-structured-data' }) noStructuredData = false;

  /** Heading level (1–6) of the menu name; sections use the next level. Default 2. */
  @property({ type: Number, attribute: 'heading-level' }) headingLevel = 2;

  /** Index of the selected menu tab. */
  @state() private selected = 0;

  private readonly __uid = `mm${++nextId}`;

  constructor() {
    super();
    new StructuredDataController(this, () =>
      !this.noStructuredData && (this.state === 'ready' || this.state === 'loading') && this.data?.length ? menuJsonLd(this.data) : null,
    );
  }

  protected override loadArgs(): unknown[] {
    return [this.format];
  }

  protected override async load(config: ResolvedConfig, signal: AbortSignal): Promise<Menu[]> {
    if (this.format === 'short') {
      const response = await getJson<MenusResponse>(this.__shortUrl(config), signal);
      return Array.isArray(response.menus) ? response.menus : [];
    }
    return this.loadPagePart(config, 'menus', signal);
  }

  protected override invalidateCache(config: ResolvedConfig | undefined): void {
    if (config) invalidate(this.__shortUrl(config));
  }

  private __shortUrl(config: ResolvedConfig): string {
    return `${normalizeEndpoint(config.endpoint)}/v1/locations/${encodeURIComponent(config.locationId ?? '')}/menus?format=short`;
  }

  protected override isEmpty(menus: Menu[]): boolean {
    return !Array.isArray(menus) || menus.length === 0;
  }

  protected override renderEmpty(): unknown {
    return html`<p class="message" part="empty">${this.__strings.noMenu}</p>`;
  }

  private get __strings(): MenuStrings {
    return menuStrings(this.resolvedLocale);
  }

  private get __level(): number {
    const n = Math.round(Number(this.headingLevel));
    return Number.isFinite(n) ? Math.min(5, Math.max(1, n)) : 2;
  }

  protected override renderReady(data: Menu[]): unknown {
    const menus = sortedMenus(data);
    if (menus.length === 0) return this.renderEmpty();
    const flags = parseDietary(this.dietary);
    if (menus.length === 1) {
      return html`<div part="panel" class="panel">${this.__renderMenu(menus[0], flags, true)}</div>`;
    }
    const selected = Math.min(this.selected, menus.length - 1);
    return html`
      <div role="tablist" part="tablist" class="tablist" aria-label=${this.__strings.menus} @keydown=${this.__onTabKeydown}>
        ${menus.map(
          (menu, i) => html`<button
            type="button"
            role="tab"
            class="tab"
            part=${i === selected ? 'tab tab-selected' : 'tab'}
            id=${`${this.__uid}-tab-${i}`}
            aria-selected=${i === selected ? 'true' : 'false'}
            aria-controls=${`${this.__uid}-panel-${i}`}
            tabindex=${i === selected ? 0 : -1}
            @click=${() => this.__select(i, false)}
          >${menu.name}</button>`,
        )}
      </div>
      ${menus.map(
        (menu, i) => html`<div
          role="tabpanel"
          part="panel"
          class="panel"
          id=${`${this.__uid}-panel-${i}`}
          aria-labelledby=${`${this.__uid}-tab-${i}`}
          tabindex="0"
          ?hidden=${i !== selected}
        >${i === selected ? this.__renderMenu(menu, flags, false) : nothing}</div>`,
      )}
    `;
  }

  private __onTabKeydown = (event: KeyboardEvent): void => {
    const count = this.data?.length ?? 0;
    if (count < 2) return;
    const rtl = getComputedStyle(this).direction === 'rtl';
    const current = Math.min(this.selected, count - 1);
    let next: number | null = null;
    switch (event.key) {
      case 'ArrowRight':
        next = (current + (rtl ? -1 : 1) + count) % count;
        break;
      case 'ArrowLeft':
        next = (current + (rtl ? 1 : -1) + count) % count;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = count - 1;
        break;
    }
    if (next === null) return;
    event.preventDefault();
    this.__select(next, true);
  };

  private async __select(index: number, focus: boolean): Promise<void> {
    const changed = index !== this.selected;
    this.selected = index;
    await this.updateComplete;
    if (focus) this.renderRoot.querySelector<HTMLElement>(`#${this.__uid}-tab-${index}`)?.focus();
    if (changed) {
      const menu = sortedMenus(this.data)[index];
      this.dispatchEvent(new CustomEvent('merchant-menu-select', { detail: { index, menu }, bubbles: true, composed: true }));
    }
  }

  private __heading(level: number, part: string, text: string): TemplateResult {
    switch (Math.min(6, level)) {
      case 1: return html`<h1 class=${part} part=${part}>${text}</h1>`;
      case 2: return html`<h2 class=${part} part=${part}>${text}</h2>`;
      case 3: return html`<h3 class=${part} part=${part}>${text}</h3>`;
      case 4: return html`<h4 class=${part} part=${part}>${text}</h4>`;
      case 5: return html`<h5 class=${part} part=${part}>${text}</h5>`;
      default: return html`<h6 class=${part} part=${part}>${text}</h6>`;
    }
  }

  private __renderMenu(menu: Menu, flags: DietaryFlag[], showName: boolean): TemplateResult {
    const sections = visibleSections(menu, flags);
    // With tabs the tab names the menu, so sections sit one level below the host's heading level.
    const sectionLevel = showName ? this.__level + 1 : this.__level;
    return html`
      ${showName ? this.__heading(this.__level, 'menu-name', menu.name) : nothing}
      ${menu.description ? html`<p class="description" part="menu-description">${menu.description}</p>` : nothing}
      ${sections.length === 0 && flags.length
        ? html`<p class="no-match" part="no-match">${this.__strings.noMatch}</p>`
        : repeat(sections, (s) => s.id, (s) => this.__renderSection(menu, s, sectionLevel))}
      ${menu.footnote ? html`<p class="footnote" part="footnote">${menu.footnote}</p>` : nothing}
      ${this.__renderAttribution(menu)}
    `;
  }

  private __renderSection(menu: Menu, section: MenuSection, level: number): TemplateResult {
    return html`<section class="section" part="section">
      ${this.__heading(level, 'section-name', section.name)}
      ${section.description ? html`<p class="section-description" part="section-description">${section.description}</p>` : nothing}
      <ul class="items" part="items">
        ${repeat(section.items, (item) => item.id, (item) => this.__renderItem(menu, item))}
      </ul>
    </section>`;
  }

  private __renderItem(menu: Menu, item: MenuItem): TemplateResult {
    const photo = (item.photos ?? []).map((p) => ({ url: safeUrl(p?.url), title: p?.title })).find((p) => p.url);
    return html`<li class="item" part="item">
      <div class="item-main">
        <p class="item-name" part="item-name">${item.name}</p>
        ${item.description ? html`<p class="item-description" part="item-description">${item.description}</p>` : nothing}
      </div>
      ${photo
        ? html`<img class="item-photo" part="item-photo" src=${photo.url!} alt=${photo.title ?? ''} width="80" height="80" loading="lazy" decoding="async" />`
        : nothing}
      ${this.__renderPrices(menu, item)}
      ${this.__renderAdditions(menu, item)}
      ${this.__renderBadges(item)}
    </li>`;
  }

  private __renderPrices(menu: Menu, item: MenuItem): unknown {
    const choices = sortedOptions(item.choices);
    if (!choices.length) return nothing;
    const locale = this.resolvedLocale;
    const strings = this.__strings;
    return html`<ul class="prices" part="prices">
      ${choices.map((c) => {
        const calories = formatCalories(c.calories, locale, strings);
        return html`<li>
          ${c.name ? html`<span class="choice-name">${c.name}</span> ` : nothing}<span class="price" part="price"
            >${formatPriceWithUnit(c.price, c.unit, menu.currency, locale, strings)}</span
          >${calories ? html` <span class="calories" part="calories">${calories}</span>` : nothing}
        </li>`;
      })}
    </ul>`;
  }

  private __renderAdditions(menu: Menu, item: MenuItem): unknown {
    const additions = sortedOptions(item.additions);
    if (!additions.length) return nothing;
    const locale = this.resolvedLocale;
    const strings = this.__strings;
    return html`<div class="additions" part="additions">
      <span>${strings.additions}:</span>
      <ul>
        ${additions.map(
          (a) => html`<li>${a.name ? `${a.name} ` : ''}<span class="price">${formatPriceWithUnit(a.price, a.unit, menu.currency, locale, strings)}</span></li>`,
        )}
      </ul>
    </div>`;
  }

  private __renderBadges(item: MenuItem): unknown {
    const own = Array.isArray(item.dietary) ? item.dietary : [];
    const flags = DIETARY_FLAGS.filter((f) => own.includes(f));
    if (!flags.length) return nothing;
    const labels = this.__strings.flags;
    return html`<ul class="badges" part="badges" aria-label=${this.__strings.dietary}>
      ${flags.map((f) => html`<li class="badge" part="badge" data-flag=${f}>${check()}${labels[f]}</li>`)}
    </ul>`;
  }

  /** The attribution is always rendered under the menu (required by the data's terms); only http(s) URLs are used. */
  private __renderAttribution(menu: Menu): TemplateResult {
    const image = safeUrl(menu.attribution?.image);
    const link = safeUrl(menu.attribution?.link);
    const label = this.__strings.attribution;
    const content = image
      ? html`<img src=${image} alt=${label} height="24" loading="lazy" decoding="async" />`
      : html`<span>${label}</span>`;
    return html`<div class="attribution" part="attribution">
      ${link
        ? html`<a href=${link} target="_blank" rel="noopener">${content}<span class="visually-hidden"> ${msg(this.resolvedLocale, 'opensInNewTab')}</span></a>`
        : content}
    </div>`;
  }
}
