/**
 * `<merchant-menu>`'s diner tools, loaded on demand: the dietary filters a diner sets, the search over dishes, the
 * count of what is shown, their state in the page's URL fragment, and the section in view on the section bar. The
 * element loads this module beside its data when a menu is long enough to need it, when the owner set a `dietary`
 * preset, or when the URL holds a diner's state (merchant-menu.ts `load()`), so the menu is complete from its first
 * frame and nothing shifts; if it cannot be loaded, the menu shows without them (the preset still filters).
 *
 * Its styles are the element's (merchant-menu.styles.ts), so a server-rendered menu is styled before any script runs.
 *
 * - Filters: one chip per flag the menus carry. A "free of" or diet flag (vegan, gluten-free…) keeps only the dishes
 *   marked with it; a "contains" flag (peanuts, dairy…) hides the dishes marked as containing it, under a label and a
 *   note that say only marked dishes are hidden. Chips combine (a dish must pass every one).
 * - Search: every word of the query in the dish's name or description, ignoring case and accents in the page's language
 *   (`fold`), the matches marked. Marked as a highlight (the CSS Custom Highlight API: ranges over the dishes' text
 *   nodes, painted by `::highlight(merchant-menu-match)` in the element's styles), so a letter typed changes no element
 *   and lays nothing out again; in a browser without the API (Chromium and Edge before 105, Safari before 17.2, Firefox
 *   before 140), in `<mark>` elements (text nodes, never HTML).
 * - State: `#<key>.diet=vegan,gluten-free&<key>.q=pizza` in the fragment (never sent to the server, so page caches are
 *   not split), `<key>` the element's `id` or `menu`, `menu2`… by its place on the page; other parts of the fragment
 *   are kept. Written with replaceState (no history entry per letter), read when the element connects and on hashchange.
 */
import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { DietaryFlag, Menu, MenuItem, MenuSection } from '../../contract/index.ts';
import { strings as languageStrings } from '../shared/i18n.ts';
import { menuStrings } from './menu-i18n.ts';
import en, { type MenuToolsStrings } from './tools-strings.ts';
import { whenLaidOut } from '../shared/when-laid-out.ts';

/** This module's strings in a locale, once its language is loaded (else English). */
const toolsStrings = languageStrings('menuTools', en);

/** The element, as far as the tools use it (public members only: private ones are renamed per bundle chunk). */
export interface ToolsHost extends ReactiveControllerHost, HTMLElement {
  dietary: string | null;
  readonly resolvedLocale: string;
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/**
 * The search's highlight in the page's registry (`CSS.highlights`). Names are per document: every menu on the page
 * shares the one entry, each adding and removing only its own ranges (`MenuTools`), and the entry goes when no menu
 * has any. Styled by `::highlight(merchant-menu-match)` in merchant-menu.styles.ts.
 */
export const MATCH_HIGHLIGHT = 'merchant-menu-match';

/** The page's highlight registry, or undefined in a browser without the API (then the marks are `<mark>` elements). */
const highlightRegistry = (): HighlightRegistry | undefined =>
  typeof CSS !== 'undefined' && CSS.highlights && typeof Highlight === 'function' ? CSS.highlights : undefined;

/** A dish's name and its description (not its add-ons, also a `.note`): the text the search matches. */
const SEARCHED = ':scope > .text > b, :scope > .text > b + .note:not(.additions)';

/** The "contains" flags: a chip of one hides the dishes marked with it. */
const CONTAINS = new Set(Object.keys(en.allergens));

/**
 * Text folded for search: no accents (NFD, then no combining marks), lower case in the page's language, every sigma σ
 * (lower case writes a word-final Σ as ς, but not one character at a time as the marks fold, nor as a diner may type
 * it; the directory folds alike: src/contract/directory.ts, test/support/fold-cases.json).
 */
export function fold(text: string, locale: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase(locale).replace(/ς/g, 'σ');
}

/** Each character's fold, per locale: `matchRuns` folds one character at a time, and a menu has few distinct ones. */
const charFolds = new Map<string, Map<string, string>>();
function foldChar(char: string, locale: string): string {
  let folds = charFolds.get(locale);
  if (!folds) charFolds.set(locale, (folds = new Map()));
  let part = folds.get(char);
  if (part === undefined) folds.set(char, (part = fold(char, locale)));
  return part;
}

/**
 * `text` cut into runs, those that match a word of `words` (folded) marked: `[before, {match}, after]`. Folds one
 * character at a time to map each folded index back to the text (NFD may change lengths: é is e and a mark).
 */
export function matchRuns(text: string, words: readonly string[], locale: string): (string | { match: string })[] {
  if (!words.length) return [text];
  let folded = '';
  // origin[i]: where folded[i]'s character starts in `text`.
  const origin: number[] = [];
  let at = 0;
  for (const char of text) {
    const part = foldChar(char, locale);
    for (let k = 0; k < part.length; k++) origin.push(at);
    folded += part;
    at += char.length;
  }
  origin.push(text.length);
  const marked = new Array<boolean>(text.length).fill(false);
  for (const word of words) {
    for (let from = folded.indexOf(word); from >= 0; from = folded.indexOf(word, from + 1)) {
      for (let k = origin[from]!; k < origin[from + word.length]!; k++) marked[k] = true;
    }
  }
  const runs: (string | { match: string })[] = [];
  let start = 0;
  for (let k = 1; k <= text.length; k++) {
    if (k === text.length || marked[k] !== marked[start]) {
      const run = text.slice(start, k);
      runs.push(marked[start] ? { match: run } : run);
      start = k;
    }
  }
  return runs;
}

/** The words of a query, folded (empty: no search). */
export function queryWords(query: string, locale: string): string[] {
  return fold(query, locale).split(/\s+/).filter(Boolean);
}

/**
 * Whether `item` passes every chip in `flags`: marked with a diet or "free of" flag (a vegan dish is vegetarian too),
 * not marked with a "contains" one.
 */
export function passesFlags(item: MenuItem, flags: Iterable<DietaryFlag>): boolean {
  for (const flag of flags) {
    const marked = item.dietary.includes(flag) || (flag === 'vegetarian' && item.dietary.includes('vegan'));
    if (marked === CONTAINS.has(flag)) return false;
  }
  return true;
}

/** The diner's view of one menu: the sections with the dishes that pass the flags and hold every word; empty sections dropped. */
export function filterMenu(menu: Menu, flags: ReadonlySet<DietaryFlag>, words: readonly string[], locale: string): MenuSection[] {
  return menu.sections
    .map((section) => ({ ...section, items: section.items.filter((item) => passesFlags(item, flags) && hasWords(item, words, locale)) }))
    .filter((section) => section.items.length);
}

/** Each item's folded name and description, computed once per item and locale (the search's cost is then one scan). */
const foldedItems = new WeakMap<MenuItem, [locale: string, text: string]>();
function hasWords(item: MenuItem, words: readonly string[], locale: string): boolean {
  if (!words.length) return true;
  let cached = foldedItems.get(item);
  if (cached?.[0] !== locale) foldedItems.set(item, (cached = [locale, fold(`${item.name}\n${item.description ?? ''}`, locale)]));
  return words.every((word) => cached[1].includes(word));
}

/** The flags the menus' dishes carry, in the label table's order (the contract's). */
export function flagsIn(menus: readonly Menu[], order: readonly string[]): DietaryFlag[] {
  const present = new Set(menus.flatMap((menu) => menu.sections.flatMap((section) => section.items.flatMap((item) => item.dietary))));
  return order.filter((flag): flag is DietaryFlag => present.has(flag as DietaryFlag));
}

/** Parses the owner's `dietary` attribute into known flags (case-insensitive, others ignored). */
export function parseFlags(value: string | null, known: readonly string[]): DietaryFlag[] {
  return (value ?? '')
    .toLowerCase()
    .split(/[\s,]+/)
    .filter((word): word is DietaryFlag => known.includes(word));
}

/** A diner's state as the fragment keeps it; `flags` undefined when the fragment says nothing of them (the preset holds). */
export interface FragmentState {
  flags?: string[];
  query: string;
}

/** Reads `<key>.diet` and `<key>.q` from a fragment (`#…`), or null when it holds neither. */
export function readFragment(hash: string, key: string): FragmentState | null {
  let state: FragmentState | null = null;
  for (const part of hash.replace(/^#/, '').split('&')) {
    const [name, value = ''] = part.split('=');
    const text = decodeURIComponent(value.replace(/\+/g, ' '));
    if (name === `${key}.diet`) (state ??= { query: '' }).flags = text.split(',').filter(Boolean);
    if (name === `${key}.q`) (state ??= { query: '' }).query = text;
  }
  return state;
}

/** The fragment `hash` with this menu's state written (or removed, when `state` is null); every other part kept. */
export function writeFragment(hash: string, key: string, state: FragmentState | null): string {
  const parts = hash
    .replace(/^#/, '')
    .split('&')
    .filter((part) => part && !part.startsWith(`${key}.`));
  if (state?.flags) parts.push(`${key}.diet=${state.flags.map(encodeURIComponent).join(',')}`);
  if (state?.query) parts.push(`${key}.q=${encodeURIComponent(state.query)}`);
  return parts.length ? `#${parts.join('&')}` : '';
}

/**
 * The diner's state of one `<merchant-menu>` and what it renders: `controls()` (chips, search, count, clear),
 * `shows(item)` (whether a dish is in the view), `count(menu)`, `tab(menu)` (a tab's name with its count), `mark(text)`
 * (matches marked), `none()` (when nothing matches) and `printed(menus)` (on paper: what the print holds). Observes the
 * shown sections for the section bar.
 *
 * Incremental: the element renders every dish and hides those out of the view (`hidden`), so a letter typed or a chip
 * toggled changes only the rows whose view changed (shown or hidden, marks), never the rows themselves. The view
 * (each dish shown or not, each menu's count, each text's marks) is computed once per state (`hostUpdate`), from each
 * dish's folded text (kept per dish) and each character's fold (kept per locale).
 */
export class MenuTools implements ReactiveController {
  /** The flags chosen (the owner's preset until the diner or the URL changes them). */
  flags = new Set<DietaryFlag>();
  query = '';
  private __preset: string | null | undefined = undefined;
  /** Each dish's row as last rendered, and what from (`row`). */
  private __rows = new WeakMap<MenuItem, [inputs: unknown[], row: unknown]>();
  /** The view of the current state (`key`: the chips, the words, the locale), computed as the render asks. */
  private __view = newView('');
  private __observer?: IntersectionObserver;
  private __observed: Element[] = [];
  /** Cancels the section bar's measurement still waiting for the bar to be laid out. */
  private __cancelMeasure?: () => void;
  private __onHash = () => this.__readUrl();
  /** The highlight registry (checked once per menu), undefined without the API: then `mark` writes `<mark>`. */
  private readonly __registry = highlightRegistry();
  /** This menu's ranges in the shared highlight, and the highlight they were added to. */
  private __ranges: StaticRange[] = [];
  private __highlight?: Highlight;

  constructor(private readonly host: ToolsHost) {
    host.addController(this);
  }

  /** Whether a filter or a search is on. */
  get active(): boolean {
    return this.flags.size > 0 || this.__words().length > 0;
  }

  hostConnected(): void {
    this.__syncPreset();
    this.__readUrl();
    addEventListener('hashchange', this.__onHash);
  }

  hostDisconnected(): void {
    this.__highlightMatches([]);
    removeEventListener('hashchange', this.__onHash);
    this.__cancelMeasure?.();
    this.__cancelMeasure = undefined;
    this.__observer?.disconnect();
    this.__observer = undefined;
    this.__observed = [];
  }

  hostUpdate(): void {
    this.__syncPreset();
    const words = this.__words();
    const key = `${[...this.flags].sort()}\n${words.join(' ')}\n${this.host.resolvedLocale}`;
    if (key !== this.__view.key) this.__view = newView(key, words);
  }

  /**
   * After each render: the search's matches highlighted in the rows shown, and the section bar's link to the section in
   * view (IntersectionObserver on the shown sections).
   */
  hostUpdated(): void {
    if (this.__registry) this.__highlightMatches(this.__matchRanges());
    const root = this.host.renderRoot;
    const nav = root.querySelector('nav[part="section-bar"]');
    const sections = nav ? [...root.querySelectorAll('section[part="section"]')] : [];
    if (sections.length === this.__observed.length && sections.every((section, i) => section === this.__observed[i])) return;
    this.__observed = sections;
    // Measuring the bar right after a render (or in any later task) can force a layout of the page in script: measured
    // when the browser has laid the bar out itself, if these sections are still the ones shown (issue 29).
    // Cancelled when the menu leaves the page first, or when other sections replace these before it runs.
    this.__cancelMeasure?.();
    this.__cancelMeasure = undefined;
    if (nav)
      this.__cancelMeasure = whenLaidOut(nav, () => {
        this.__cancelMeasure = undefined;
        this.__observe(nav as HTMLElement, sections);
      });
    else this.__observer?.disconnect();
  }

  /**
   * Observes `sections` in the band just under the pinned bar (below the page's own header: the bar's `top`) down to the
   * middle of the viewport; the first one in it is current. When the bar's place has changed since (the page set its
   * offset later), observes again with the new band.
   */
  private __observe(nav: HTMLElement, sections: Element[]): void {
    this.__observer?.disconnect();
    this.__observer = undefined;
    if (!sections.length) return;
    // (A few pixels more: a section whose end touches the bar is not in view.)
    const band = () => Math.round(parseFloat(getComputedStyle(nav).top) || 0) + nav.offsetHeight + 8;
    const top = band();
    const inView = new Set<Element>();
    this.__observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) inView[entry.isIntersecting ? 'add' : 'delete'](entry.target);
        // What follows reads the bar's layout: once the browser has laid it out, as above (an intersection is reported
        // in a task of its own, where another element's render may have left the layout undone).
        this.__cancelMeasure?.();
        this.__cancelMeasure = whenLaidOut(nav, () => {
          this.__cancelMeasure = undefined;
          if (band() !== top) return this.__observe(nav, sections);
          const current = sections.find((section) => inView.has(section));
          if (current) this.__showCurrent(nav, current.id);
        });
      },
      { rootMargin: `-${top}px 0px -50% 0px` },
    );
    for (const section of sections) this.__observer.observe(section);
  }

  /**
   * The search's matches in the rows shown (rendered: the selected menu's, and on paper the others'), as ranges over
   * their text nodes. Static ranges: made again after every render, they never have to follow a change of the DOM.
   */
  private __matchRanges(): StaticRange[] {
    const { words, runs } = this.__view;
    const ranges: StaticRange[] = [];
    if (!words.length) return ranges;
    const locale = this.host.resolvedLocale;
    for (const row of this.host.renderRoot.querySelectorAll('[part~="item"]:not([hidden])')) {
      for (const part of row.querySelectorAll(SEARCHED)) {
        for (const node of part.childNodes) {
          if (node.nodeType !== Node.TEXT_NODE) continue;
          const text = (node as Text).data;
          let matched = runs.get(text);
          if (!matched) runs.set(text, (matched = matchRuns(text, words, locale)));
          let at = 0;
          for (const run of matched) {
            const end = at + (typeof run === 'string' ? run : run.match).length;
            if (typeof run !== 'string') ranges.push(new StaticRange({ startContainer: node, startOffset: at, endContainer: node, endOffset: end }));
            at = end;
          }
        }
      }
    }
    return ranges;
  }

  /**
   * Puts `ranges` in the page's shared highlight in place of this menu's last ones (the other menus' stay), creating
   * the registry's entry when it has none, and removing it when no menu has a range left.
   */
  private __highlightMatches(ranges: StaticRange[]): void {
    const registry = this.__registry;
    if (!registry || (!ranges.length && !this.__ranges.length)) return;
    const last = this.__highlight;
    for (const range of this.__ranges) last?.delete(range);
    if (last?.size === 0 && registry.get(MATCH_HIGHLIGHT) === last) registry.delete(MATCH_HIGHLIGHT);
    let highlight = registry.get(MATCH_HIGHLIGHT);
    if (ranges.length && !highlight) registry.set(MATCH_HIGHLIGHT, (highlight = new Highlight()));
    for (const range of ranges) highlight!.add(range);
    this.__ranges = ranges;
    this.__highlight = highlight;
  }

  /** Marks the link to section `id` as the current one (aria-current), and scrolls the bar's row to it. */
  private __showCurrent(nav: HTMLElement, id: string): void {
    const links = [...nav.querySelectorAll('a')];
    const current = links.find((link) => link.hash === `#${id}`);
    // Only the bar scrolls (sideways, where its row overflows): never the page. (The bar, sticky, is the links'
    // offsetParent.) Read before the marks change: a read after them would lay the bar out again in script.
    const scrollTo =
      current && (current.offsetLeft < nav.scrollLeft || current.offsetLeft + current.offsetWidth > nav.scrollLeft + nav.clientWidth)
        ? current.offsetLeft - 16
        : null;
    for (const link of links) {
      if (link === current) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    }
    if (scrollTo !== null) nav.scrollLeft = scrollTo;
  }

  /** Whether `item` is in the diner's view: it passes every chip and holds every word of the search. */
  shows = (item: MenuItem): boolean => {
    const { shown, words } = this.__view;
    let shows = shown.get(item);
    if (shows === undefined) shown.set(item, (shows = passesFlags(item, this.flags) && hasWords(item, words, this.host.resolvedLocale)));
    return shows;
  };

  /**
   * `item`'s row content: the one rendered last when `inputs` (what it shows: its marks…) and the locale are
   * the same, else `render()`'s. So a change of view renders again only the rows whose view changed, and Lit finds the
   * others as they were.
   */
  row<T>(item: MenuItem, inputs: unknown[], render: () => T): T {
    inputs.push(this.host.resolvedLocale);
    const [last, row] = this.__rows.get(item) ?? [];
    if (last?.every((input, i) => input === inputs[i])) return row as T;
    const rendered = render();
    this.__rows.set(item, [inputs, rendered]);
    return rendered;
  }

  /** How many of `menu`'s dishes are in the view. */
  count(menu: Menu): number {
    const { counts } = this.__view;
    let shown = counts.get(menu);
    if (shown === undefined) counts.set(menu, (shown = count(menu.sections, this.shows)));
    return shown;
  }

  /** A tab's name, with how many of its dishes match while something is on. */
  tab(menu: Menu): string {
    return this.active ? this.__strings().tab(menu.name, this.count(menu)) : menu.name;
  }

  /**
   * `text` with the search's matches in `<mark>` (as text); `text` itself when nothing in it matches, or when the
   * browser highlights them (after the render: `hostUpdated`), so a row's DOM never changes for a search.
   */
  mark(text: string): unknown {
    const { words, marks } = this.__view;
    if (!words.length || this.__registry) return text;
    let marked = marks.get(text);
    if (marked === undefined) {
      const runs = matchRuns(text, words, this.host.resolvedLocale);
      // The same string when nothing matched: the row's text is then left as it is.
      marked = runs.length > 1 || typeof runs[0] !== 'string' ? runs.map((run) => (typeof run === 'string' ? run : html`<mark>${run.match}</mark>`)) : text;
      marks.set(text, marked);
    }
    return marked;
  }

  /**
   * On paper only (the element's print-only `.paper`), while something is on: what the print holds (how many dishes of
   * how many, the chips, the search), so a filtered print never passes for the whole menu. A diner prints what they
   * see, as a browser prints a page as it is; the whole menu is one Clear away.
   */
  printed(menus: readonly Menu[]): unknown {
    if (!this.active) return '';
    const strings = this.__strings();
    const labels = menuStrings(this.host.resolvedLocale).flags;
    const flags = [...this.flags];
    const chosen = (label: string, names: string[]) => (names.length ? `${label}: ${names.join(', ')}` : '');
    const what = [
      chosen(
        strings.showOnly,
        flags.filter((flag) => !CONTAINS.has(flag)).map((flag) => labels[flag]),
      ),
      chosen(
        strings.hide,
        flags.filter((flag) => CONTAINS.has(flag)).map((flag) => strings.allergens[flag as keyof MenuToolsStrings['allergens']]),
      ),
      chosen(strings.search, this.query.trim() ? [this.query.trim()] : []),
    ].filter(Boolean);
    const shown = menus.reduce((sum, menu) => sum + this.count(menu), 0);
    const total = menus.reduce((sum, menu) => sum + count(menu.sections), 0);
    return html`<p class="paper"><b>${strings.printed(shown, total)}</b> ${what.join(' · ')}</p>`;
  }

  /** In place of the sections when nothing in the menu shown matches. */
  none(): TemplateResult {
    return html`<p class="note">${this.__strings().none}</p>`;
  }

  /**
   * The chips, the search box, the count of `shown` (the menu on screen) with its live region, and the clear button.
   * The element puts them in its controls container (part="controls").
   */
  controls(menus: readonly Menu[], shown: Menu): TemplateResult {
    const strings = this.__strings();
    const labels = menuStrings(this.host.resolvedLocale).flags;
    const present = flagsIn(menus, Object.keys(labels));
    // A chosen flag stays offered even when no dish carries it (a preset, a shared link), so it can be turned off.
    const offered = [...new Set([...present, ...this.flags])];
    const chip = (flag: DietaryFlag, label: string) =>
      html`<button type="button" class="chip" part="chip" aria-pressed=${this.flags.has(flag)} @click=${() => this.__toggle(flag)}>${label}</button>`;
    const group = (label: string, flags: DietaryFlag[], labelOf: (flag: DietaryFlag) => string, after: unknown = '') =>
      flags.length
        ? html`<div class="chips" role="group" aria-label=${label}>
            <span aria-hidden="true">${label}</span>
            ${flags.map((flag) => chip(flag, labelOf(flag)))}
          </div>
          ${after}`
        : '';
    const contains = offered.filter((flag) => CONTAINS.has(flag));
    const total = count(shown.sections);
    return html`<input type="search" part="search" aria-label=${strings.search} placeholder=${strings.search} .value=${this.query} @input=${this.__onInput} />
      ${group(
        strings.showOnly,
        offered.filter((flag) => !CONTAINS.has(flag)),
        (flag) => labels[flag],
      )}
      ${group(strings.hide, contains, (flag) => strings.allergens[flag as keyof MenuToolsStrings['allergens']], html`<p class="note">${strings.unmarked}</p>`)}
      <p class="count">
        <span role="status">${this.active ? strings.some(this.count(shown), total) : strings.all(total)}</span>
        ${this.active ? html`<button type="button" class="chip" @click=${this.__clear}>${strings.clear}</button>` : ''}
      </p>`;
  }

  private __strings(): MenuToolsStrings {
    return toolsStrings(this.host.resolvedLocale);
  }

  private __words(): string[] {
    return queryWords(this.query, this.host.resolvedLocale);
  }

  private __onInput = (event: Event) => {
    this.query = (event.target as HTMLInputElement).value;
    this.__changed();
  };

  private __toggle(flag: DietaryFlag): void {
    if (!this.flags.delete(flag)) this.flags.add(flag);
    this.__changed();
  }

  private __clear = () => {
    this.flags.clear();
    this.query = '';
    this.__changed();
    // The button goes away: the focus goes to the search box, where the diner starts again.
    void this.host.updateComplete.then(() => this.host.renderRoot.querySelector<HTMLElement>('[part="search"]')?.focus());
  };

  /** Re-renders and writes the state into the URL (none when it is the owner's preset and no search). */
  private __changed(): void {
    this.host.requestUpdate();
    const preset = [...this.__presetFlags()].sort().join();
    const flags = [...this.flags].sort();
    const state = flags.join() === preset && !this.query ? null : { flags: flags.join() === preset ? undefined : flags, query: this.query };
    const hash = writeFragment(location.hash, this.__key(), state);
    if (hash !== location.hash) history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
  }

  /** The key of this menu's state in the URL: its id, else `menu`, `menu2`… by its place among the page's menus. */
  private __key(): string {
    if (this.host.id) return this.host.id;
    const index = [...document.querySelectorAll<Element>('merchant-menu')].indexOf(this.host);
    return index > 0 ? `menu${index + 1}` : 'menu';
  }

  private __readUrl(): void {
    if (typeof location === 'undefined') return;
    const state = readFragment(location.hash, this.__key());
    if (!state) return;
    const known = Object.keys(menuStrings('en').flags);
    if (state.flags) this.flags = new Set(parseFlags(state.flags.join(), known));
    this.query = state.query;
    this.host.requestUpdate();
  }

  private __presetFlags(): DietaryFlag[] {
    return parseFlags(this.host.dietary, Object.keys(menuStrings('en').flags));
  }

  /** The owner's `dietary` becomes the chosen flags when it is first seen or changes. */
  private __syncPreset(): void {
    if (this.__preset === this.host.dietary) return;
    this.__preset = this.host.dietary;
    this.flags = new Set(this.__presetFlags());
  }
}

/** How many dishes `sections` hold (those `shown`, when given). */
function count(sections: readonly MenuSection[], shown?: (item: MenuItem) => boolean): number {
  return sections.reduce((sum, section) => sum + (shown ? section.items.filter(shown) : section.items).length, 0);
}

/** An empty view for the state `key`: filled as the render asks (see `MenuTools`). */
function newView(key: string, words: string[] = []) {
  return {
    key,
    words,
    shown: new WeakMap<MenuItem, boolean>(),
    counts: new WeakMap<Menu, number>(),
    /** Each text with its matches in `<mark>` (without the highlight API). */
    marks: new Map<string, unknown>(),
    /** Each text's runs (with the highlight API). */
    runs: new Map<string, ReturnType<typeof matchRuns>>(),
  };
}
