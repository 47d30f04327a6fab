/**
 * Styles of `<merchant-menu>` (on top of the shared base styles and their `--_*` tokens).
 * - Space is reserved while loading (`--merchant-menu-min-height`), so nothing shifts when the menu arrives.
 * - Blocks are spaced by grid gaps, not margins: a part that is absent leaves no gap behind.
 * - Tabs are the shared `.button`; the selected one is filled (system Highlight in forced colours).
 * - The section bar (a long menu's): one row of plain links (buttons would read as a second row of tabs) that scrolls
 *   sideways, pinned while its menu scrolls by (sticky within the element), below the page's own sticky header by
 *   `--merchant-menu-sticky-top`; the link of the section in view is marked (aria-current, set by menu-tools.ts).
 * - The diner's controls (part="controls"): the search box, chips (toggle buttons), the count (a polite live region).
 * - A dish's text keeps a readable measure: in a narrow container (a phone) its photo goes under the prices.
 * - An item: its name, description, add-ons and badges at the start edge, its photo (when it has one), and its
 *   prices at the end edge: names and prices each form one column from item to item, photo or not, and the prices
 *   stay on the name's line at any width.
 * - Print: see the print block below (and the shared one in styles.ts).
 */
import { css } from 'lit';

export const menuStyles = css`
  .base,
  [role='tabpanel'],
  section,
  ul {
    display: grid;
    gap: var(--_space);
  }
  .base {
    overflow-wrap: anywhere;
    container-type: inline-size;
  }
  :host([state='loading']) .base {
    min-height: var(--merchant-menu-min-height, 24rem);
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  [role='tablist'],
  nav ul,
  .badges,
  .chips,
  .count {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 4) calc(var(--_space) / 2);
  }
  /* Three columns: the text (name first) at the start edge, the photo when there is one, the prices at the end edge.
     Names start at one edge and prices form one column whether or not an item has a photo; on a phone the prices
     stay on the name's line (the text column narrows instead, down to 7rem: below that a choice's label wraps above its
     price rather than a dish's name breaking in the middle of a word). */
  /* Links, not buttons: the bar must not read as a second row of tabs. Padded to a comfortable target. */
  nav a {
    display: inline-block;
    padding: 0.25em;
  }
  nav {
    position: sticky;
    top: var(--merchant-menu-sticky-top, 0px);
    overflow-x: auto;
    background: var(--merchant-menu-bar-background, Canvas);
  }
  nav ul {
    flex-wrap: nowrap;
    white-space: nowrap;
  }
  /* A thicker underline, not bold: the bar's row must not shift while the page scrolls (that counts as a layout shift). */
  [aria-current] {
    text-decoration-thickness: 3px;
  }
  section {
    scroll-margin-top: calc(var(--merchant-menu-sticky-top, 0px) + 3rem);
  }
  .item {
    display: grid;
    grid-template-columns: minmax(min(7rem, 100%), 1fr) auto auto;
    align-items: start;
    column-gap: var(--_space);
  }
  /* The photo, last in the markup (see __renderRow), in the middle column. */
  .item > img {
    grid-area: 1/2;
    width: var(--merchant-menu-photo-size, 4.5rem);
    height: var(--merchant-menu-photo-size, 4.5rem);
    border-radius: var(--_radius);
    object-fit: cover;
  }
  .text {
    grid-area: 1/1;
    display: grid;
    gap: calc(var(--_space) / 4);
  }
  .chip,
  input {
    min-height: 2.25rem;
    background: none;
    color: inherit;
    font: inherit;
  }
  [aria-selected='true'],
  [aria-pressed='true'] {
    background: var(--_primary);
    color: var(--_on-primary);
  }
  :is(h1, h2, h3, h4, h5, h6) {
    margin: 0;
  }
  .note {
    white-space: pre-line;
    color: var(--_muted);
  }
  .prices {
    grid-area: 1/3;
    align-content: start;
    gap: 0;
    text-align: end;
  }
  /* A narrow container (a phone): the photo goes under the prices, so the text has every column but theirs. */
  @container (max-width: 32rem) {
    .item {
      grid-template-columns: 1fr auto;
    }
    .item > img {
      grid-area: 2/2;
    }
    .text {
      grid-area: 1/1/3;
    }
    .prices {
      grid-area: 1/2;
    }
  }
  .badges li,
  .chip,
  input {
    padding: 0 0.5em;
    border: 1px solid var(--_border);
    border-radius: 1em;
    font-size: 0.875em;
  }
  [part='attribution'] img {
    vertical-align: top;
    max-width: 100%;
    height: var(--merchant-menu-attribution-height, 2rem);
  }
  /* One row each for the search, the chips, the count; the buttons (the full menu, print) share the last row at the end
     edge. Wrapping, so the controls never widen the menu past a phone's width. */
  .controls {
    display: flex;
    flex-wrap: wrap;
    justify-content: end;
    gap: var(--_space);
  }
  .controls > :not(.button) {
    flex-basis: 100%;
  }
  .paper {
    display: none;
  }
  /* The search's matches (menu-tools.ts), highlighted. Where the browser has no highlight API they are <mark> elements,
     in the browser's own Mark colours. */
  ::highlight(merchant-menu-match) {
    background-color: var(--merchant-menu-match-background, Mark);
    color: var(--merchant-menu-match-color, MarkText);
  }
  /* Sections and dishes out of the diner's view (menu-tools.ts): hidden on screen and paper, over their grid and the
     print blocks (styles.ts). */
  :is(section, .item)[hidden] {
    display: none !important;
  }
  /* On paper: every menu under its name (the menus beside the selected tab are print-only), no controls, tabs, section
     bar or dish photos; no dish split across pages; blocks (see styles.ts) so no heading is left at the foot of one. */
  @media print {
    .controls,
    nav,
    .item > img {
      display: none !important;
    }
    /* The selected menu's name (visually hidden under its tab) prints like the others. */
    .named {
      all: unset;
    }
    .item,
    [part='attribution'] {
      break-inside: avoid;
    }
    /* A filtered print keeps its marks (a highlight prints); underlined too, for a printer without colour. */
    ::highlight(merchant-menu-match) {
      text-decoration: underline;
    }
  }
  @media (forced-colors: active) {
    [aria-selected='true'],
    [aria-pressed='true'] {
      background: Highlight;
      color: HighlightText;
    }
    ::highlight(merchant-menu-match) {
      background-color: Mark;
      color: MarkText;
    }
  }
`;
