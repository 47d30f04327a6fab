import { css } from 'lit';

export const styles = css`
  .base {
    min-height: var(--merchant-location-min-height, 12rem);
    display: grid;
    align-content: start;
    gap: calc(var(--_space) * 0.75);
  }
  [part='name'] {
    margin: 0;
    font-size: 1.25em;
    font-weight: 700;
  }
  address,
  .description {
    font-style: normal;
    white-space: pre-line;
  }
  p,
  ul {
    margin: 0;
  }
  .label {
    color: var(--_muted);
  }
  .links,
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) * 0.5) var(--_space);
    padding: 0;
    list-style: none;
  }
  .links {
    line-height: 2rem;
  }
  li {
    padding: 0.15em 0.6em;
    border: 1px solid var(--_border);
    border-radius: 999px;
    font-size: 0.875em;
  }
  .price-rating {
    font-weight: 700;
  }
  /* On paper: the address, phone and website as text (links print as text, styles.ts); the map link is for the screen. */
  @media print {
    [part='map-link'] {
      display: none;
    }
  }
`;
