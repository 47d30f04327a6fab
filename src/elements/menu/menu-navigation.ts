/**
 * `<merchant-menu>`'s navigation, loaded on demand: the tabs of a location with several menus and the section bar
 * of a long menu. A page with one short menu (the most common) never downloads it. The element awaits it with its
 * data when the data needs it (merchant-menu.ts `load()`), so the menu is complete from its first frame, on the
 * server too; if it cannot be loaded, the element shows every menu one after another, without tabs or bar.
 *
 * Its styles are the element's own (merchant-menu.styles.ts), so a server-rendered menu is styled before any script
 * runs.
 */
import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';

/**
 * Several menus: their tabs (WAI-ARIA tabs pattern, automatic activation) and the selected one's panel. Arrow keys (in
 * the reading direction), Home and End choose another tab, and a click too: `select` (the element's) shows that menu,
 * then the focus moves to its tab.
 */
export function renderTabs(names: string[], selected: number, label: string, select: (index: number) => Promise<unknown>, panel: unknown): TemplateResult {
  const count = names.length;
  const choose = (event: Event, index: number) => {
    const root = (event.currentTarget as Element).getRootNode() as ShadowRoot;
    void select(index).then(() => root.getElementById(`tab-${index}`)?.focus());
  };
  const onKeydown = (event: KeyboardEvent) => {
    // Arrows follow the reading direction.
    const step = (event.currentTarget as Element).matches(':dir(rtl)') ? -1 : 1;
    const next = ({ ArrowRight: selected + step, ArrowLeft: selected - step, Home: 0, End: count - 1 } as Record<string, number>)[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(event, (next + count) % count);
  };
  return html`<div role="tablist" aria-label=${label} @keydown=${onKeydown}>
      ${names.map(
        (name, i) => html`<button type="button" role="tab" class="button" part="tab" id="tab-${i}" aria-selected=${i === selected}
          aria-controls="panel" tabindex=${i === selected ? 0 : -1} @click=${(event: Event) => choose(event, i)}>${name}</button>`,
      )}
    </div>
    <div role="tabpanel" part="panel" id="panel" aria-labelledby="tab-${selected}" tabindex="0">${panel}</div>`;
}

/**
 * The section bar: a navigation landmark named `label`, one link per section. A fragment link cannot reach into a
 * shadow root, so a click scrolls the section into view itself and moves the focus to its heading (focusable by
 * script only), where a screen reader and the next Tab continue. `id`: the id of the section's element, whose
 * first child is its heading.
 */
export function renderSectionBar(sections: { id: string; name: string }[], label: string): TemplateResult {
  const jump = (event: MouseEvent) => {
    const link = event.currentTarget as HTMLAnchorElement;
    const section = (link.getRootNode() as ShadowRoot).getElementById(link.hash.slice(1));
    const heading = section?.firstElementChild as HTMLElement | null | undefined;
    if (!heading) return;
    event.preventDefault();
    heading.tabIndex = -1;
    // Instant, or smooth where the page asks for it (its `scroll-behavior`, which a reduced-motion setting can undo).
    section!.scrollIntoView();
    heading.focus({ preventScroll: true });
  };
  return html`<nav part="section-bar" aria-label=${label}>
    <ul>
      ${sections.map(({ id, name }) => html`<li><a href="#${id}" @click=${jump}>${name}</a></li>`)}
    </ul>
  </nav>`;
}

/**
 * Whether the page is printing, for the menus beside the selected tab: the element renders them (print-only) from
 * `beforeprint` to `afterprint` only, so they do not double a tabbed menu's DOM the rest of the time. `beforeprint`
 * comes before the page is laid out for paper (a diner's print, the print control's `print()`, Chromium's page.pdf),
 * and the host's update runs in the microtasks right after it: the copies are there when the paper is laid out.
 * Their print styles are the element's own, in place from the start.
 */
export class Printing implements ReactiveController {
  on = false;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  private __onPrint = (event: Event) => {
    this.on = event.type === 'beforeprint';
    this.host.requestUpdate();
  };

  hostConnected(): void {
    addEventListener('beforeprint', this.__onPrint);
    addEventListener('afterprint', this.__onPrint);
  }

  hostDisconnected(): void {
    removeEventListener('beforeprint', this.__onPrint);
    removeEventListener('afterprint', this.__onPrint);
  }
}
