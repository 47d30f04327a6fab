import { css } from 'lit';

export const styles = css`
  .base {
    min-height: var(--merchant-actions-min-height, 2.75rem);
  }
  .list {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) * 0.5);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  :host([top]) .list {
    display: block;
  }
  :host([top]) .button {
    width: 100%;
  }
  .offer {
    display: grid;
    gap: calc(var(--_space) * 0.25);
    justify-items: start;
    padding: calc(var(--_space) * 0.75);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .offer p {
    margin: 0;
  }
  .offer-title {
    font-weight: 700;
  }
  .offer-discount {
    color: var(--_primary);
    font-weight: 700;
  }
  .offer-description {
    white-space: pre-line;
  }
  .offer-expiry {
    color: var(--_muted);
    font-size: 0.875em;
  }
  .nearby-heading {
    margin: 0 0 calc(var(--_space) * 0.5);
    color: var(--_muted);
    font-size: 0.875em;
    font-weight: 600;
  }
  .empty {
    margin: 0;
    color: var(--_muted);
  }
  @media (forced-colors: active) {
    .offer {
      border: 1px solid CanvasText;
    }
  }
`;
