/**
 * Styles of `<merchant-menu>` (on top of the shared base styles and their `--_*` tokens).
 * - Space is reserved while loading (`--merchant-menu-min-height`), so nothing shifts when the menu arrives.
 * - Blocks are spaced by grid gaps, not margins: a part that is absent leaves no gap behind.
 * - Tabs are the shared `.button`; the selected one is filled (system Highlight in forced colours).
 * - An item is a grid: its photo (when it has one) at the start edge, its name, description, add-ons and badges,
 *   and its prices in a column at the end edge, aligned from item to item whether or not an item has a photo. When
 *   the menu itself (a container query, not the viewport) is narrower than 30rem, the prices go under the name, so a
 *   narrow column keeps the name's full width.
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
    container: menu / inline-size;
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
  .badges {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 4) calc(var(--_space) / 2);
  }
  .item {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    grid-template-areas: 'text prices';
    gap: calc(var(--_space) / 4) var(--_space);
    align-items: start;
  }
  .item:has(> img) {
    grid-template-columns: auto minmax(0, 1fr) auto;
    grid-template-areas: 'photo text prices';
  }
  .item > img {
    grid-area: photo;
    width: var(--merchant-menu-photo-size, 4.5rem);
    height: var(--merchant-menu-photo-size, 4.5rem);
  }
  .text {
    grid-area: text;
    display: grid;
    gap: calc(var(--_space) / 4);
  }
  .item > .prices {
    grid-area: prices;
  }
  @container menu (max-width: 30rem) {
    .item {
      grid-template-columns: minmax(0, 1fr);
      grid-template-areas: 'text' 'prices';
    }
    .item:has(> img) {
      grid-template-columns: auto minmax(0, 1fr);
      grid-template-areas: 'photo text' 'photo prices';
    }
    .item > .prices {
      text-align: start;
    }
  }
  [aria-selected='true'] {
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
    align-content: start;
    gap: 0;
    text-align: end;
  }
  .additions {
    margin: 0;
  }
  .badges li {
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
  .item img {
    border-radius: var(--_radius);
    object-fit: cover;
  }
  @media (forced-colors: active) {
    [aria-selected='true'] {
      background: Highlight;
      color: HighlightText;
    }
  }
`;
