/**
 * Styles of `<merchant-menu>` (on top of the shared base styles and their `--_*` tokens).
 * - Space is reserved while loading (`--merchant-menu-min-height`), so nothing shifts when the menu arrives.
 * - Blocks are spaced by grid gaps, not margins: a part that is absent leaves no gap behind.
 * - Tabs are the shared `.button`; the selected one is filled (system Highlight in forced colours).
 * - An item's name keeps at least 20rem: its prices sit beside it when the menu (not the viewport) is wide
 *   enough, else wrap below, so a narrow column stays readable.
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
  .item,
  .badges {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 4) calc(var(--_space) / 2);
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
  .item > div {
    flex: 1 1 20rem;
  }
  .prices {
    align-content: start;
    gap: 0;
    text-align: end;
  }
  .additions,
  .badges {
    flex-basis: 100%;
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
    height: var(--merchant-menu-attribution-height, 1.5rem);
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
