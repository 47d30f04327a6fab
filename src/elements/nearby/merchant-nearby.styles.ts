import { css } from 'lit';

/* Forced colours need nothing here: the result's border takes the system colour. */
export const styles = css`
  .base {
    min-height: var(--merchant-nearby-min-height, 12.5rem);
  }
  .list,
  .result {
    display: grid;
    gap: calc(var(--_space) * 0.5);
    margin: 0;
    padding: 0;
  }
  .result {
    display: flex;
    flex-flow: wrap;
    align-items: center;
    justify-content: space-between;
    padding: calc(var(--_space) * 0.75);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .info {
    min-width: 0;
  }
  p {
    margin: 0;
  }
  .meta,
  .empty {
    color: var(--_muted);
  }
  .meta {
    font-size: 0.875em;
  }
  .name {
    font-weight: 700;
  }
`;
