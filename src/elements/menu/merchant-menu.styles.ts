/**
 * Styles of `<merchant-menu>` (on top of the shared base styles and their `--_*` tokens).
 * - Space is reserved while loading (`--merchant-menu-min-height`), so nothing shifts when the menu arrives.
 * - Tabs are the shared `.button`; the selected one is filled (system Highlight in forced colours).
 * - An item's name keeps at least 20rem: its prices sit beside it when the menu (not the viewport) is wide
 *   enough, else wrap below, so a narrow column stays readable.
 */
import { css } from 'lit';

export const menuStyles = css`
  .base {
    overflow-wrap: anywhere;
  }
  :host([state='loading']) .base {
    min-height: var(--merchant-menu-min-height, 24rem);
  }
  ul {
    display: grid;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .tablist,
  .item,
  .badges {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 4) var(--_space);
  }
  [aria-selected='true'] {
    background: var(--_primary);
    color: var(--_on-primary);
  }
  .tablist,
  .description,
  .no-match,
  section {
    margin-bottom: var(--_space);
  }
  .menu-name,
  .section-name {
    margin: 0 0 calc(var(--_space) / 2);
    font-size: 1.375em;
  }
  .section-name {
    font-size: 1.125em;
  }
  .description,
  .item-description,
  .footnote,
  .calories,
  .additions {
    white-space: pre-line;
    color: var(--_muted);
  }
  .items {
    gap: var(--_space);
  }
  .item > div {
    flex: 1 1 20rem;
  }
  .item-name,
  .price {
    font-weight: 600;
  }
  .item-photo {
    width: 5rem;
    height: 5rem;
    border-radius: var(--_radius);
    object-fit: cover;
    background: var(--_skeleton);
  }
  .prices {
    text-align: end;
  }
  .additions,
  .badges {
    flex-basis: 100%;
    gap: 0.25em;
  }
  .additions * {
    display: inline;
  }
  .additions li + li::before {
    content: ' · ';
  }
  .badge {
    padding: 0 0.5em;
    border: 1px solid var(--_border);
    border-radius: 1em;
    font-size: 0.875em;
  }
  .footnote,
  .attribution {
    margin-top: var(--_space);
  }
  .attribution img {
    vertical-align: top;
    max-width: 100%;
    height: var(--merchant-menu-attribution-height, 1.5rem);
  }
  @media (forced-colors: active) {
    [aria-selected='true'] {
      background: Highlight;
      color: HighlightText;
    }
  }
`;
