import { css } from 'lit';

/* Forced colours need nothing here: the result's border takes the system colour. */
export const styles = css`
  .base {
    min-height: var(--merchant-nearby-min-height, 12.5rem);
  }
  .list {
    display: grid;
    gap: calc(var(--_space) / 2);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .result {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: calc(var(--_space) / 2);
    padding: calc(var(--_space) * 0.75);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2);
  }
  .name {
    font-weight: 700;
  }
  .muted {
    color: var(--_muted);
    font-size: 0.875em;
  }
  /* On paper: nothing, since a diner can only tap the nearby places (the shared print rules keep what can be said in ink). */
  @media print {
    :host {
      display: none !important;
    }
  }
`;
