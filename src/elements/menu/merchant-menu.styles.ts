/** Styles of `<merchant-menu>` (on top of the shared base styles and their `--_*` tokens). */
import { css } from 'lit';

export const menuStyles = css`
  :host {
    /* Reserved while loading (no layout shift); override with --merchant-menu-min-height. */
    --_menu-min-height: var(--merchant-menu-min-height, 24rem);
  }
  .base {
    display: block;
    /* Items lay out by the menu's own width, not the viewport's: it may sit in a narrow column. */
    container-type: inline-size;
  }
  :host([state='loading']) .base,
  :host(:not([state])) .base {
    min-height: var(--_menu-min-height);
  }
  .tablist {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) * 0.25);
    border-bottom: 1px solid var(--_border);
    margin-bottom: var(--_space);
  }
  .tab {
    min-height: 2.75rem;
    padding: 0.5em 1em;
    border: 0;
    border-bottom: 3px solid transparent;
    background: transparent;
    color: var(--_muted);
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
  .tab[aria-selected='true'] {
    border-bottom-color: var(--_primary);
    color: var(--_text);
  }
  .tab:focus-visible {
    outline: var(--merchant-focus-ring, 2px solid var(--_primary));
    outline-offset: -2px;
  }
  .menu-name {
    margin: 0 0 calc(var(--_space) * 0.5);
    font-size: 1.375em;
    line-height: 1.25;
  }
  .description,
  .item-description,
  .footnote,
  .section-description {
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
  .description,
  .section-description {
    margin: 0 0 var(--_space);
    color: var(--_muted);
  }
  .section {
    margin: 0 0 calc(var(--_space) * 1.5);
  }
  .section-name {
    margin: 0 0 calc(var(--_space) * 0.5);
    padding-bottom: calc(var(--_space) * 0.25);
    border-bottom: 1px solid var(--_border);
    font-size: 1.125em;
    line-height: 1.3;
  }
  .items {
    display: grid;
    gap: calc(var(--_space) * 0.75);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .item {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: calc(var(--_space) * 0.25) var(--_space);
    align-items: start;
  }
  .item-main {
    min-width: 0;
  }
  .item-name {
    margin: 0;
    font-size: 1em;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .item-description {
    margin: 0.125em 0 0;
    color: var(--_muted);
    font-size: 0.9375em;
  }
  .item-photo {
    display: block;
    grid-row: span 2;
    width: 5rem;
    height: 5rem;
    border-radius: calc(var(--_radius) / 2);
    object-fit: cover;
    background: var(--_skeleton);
  }
  .prices {
    display: grid;
    gap: 0.125em;
    margin: 0;
    padding: 0;
    list-style: none;
    text-align: end;
    white-space: nowrap;
  }
  /* Narrow: one column (name, photo, prices, add-ons), so prices never squeeze the name to a sliver. */
  @container (max-width: 30rem) {
    .item {
      grid-template-columns: 1fr;
    }
    .item-photo {
      grid-row: auto;
    }
    .prices {
      text-align: start;
      white-space: normal;
    }
  }
  .choice-name {
    color: var(--_muted);
  }
  .price {
    font-variant-numeric: tabular-nums;
    font-weight: 600;
  }
  .calories {
    color: var(--_muted);
    font-size: 0.875em;
  }
  .additions {
    grid-column: 1 / -1;
    margin: 0;
    color: var(--_muted);
    font-size: 0.875em;
  }
  .additions ul {
    display: inline;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .additions li {
    display: inline;
  }
  .additions li:not(:last-child)::after {
    content: ' · ';
  }
  .badges {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25em;
    grid-column: 1 / -1;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .badge {
    display: inline-flex;
    align-items: center;
    gap: 0.25em;
    padding: 0 0.5em;
    border: 1px solid var(--_border);
    border-radius: 999px;
    font-size: 0.8125em;
    line-height: 1.6;
  }
  .footnote {
    margin: var(--_space) 0 0;
    color: var(--_muted);
    font-size: 0.875em;
  }
  .attribution {
    display: block;
    margin-top: var(--_space);
  }
  .attribution a {
    display: inline-block;
  }
  .attribution img {
    display: block;
    width: auto;
    max-width: 100%;
    height: var(--merchant-menu-attribution-height, 1.5rem);
  }
  .no-match {
    margin: 0 0 var(--_space);
    color: var(--_muted);
  }
  [hidden] {
    display: none !important;
  }
  @media (forced-colors: active) {
    .tab[aria-selected='true'] {
      border-bottom-color: Highlight;
      color: CanvasText;
    }
    .badge {
      border-color: CanvasText;
    }
  }
`;
