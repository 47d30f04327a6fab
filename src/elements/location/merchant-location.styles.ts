import { css } from 'lit';

export const styles = css`
  .base {
    min-height: var(--merchant-location-min-height, 12rem);
  }
  .location {
    display: grid;
    gap: calc(var(--_space) * 0.75);
  }
  .name {
    margin: 0;
    font-size: 1.25em;
    font-weight: 700;
    line-height: 1.3;
  }
  address {
    font-style: normal;
  }
  .line {
    display: block;
  }
  .row {
    display: flex;
    align-items: center;
    gap: 0.5em;
    margin: 0;
  }
  .row > .icon {
    color: var(--_muted);
  }
  .links {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) * 0.25) calc(var(--_space) * 1);
  }
  .links a {
    display: inline-flex;
    align-items: center;
    gap: 0.4em;
    min-height: 2rem;
  }
  .description {
    margin: 0;
    white-space: pre-line;
  }
  .label {
    color: var(--_muted);
  }
  .services {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) * 0.5);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .service {
    display: inline-flex;
    align-items: center;
    gap: 0.3em;
    padding: 0.15em 0.6em;
    border: 1px solid var(--_border);
    border-radius: 999px;
    font-size: 0.875em;
  }
  .price-rating {
    font-weight: 700;
    letter-spacing: 0.05em;
  }
  @media (forced-colors: active) {
    .service {
      border: 1px solid CanvasText;
    }
  }
`;
