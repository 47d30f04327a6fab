import { css } from 'lit';

export const styles = css`
  .base {
    min-height: var(--merchant-actions-min-height, 2.75rem);
  }
  .list {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  :host([top]) li,
  :host([top]) .button {
    width: 100%;
  }
  p {
    margin: 0;
  }
  .offer {
    display: grid;
    gap: calc(var(--_space) / 4);
    justify-items: start;
    padding: calc(var(--_space) * 0.75);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .offer-title,
  .offer-discount {
    font-weight: 700;
  }
  .offer-discount {
    color: var(--_primary);
  }
  .offer-description {
    white-space: pre-line;
  }
  .offer-expiry,
  .nearby-heading,
  .empty {
    color: var(--_muted);
  }
  .offer-expiry,
  .nearby-heading {
    font-size: 0.875em;
  }
  .nearby-heading {
    margin-bottom: calc(var(--_space) / 2);
    font-weight: 600;
  }
`;
