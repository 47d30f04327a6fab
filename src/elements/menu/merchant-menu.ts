import { html, isServer, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { hydrating } from '../shared/hydrating.ts';
import type { Menu, MenuItem, MenusResponse } from '../../contract/index.ts';
import { getJson, invalidate } from '../../client/request.ts';
import { shortMenusUrl } from './loader-hints.ts';
import { loadNavigation, loadTools, settledNavigation, settledTools, startModules } from './menu-modules.ts';
import { MerchantElement, type ModulesBesideData, type ResolvedConfig } from '../shared/merchant-element.ts';
import { baseStyles } from '../shared/styles.ts';
import { heading, headingLevel } from '../shared/heading.ts';
import { safeUrl } from '../shared/url.ts';
import { StructuredDataController } from '../shared/structured-data.ts';
import type { MenuTools } from './menu-tools.ts';
import type { Printing } from './menu-navigation.ts';
import { menuFormatter, type MenuFormatter } from './menu-format.ts';
import { menuStrings, type MenuStrings } from './menu-i18n.ts';
import { menuStyles } from './merchant-menu.styles.ts';
import { nextTask } from '../shared/next-task.ts';

export type MenuFormatAttribute = 'full' | 'short';
/** Sections from which a menu gets its section bar (unless `no-section-bar`). */
export const LONG_MENU_SECTIONS = 4;
/** Dishes from which a location's menus get the diner tools (filters, search). */
export const LONG_MENU_DISHES = 12;
/**
 * Dishes a menu shows in its first render in the browser (whole sections, up to this many and more than a phone's
 * screen holds); the rest come in the next task, so a long menu is not one long task (issue 29). Only a rest of as
 * many dishes again waits: a shorter one costs the first render less than what waiting for it costs before the menu
 * is whole (a frame laid out and painted, a task more; the first render's cost is mostly once-only: Lit preparing its
 * templates, the controls), so it is rendered with the first screen.
 */
export const FIRST_SCREEN_DISHES = 12;

/** Prints the menu alone (shared/print.ts), loaded the first time a diner uses the print control. */
async function printMenu(this: MerchantMenu) {
  (await import('../shared/print.ts')).printAlone(this);
}

/** Secondary text (descriptions, footnote, the no-match message): line breaks kept, nothing when absent. */
const note = (text: unknown) => (text ? html`<p class="note">${text}</p>` : nothing);

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
 * @csspart controls - The diner's controls: the search box (`search`), the dietary chips (`chip`, `aria-pressed`), the
 *   count and the clear button; a short menu's way to the full one; the print button.
 * @csspart print - The "Print menu" button (see `no-print-button`).
 * @csspart skeleton - The loading placeholder.
 * @csspart error - The error message box; `error-message`, `error-detail`, `retry` inside it.
 *
 * @cssprop --merchant-menu-min-height - Height reserved while loading (default 24rem).
 * @cssprop --merchant-menu-attribution-height - Height of the attribution image (default 2rem).
 * @cssprop --merchant-menu-sticky-top - Where the section bar stays pinned while the menu scrolls: the height of the
 *   page's own sticky header (default 0).
 * @cssprop --merchant-menu-match-background - The background of a search's matches in the dishes' text (default the system's
 *   Mark colour; in forced colours always Mark). Where the browser has no highlight API, matches are `<mark>` elements
 *   in its own Mark colours.
 * @cssprop --merchant-menu-match-color - The text colour of a search's matches (default the system's MarkText colour).
 * @cssprop --merchant-menu-bar-background - The pinned section bar's background (default the system's Canvas colour; a page
 *   whose elements' surface is transparent sets its own page colour).
 *
 * @fires merchant-load - Menus loaded (detail: Menu[]).
 * @fires merchant-error - Loading failed (detail: ErrorResource).
 */
export class MerchantMenu extends MerchantElement<Menu[]> {
  static override styles = [baseStyles, menuStyles];

  /**
   * A full menu loads its tabs and section bar and its diner tools beside its data (`load()` below); a short one only
   * if it turns out to need them. Pages hint these with the menu's file (test/e2e/element-modules.test.ts holds this
   * rule to what the menu loads).
   */
  static override readonly modulesBesideData: ModulesBesideData = {
    modules: ['menu-navigation', 'menu-tools'],
    unless: { attribute: 'format', value: 'short' },
  };

  static override properties = {
    format: {},
    dietary: {},
    noStructuredData: { type: Boolean, attribute: 'no-structured-data' },
    headingLevel: { type: Number, attribute: 'heading-level' },
    noSectionBar: { type: Boolean, attribute: 'no-section-bar' },
    fullMenuHref: { attribute: 'full-menu-href' },
    noPrintButton: { type: Boolean, attribute: 'no-print-button' },
    __selected: { state: true },
  };

  /** `full` (every menu) or `short` (a representative sample, up to 5 items per section). */
  format: MenuFormatAttribute = 'full';

  /**
   * The dietary filters the menu opens with, separated by commas, e.g. `vegan, gluten-free`: a diner sees them chosen
   * and can change them. A diet or "free of" flag shows only the dishes marked with it; a "contains" flag (`peanut`)
   * hides the dishes marked as containing it.
   */
  dietary: string | null = null;

  /** With `format="short"`: the page with the full menu (http or https), where "See the full menu" leads; else it shows in place. */
  fullMenuHref: string | null = null;

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

  /** The diner's filters and search, once the tools are loaded and needed. */
  private __tools?: MenuTools;

  /**
   * The location's name, when the data has it (a full menu's page answer; a short menu's answer does not): it names
   * the section bars with the menu's, so two locations' Lunch menus on one page are two landmarks a diner tells apart.
   */
  private __place?: string;

  /** The on-demand modules the menus shown loaded (`viewModules()`). */
  private __viewModules: readonly string[] = [];

  /** Whether the page is printing (with the navigation module): the menus beside the selected tab render only then. */
  private __paper?: Printing;

  /**
   * Whether the menus render whole: until the first ready render in the browser has, only their first screen does, and
   * the rest follows in the next task; from then on every render is whole (a refresh, another tab). Whole from the
   * start on a server, and for a server-rendered menu taken over (its markup on screen is whole: a part of it would
   * shift what follows).
   */
  private __whole = false;
  /** Whether the latest render left sections out (the first screen only). */
  private __leftOut = false;
  /** The rest of a menu shown in part, rendered in the next task; `updateComplete` waits for it. */
  private __rest?: Promise<void>;

  constructor() {
    super();
    new StructuredDataController(
      this,
      () => !this.noStructuredData && this.state !== 'error' && !!this.data?.length && this.data,
      () => import('./menu-json-ld.ts'),
    );
  }

  protected override loadArgs(): unknown[] {
    return [this.format, !this.dietary];
  }

  /** The menus, and the navigation module with them when they need it (tabs, a section bar): no second frame. */
  protected override async load(config: ResolvedConfig, signal: AbortSignal): Promise<Menu[]> {
    // Beside the data, for a full menu (menu-modules.ts); the loader has most often started them already.
    startModules(this.format);
    const menus =
      this.format === 'short' ? (await getJson<MenusResponse>(this.__shortUrl(config), signal)).menus : await this.loadPagePart(config, 'menus', signal);
    // From the same page answer as the menus (no request more); a location that failed leaves the bars the menu's name.
    this.__place =
      this.format === 'short'
        ? undefined
        : await this.loadPagePart(config, 'location', signal).then(
            (location) => location.name,
            () => undefined,
          );
    const needsNavigation = menus.length > 1 || menus.some((menu) => this.__hasSectionBar(menu.sections.length));
    // The diner tools: for a long menu, an owner's preset, or a diner's state in the URL (a shared link, a reload); only
    // then, whether or not the module (asked for above) has already arrived, so a short menu looks the same every time.
    const needsTools =
      this.dietary ||
      globalThis.location?.hash.includes('=') ||
      menus.flatMap((menu) => menu.sections.flatMap((section) => section.items)).length >= LONG_MENU_DISHES;
    // Both asked for at once: a short menu that needs both waits one round trip for them, not two (issue 29).
    await Promise.all([needsNavigation && loadNavigation(), needsTools && loadTools()]);
    // For a server render's fragment (viewModules()); a browser has no use for it.
    if (isServer) {
      const [navigationModule, toolsModule] = MerchantMenu.modulesBesideData.modules;
      this.__viewModules = [needsNavigation && navigationModule, needsTools && toolsModule].filter((name) => typeof name === 'string');
    }
    const navigation = settledNavigation();
    const tools = settledTools();
    if (navigation) this.__paper ??= new navigation.Printing(this);
    if (needsTools && tools) this.__tools ??= new tools.MenuTools(this);
    return menus;
  }

  /** The modules the menus shown loaded (`load()`): its tabs and section bar, its diner tools, as they need them. */
  override viewModules(): readonly string[] {
    return this.__viewModules;
  }

  protected override invalidateCache(config: ResolvedConfig | undefined): void {
    if (config) invalidate(this.__shortUrl(config));
  }

  /** The short menus' URL, as the loader asks for it before this module arrives (loader-hints.ts). */
  private __shortUrl({ endpoint, locationId }: ResolvedConfig): string {
    return shortMenusUrl(endpoint, locationId!);
  }

  /** After a render of the first screen only: the rest in the next task (the browser paints and answers input between). */
  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (this.__whole || this.__rest || this.state !== 'ready') return;
    // The first ready render: whole already when it left nothing out; from then on, every render is (a refresh, a tab).
    if (!this.__leftOut) {
      this.__whole = true;
      return;
    }
    this.__rest = nextTask().then(() => {
      this.__whole = true;
      this.__rest = undefined;
      this.requestUpdate();
    });
  }

  /** `updateComplete` as before: the menu rendered whole (Lit's documented override). */
  protected override async getUpdateComplete(): Promise<boolean> {
    let complete = await super.getUpdateComplete();
    while (this.__rest) {
      await this.__rest;
      complete = await super.getUpdateComplete();
    }
    return complete;
  }

  private __rendersWhole(): boolean {
    return isServer || this.serverRendered || this.__whole || !!this.__paper?.on;
  }

  protected override isEmpty(menus: Menu[]): boolean {
    return !menus.length;
  }

  /** Tabs and one panel when there are several menus (the panel shows the selected menu); else the menu itself. */
  protected override renderReady(menus: Menu[]): unknown {
    const strings = menuStrings(this.resolvedLocale);
    this.__leftOut = false;
    const selected = Math.min(this.__selected, menus.length - 1);
    const tools = this.__tools;
    const navigation = settledNavigation();
    const href = safeUrl(this.fullMenuHref);
    const short = this.format === 'short';
    // A short menu says it is a selection, and leads to the full one: the owner's page, or in place. Every control in one
    // container (the diner's tools, that way on, the print button), which print hides.
    let wayOn: unknown = nothing;
    if (short && href) wayOn = html`<a class="button" href=${href}>${strings.fullMenu}</a>`;
    else if (short) wayOn = html`<button type="button" class="button" @click=${this.__showFull}>${strings.fullMenu}</button>`;
    const printButton = this.noPrintButton ? nothing : html`<button type="button" class="button" part="print" @click=${printMenu}>${strings.print}</button>`;
    const controls = html`${short ? note(strings.selection) : nothing}
    ${
      tools || short || !this.noPrintButton
        ? html`<div part="controls" class="controls">${tools?.controls(menus, menus[selected])} ${wayOn} ${printButton}</div>`
        : nothing
    }`;
    // On paper, with a filter or a search on: what the print holds (print-only).
    const printed = tools?.printed(menus);
    if (menus.length < 2) return [controls, printed, this.__renderMenu(menus[0], 0, strings, 'plain')];
    // Without the navigation module (it could not be loaded), every menu, one after another.
    if (!navigation) return [controls, printed, menus.map((menu, i) => this.__renderMenu(menu, i, strings, 'plain'))];
    // Paper has no tabs: the menus before and after the selected one print too, in their order. In the browser they are
    // rendered while printing only (Printing); a server render holds them (print-only, `.paper`), so a page printed
    // before its script runs, or with scripts off, prints every menu too. The render hydration binds to the server's
    // markup holds them too (shared/hydrating.ts), and the render that follows drops them.
    const printOnly = (from: number, to: number) =>
      from < to && (isServer || hydrating() || this.__paper?.on)
        ? html`<div class="paper">${menus.slice(from, to).map((menu, i) => this.__renderMenu(menu, from + i, strings, 'paper'))}</div>`
        : nothing;
    return [
      controls,
      printed,
      printOnly(0, selected),
      navigation.renderTabs(
        menus.map((menu) => tools?.tab(menu) ?? menu.name),
        selected,
        strings.menus,
        (index) => {
          this.__selected = index;
          return this.updateComplete;
        },
        this.__renderMenu(menus[selected], selected, strings, 'tab'),
      ),
      printOnly(selected + 1, menus.length),
    ];
  }

  /** The short menu's "See the full menu" in place: the full menu loads (the short one stays until it is there), then the focus goes to it. */
  private __showFull() {
    this.format = 'full';
    this.addEventListener(
      'merchant-load',
      () => this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('[tabindex="0"],h2,h3,h4,h5,h6')?.focus()),
      {
        once: true,
      },
    );
  }

  /** Whether a menu of `count` sections (those shown) gets the section bar. */
  private __hasSectionBar(count: number): boolean {
    return !this.noSectionBar && count >= LONG_MENU_SECTIONS;
  }

  /**
   * One menu: its name (only for screen readers and the outline under a tab, which shows it already), the section bar
   * when it is long, its sections, footnote and attribution. `index`: the menu's, so section ids differ between menus.
   * `how`: under its tab, on its own, or as a print-only copy (`paper`: without what paper hides, the section bar and
   * the dishes' photos, which a server render would otherwise carry for nothing).
   */
  private __renderMenu(menu: Menu, index: number, strings: MenuStrings, how: 'tab' | 'plain' | 'paper'): TemplateResult {
    const format = menuFormatter(this.resolvedLocale, menu.currency);
    const tools = this.__tools;
    const navigation = settledNavigation();
    // Every section and dish is rendered; those out of the diner's view are hidden, so a change of view changes only
    // the rows it hides, shows or marks (menu-tools.ts). The bar links the sections shown.
    const sections = menu.sections.map((section, i) => ({ ...section, id: `section-${index}-${i}`, shown: !tools || section.items.some(tools.shows) }));
    const shown = sections.filter((section) => section.shown);
    // A first render in the browser: the sections up to the first screen's dishes, unless fewer than as many again
    // are left after them (see FIRST_SCREEN_DISHES).
    let rendered = sections.length;
    if (!this.__rendersWhole()) {
      const all = sections.reduce((dishes, section) => dishes + section.items.length, 0);
      for (let i = 0, dishes = 0; i < sections.length; i++)
        if ((dishes += sections[i]!.items.length) >= FIRST_SCREEN_DISHES) {
          if (all - dishes >= FIRST_SCREEN_DISHES) {
            rendered = i + 1;
            this.__leftOut = true;
          }
          break;
        }
    }
    const image = safeUrl(menu.attribution.image);
    const link = safeUrl(menu.attribution.link);
    const attribution = image ? html`<img src=${image} alt=${strings.attribution} loading="lazy" />` : strings.attribution;
    // At most 5, so sections (one below) stay within h6.
    const level = headingLevel(this.headingLevel, 5);
    const name = heading(level, menu.name);
    return html`${how === 'tab' ? html`<div class="visually-hidden named">${name}</div>` : name}
      ${note(menu.description)}
      ${how !== 'paper' && this.__hasSectionBar(shown.length) ? navigation?.renderSectionBar(shown, strings.sections(menu.name, this.__place)) : nothing}
      ${sections.slice(0, rendered).map(
        (section) => html`<section part="section" id=${section.id} ?hidden=${!section.shown}>
          ${heading(level + 1, section.name)}
          ${note(section.description)}
          <ul>
            ${section.items.map((item) => this.__renderItem(item, format, strings, how === 'paper'))}
          </ul>
        </section>`,
      )}
      ${shown.length ? nothing : tools?.none()}
      ${note(menu.footnote)}
      <p part="attribution">${link ? html`<a href=${link}>${attribution}</a>` : attribution}</p>`;
  }

  private __renderItem(item: MenuItem, format: MenuFormatter, strings: MenuStrings, paper: boolean): TemplateResult {
    const tools = this.__tools;
    const shown = tools?.shows(item) ?? true;
    // Marks only on the rows shown: a hidden row is left as it is.
    const mark = (text: string | null) => (text && shown && tools ? tools.mark(text) : text);
    const name = mark(item.name);
    const description = mark(item.description);
    // With the tools, a change of view renders a row's content again only when its marks changed (menu-tools.ts `row`);
    // shown or hidden is the row's own attribute.
    const content = tools
      ? tools.row(item, [strings, name, description, paper], () => this.__renderRow(item, format, strings, name, description, paper))
      : this.__renderRow(item, format, strings, name, description, paper);
    return html`<li class="item" part="item" ?hidden=${!shown}>${content}</li>`;
  }

  /**
   * A dish's row: its text, badges and prices, then its photo (not on a print-only copy: paper hides it). The photo
   * comes last in the markup though it shows between text and prices: a browser paints a server-rendered page as it
   * parses it, and a photo parsed before the prices stood where their column would be, then moved when they arrived
   * (a layout shift on a slow connection). Last, every column it depends on is already there.
   */
  private __renderRow(item: MenuItem, format: MenuFormatter, strings: MenuStrings, name: unknown, description: unknown, paper: boolean): TemplateResult {
    const [photo] = paper ? [] : item.photos;
    const src = safeUrl(photo?.url);
    // Only flags with a label (a newer gateway may know more).
    const flags = item.dietary.filter((flag) => Object.hasOwn(strings.flags, flag));
    return html`<div class="text">
        <b>${name}</b>${note(description)}
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
      ${src ? html`<img src=${src} alt=${photo.title} width="72" height="72" loading="lazy" />` : nothing}
    `;
  }
}
