/** Styles of `<merchant-hours>` (on top of the shared base styles and their `--_*` tokens). */
import { css } from 'lit';

export const hoursStyles = css`
  :host([state='loading']) .base {
    min-height: var(--merchant-hours-min-height, 25rem);
  }
  :host([state='loading'][variant='compact']) .base {
    min-height: var(--merchant-hours-min-height, 3rem);
  }
  .base {
    display: grid;
    gap: calc(var(--_space) * 0.75);
  }
  [part~='badge'] {
    font-weight: 600;
    color: var(--merchant-color-closed, var(--merchant-color-error, light-dark(#b91c1c, #fca5a5)));
  }
  [part~='badge-open'] {
    color: var(--merchant-color-open, light-dark(#166534, #86efac));
  }
  [part~='badge-soon'] {
    color: var(--merchant-color-closing-soon, light-dark(#92400e, #fcd34d));
  }
  /* Secondary text: a period's description, the next change. */
  .detail {
    color: var(--_muted);
    font-size: 0.875em;
  }
  table {
    border-collapse: collapse;
  }
  th,
  td {
    padding: calc(var(--_space) / 4) calc(var(--_space) / 2);
    text-align: start;
    vertical-align: top;
    font-weight: inherit;
  }
  /* A day's periods: one per line in the week, one line for today in the compact variant. */
  td .period {
    display: block;
  }
  [part='today-hours'] .period + .period::before {
    content: ', ';
  }
  [aria-current] {
    background: var(--merchant-color-highlight, color-mix(in srgb, var(--_primary) 12%, transparent));
    font-weight: 600;
  }
  ul {
    margin: 0;
    overflow-wrap: anywhere;
  }
  /* On paper: the week as a table (backgrounds do not print); "Open now" is only true at the moment of printing. */
  @media print {
    [part='status'] {
      display: none;
    }
  }
`;
