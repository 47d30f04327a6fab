import { html, nothing, type TemplateResult } from 'lit';
import type { Menu, MenuItem, MenusResponse } from '../../contract/index.ts';
import { getJson, invalidate } from '../../client/request.ts';
import { menusRoute, routeUrl } from '../../contract/routes.ts';
import { MerchantElement, type ResolvedConfig } from '../shared/merchant-element.ts';
import { baseStyles } from '../shared/styles.ts';
import { heading, headingLevel } from '../shared/heading.ts';
import { safeUrl } from '../shared/url.ts';
import { StructuredDataController } from '../shared/structured-data.ts';
import { menuFormatter, parseDietary, visibleSections, type MenuFormatter } from './menu-format.ts';
import { menuStrings, type MenuStrings } from './menu-i18n.ts';
import { menuStyles } from './merchant-menu.styles.ts';

export type MenuFormatAttribute = 'full' | 'short';
/** Sections from which a menu gets its section bar (unless `no-section-bar`). */
export const LONG_MENU_SECTIONS = 4;

/** The tabs and the section bar (menu-navigation.ts), loaded on demand by the first menu that needs them. */
let navigation: typeof import('./menu-navigation.ts') | undefined;
const loadNavigation = async () => {
  navigation ??= await import('./menu-navigation.ts').catch(() => undefined);
};

/** Prints the menu alone (shared/print.ts), loaded the first time a diner uses the print control. */
async function printMenu(this: MerchantMenu) {
  (await import('../shared/print.ts')).printAlone(this);
}

/** Secondary text (descriptions, footnote, the no-match message): line breaks kept, nothing when absent. */
const note = (text: string | null) => (text ? html`<p class="note">${text}</p>` : nothing);

/**
 * A merchant's menus: several menus as tabs, sections, items with descriptions, prices in the menu's
 * currency (ranges, market price), units, calories, dietary badges, item photos and footnotes, with the
 * attribution image and its link under every menu (always shown; it cannot be turned off).
 *
 * Adds schema.org `Menu` JSON-LD as a `<script type="application/ld+json">` child in the light DOM,
 * unless `no-structured-data` is set. `format="full"` (default) uses the page's combined request;
 * `format="short"` asks the gateway for the short menu (`/v1/locations/{id}/menus?format=short`).
 *
 * @title Menu
 * @icon food
 * @summary A merchant's menus, with prices, dietary badges and the required attribution.
 *
 * @slot loading - Replaces the loading skeleton.
 * @slot empty - Shown when the location has no menu (by default nothing is shown).
 * @slot error - Replaces the error message.
 *
 * @csspart base - The wrapper of every state.
 * @csspart tab - One menu tab (only with several menus; the selected one has `aria-selected="true"`).
 * @csspart panel - The selected menu's tab panel (only with several menus).
 * @csspart section-bar - The section bar (`<nav>`, see `no-section-bar`); its links are `a` inside it.
 * @csspart section - A section.
 * @csspart item - One item.
 * @csspart price - A choice's price (range or market price) with its unit.
 * @csspart badge - One dietary badge.
 * @csspart attribution - The required attribution (image and link) under each menu.
 * @csspart controls - The diner's controls above the menu (the print button).
 * @csspart print - The "Print menu" button (see `no-print-button`).
 * @csspart skeleton - The loading placeholder.
 * @csspart error - The error message box; `error-message`, `error-detail`, `retry` inside it.
 *
 * @cssprop --merchant-menu-min-height - Height reserved while loading (default 24rem).
 * @cssprop --merchant-menu-attribution-height - Height of the attribution image (default 2rem).
 *
 * @fires merchant-load - Menus loaded (detail: Menu[]).
 * @fires merchant-error - Loading failed (detail: ErrorResource).
 */
export class MerchantMenu extends MerchantElement<Menu[]> {
  static override styles = [baseStyles, menuStyles];

  static override properties = {
    format: {},
    dietary: {},
    noStructuredData: { type: Boolean, attribute: 'no-structured-data' },
    headingLevel: { type: Number, attribute: 'heading-level' },
    noSectionBar: { type: Boolean, attribute: 'no-section-bar' },
    noPrintButton: { type: Boolean, attribute: 'no-print-button' },
    __selected: { state: true },
  };

  /** `full` (every menu) or `short` (a representative sample, up to 5 items per section). */
  format: MenuFormatAttribute = 'full';

  /** Show only items having every listed flag, separated by commas, e.g. `vegan, gluten-free`. */
  dietary: string | null = null;

  /** Do not add the schema.org `Menu` JSON-LD to the page. */
  noStructuredData = false;

  /** Heading level (1–5) of the menu name, to fit the page's outline; sections use the next level. Default 2. */
  headingLevel = 2;

  /**
   * No section bar. By default a menu of 4 sections or more (those the dietary filter leaves) gets a bar of links to
   * its sections, to jump to one (a navigation landmark, by keyboard too).
   */
  noSectionBar = false;

  /**
   * No "Print menu" button. By default a diner can print the menu alone (every menu, without the rest of the page);
   * printing the whole page prints the menu the same way.
   */
  noPrintButton = false;

  /** Index of the selected menu tab. */
  private __selected = 0;

  constructor() {
    super();
    new StructuredDataController(
      this,
      () => !this.noStructuredData && this.state !== 'error' && !!this.data?.length && this.data,
      () => import('./menu-json-ld.ts'),
    );
  }

  protected override loadArgs(): unknown[] {
    return [this.format];
  }

  /** The menus, and the navigation module with them when they need it (tabs, a section bar): no second frame. */
  protected override async load(config: ResolvedConfig, signal: AbortSignal): Promise<Menu[]> {
    // A full menu is most often long or several: its navigation module loads beside the data, not after it (one
    // round trip instead of two before the menu shows; the module loader fetches it once). A short menu asks for it
    // only if it turns out to need it.
    if (this.format !== 'short') void loadNavigation();
    const menus =
      this.format === 'short' ? (await getJson<MenusResponse>(this.__shortUrl(config), signal)).menus : await this.loadPagePart(config, 'menus', signal);
    if (menus.length > 1 || menus.some((menu) => this.__hasSectionBar(menu.sections.length))) await loadNavigation();
    return menus;
  }

  protected override invalidateCache(config: ResolvedConfig | undefined): void {
    if (config) invalidate(this.__shortUrl(config));
  }

  private __shortUrl({ endpoint, locationId }: ResolvedConfig): string {
    return routeUrl(endpoint, menusRoute, { id: locationId! }, { format: 'short' });
  }

  protected override isEmpty(menus: Menu[]): boolean {
    return !menus.length;
  }

  /** Tabs and one panel when there are several menus (the panel shows the selected menu); else the menu itself. */
  protected override renderReady(menus: Menu[]): unknown {
    const strings = menuStrings(this.resolvedLocale);
    const selected = Math.min(this.__selected, menus.length - 1);
    const controls = this.noPrintButton
      ? nothing
      : html`<div class="controls" part="controls">
          <button type="button" class="button" part="print" @click=${printMenu}>${strings.print}</button>
        </div>`;
    if (menus.length < 2) return html`${controls}${this.__renderMenu(menus[0], 0, strings, false)}`;
    // Without the navigation module (it could not be loaded), every menu, one after another.
    if (!navigation) return html`${controls}${menus.map((menu, i) => this.__renderMenu(menu, i, strings, false))}`;
    // Paper has no tabs: the menus before and after the selected one are there for print only, in their order.
    const printOnly = (from: number, to: number) =>
      html`<div class="paper">${menus.slice(from, to).map((menu, i) => this.__renderMenu(menu, from + i, strings, false))}</div>`;
    return html`${controls}${printOnly(0, selected)}${navigation.renderTabs(
      html,
      menus.map((menu) => menu.name),
      selected,
      strings.menus,
      (index) => {
        this.__selected = index;
        return this.updateComplete;
      },
      this.__renderMenu(menus[selected], selected, strings, true),
    )}${printOnly(selected + 1, menus.length)}`;
  }

  /** Whether a menu of `count` sections (those shown) gets the section bar. */
  private __hasSectionBar(count: number): boolean {
    return !this.noSectionBar && count >= LONG_MENU_SECTIONS;
  }

  /**
   * One menu: its name (only for screen readers and the outline under a tab, which shows it already), the section bar
   * when it is long, its sections, footnote and attribution. `index`: the menu's, so section ids differ between menus.
   */
  private __renderMenu(menu: Menu, index: number, strings: MenuStrings, tabbed: boolean): TemplateResult {
    const format = menuFormatter(this.resolvedLocale, menu.currency);
    const flags = parseDietary(this.dietary);
    const sections = visibleSections(menu, flags).map((section, i) => ({ ...section, id: `section-${index}-${i}` }));
    const image = safeUrl(menu.attribution.image);
    const link = safeUrl(menu.attribution.link);
    const attribution = image ? html`<img src=${image} alt=${strings.attribution} loading="lazy" />` : strings.attribution;
    // At most 5, so sections (one below) stay within h6.
    const level = headingLevel(this.headingLevel, 5);
    const name = heading(level, menu.name);
    return html`${tabbed ? html`<div class="visually-hidden named">${name}</div>` : name}
      ${note(menu.description)}
      ${this.__hasSectionBar(sections.length) ? navigation?.renderSectionBar(html, sections, strings.sections) : nothing}
      ${
        sections.length || !flags.length
          ? sections.map(
              (section) => html`<section part="section" id=${section.id}>
              ${heading(level + 1, section.name)}
              ${note(section.description)}
              <ul>
                ${section.items.map((item) => this.__renderItem(item, format, strings))}
              </ul>
            </section>`,
            )
          : note(strings.noMatch)
      }
      ${note(menu.footnote)}
      <p part="attribution">${link ? html`<a href=${link}>${attribution}</a>` : attribution}</p>`;
  }

  private __renderItem(item: MenuItem, format: MenuFormatter, strings: MenuStrings): TemplateResult {
    const [photo] = item.photos;
    const src = safeUrl(photo?.url);
    // Only flags with a label (a newer gateway may know more).
    const flags = item.dietary.filter((flag) => Object.hasOwn(strings.flags, flag));
    return html`<li class="item" part="item">
      ${src ? html`<img src=${src} alt=${photo.title} width="72" height="72" loading="lazy" />` : nothing}
      <div class="text">
        <b>${item.name}</b>${note(item.description)}
        ${
          item.additions.length
            ? html`<p class="additions note">${strings.additions} ${item.additions
                .map((addition) => [addition.name, format.price(addition.price, addition.unit)].filter(Boolean).join(' '))
                .join(' · ')}</p>`
            : nothing
        }
        ${
          flags.length
            ? html`<ul class="badges">
              ${flags.map((flag) => html`<li part="badge">${strings.flags[flag]}</li>`)}
            </ul>`
            : nothing
        }
      </div>
      ${
        item.choices.length
          ? html`<ul class="prices">
            ${item.choices.map(
              // Calories on a line of their own, so every price ends at the end edge.
              (choice) => html`<li>${choice.name} <b part="price">${format.price(choice.price, choice.unit)}</b>${note(format.calories(choice.calories))}</li>`,
            )}
          </ul>`
          : nothing
      }
    </li>`;
  }
}
