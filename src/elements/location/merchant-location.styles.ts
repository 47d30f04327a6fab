import { css } from 'lit';

export const styles = css`
  .base {
    min-height: var(--merchant-location-min-height, 12rem);
    display: grid;
    align-content: start;
    gap: calc(var(--_space) * 0.75);
  }
  .name {
    font-size: 1.25em;
    font-weight: 700;
    line-height: 1.3;
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
    gap: calc(var(--_space) * 0.25) var(--_space);
    padding: 0;
    list-style: none;
  }
  a,
  li {
    display: inline-flex;
    align-items: center;
    gap: 0.4em;
    min-height: 2rem;
  }
  .price-rating {
    font-weight: 700;
    letter-spacing: 0.05em;
  }
  li {
    min-height: 0;
    padding: 0.15em 0.6em;
    border: 1px solid var(--_border);
    border-radius: 999px;
    font-size: 0.875em;
  }
`;
