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
  :host([top]) .button,
  .top .button {
    background: var(--_primary);
    color: var(--_on-primary);
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
  .muted,
  .offer-expiry {
    color: var(--_muted);
    font-size: 0.875em;
  }
  .nearby-heading {
    margin-bottom: calc(var(--_space) / 2);
  }
  /* On paper: nothing, since a diner can only tap these buttons (the shared print rules keep what can be said in ink). */
  @media print {
    :host {
      display: none !important;
    }
  }
`;
