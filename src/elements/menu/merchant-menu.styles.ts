/**
 * Styles of `<merchant-menu>` (on top of the shared base styles and their `--_*` tokens).
 * - Space is reserved while loading (`--merchant-menu-min-height`), so nothing shifts when the menu arrives.
 * - Blocks are spaced by grid gaps, not margins: a part that is absent leaves no gap behind.
 * - Tabs are the shared `.button`; the selected one is filled (system Highlight in forced colours).
 * - An item: its photo (when it has one) at the start edge, its name, description, add-ons and badges, and its
 *   prices at the end edge, aligned from item to item whether or not an item has a photo; the prices go on their own
 *   line when the item is too narrow for them beside the text (the menu's width decides, not the viewport's).
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
  /* The photo at the start edge, then the text, then the prices pushed to the end edge: beside the text when the
     item has room, on their own line when it has not (a narrow column keeps the name's full width), and at the end
     edge either way, so prices form one column whether or not an item has a photo. */
  .item {
    display: flex;
    flex-wrap: wrap;
    align-items: start;
    gap: calc(var(--_space) / 4) var(--_space);
  }
  .item > img {
    width: var(--merchant-menu-photo-size, 4.5rem);
    height: var(--merchant-menu-photo-size, 4.5rem);
    border-radius: var(--_radius);
    object-fit: cover;
  }
  .text {
    flex: 1 1 14rem;
    display: grid;
    gap: calc(var(--_space) / 4);
  }
  .item > .prices {
    flex: none;
    margin-inline-start: auto;
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
  @media (forced-colors: active) {
    [aria-selected='true'] {
      background: Highlight;
      color: HighlightText;
    }
  }
`;
