/** Styles of `<merchant-hours>` (on top of the shared base styles and their `--_*` tokens). */
import { css } from 'lit';

export const hoursStyles = css`
  :host([state='loading']) .base {
    min-height: var(--merchant-hours-min-height, 25rem);
  }
  :host([state='loading'][variant='compact']) .base {
    min-height: var(--merchant-hours-min-height, 3rem);
  }
  [part~='badge'] {
    font-weight: 600;
    color: var(--merchant-color-closed, var(--_error));
  }
  [part~='badge-open'] {
    color: var(--merchant-color-open, light-dark(#166534, #86efac));
  }
  [part~='badge']::before {
    content: '';
    display: inline-block;
    width: 0.6em;
    height: 0.6em;
    margin-inline-end: 0.35em;
    border-radius: 50%;
    background: currentColor;
  }
  [part='next-change'],
  small {
    color: var(--_muted);
    font-weight: normal;
  }
  table {
    width: 100%;
    margin-top: calc(var(--_space) * 0.75);
    border-collapse: collapse;
    font-variant-numeric: tabular-nums;
  }
  th,
  td {
    padding: calc(var(--_space) / 4) calc(var(--_space) / 2);
    text-align: start;
    vertical-align: top;
    font-weight: inherit;
  }
  [aria-current] {
    background: var(--merchant-color-highlight, color-mix(in srgb, var(--_primary) 12%, transparent));
    font-weight: 600;
  }
  [part='holidays'] {
    margin-top: var(--_space);
  }
  ul {
    margin: 0.25em 0 0;
    padding-inline-start: 1.25em;
    overflow-wrap: anywhere;
  }
  /* System colours replace ours (and the badge's); today's row keeps an outline. */
  @media (forced-colors: active) {
    [aria-current] {
      outline: 2px solid Highlight;
      outline-offset: -2px;
    }
  }
`;
