import { css } from 'lit';

export const styles = css`
  .base {
    min-height: var(--merchant-nearby-min-height, 12.5rem);
  }
  .list {
    display: grid;
    gap: calc(var(--_space) * 0.5);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .result {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: calc(var(--_space) * 0.5);
    padding: calc(var(--_space) * 0.75);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .info {
    display: grid;
    gap: 0.1em;
    min-width: 0;
  }
  .info p {
    margin: 0;
  }
  .name {
    font-weight: 700;
  }
  .meta {
    color: var(--_muted);
    font-size: 0.875em;
  }
  .empty {
    margin: 0;
    color: var(--_muted);
  }
  @media (forced-colors: active) {
    .result {
      border: 1px solid CanvasText;
    }
  }
`;
