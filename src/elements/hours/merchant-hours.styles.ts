/** Styles of `<merchant-hours>` (on top of the shared base styles and their `--_*` tokens). */
import { css } from 'lit';

export const hoursStyles = css`
  :host {
    --_open: var(--merchant-color-open, #166534);
    --_closed: var(--merchant-color-closed, #b91c1c);
    --_today: var(--merchant-color-highlight, color-mix(in srgb, var(--_primary) 12%, transparent));
    --_hours-min-height: var(--merchant-hours-min-height, 25rem);
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      --_open: var(--merchant-color-open, #86efac);
      --_closed: var(--merchant-color-closed, #fca5a5);
    }
  }
  :host([theme='dark']) {
    --_open: var(--merchant-color-open, #86efac);
    --_closed: var(--merchant-color-closed, #fca5a5);
  }
  :host([variant='compact']) {
    --_hours-min-height: var(--merchant-hours-min-height, 3rem);
  }
  :host([state='loading']) .base,
  :host(:not([state])) .base {
    min-height: var(--_hours-min-height);
  }
  .base {
    display: block;
  }
  .status {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25em 0.5em;
    margin: 0 0 calc(var(--_space) * 0.75);
  }
  :host([variant='compact']) .status {
    margin: 0;
  }
  .badge {
    display: inline-flex;
    align-items: center;
    gap: 0.35em;
    font-weight: 600;
  }
  .badge::before {
    content: '';
    width: 0.6em;
    height: 0.6em;
    border-radius: 50%;
    background: currentColor;
  }
  .badge.open {
    color: var(--_open);
  }
  .badge.closed {
    color: var(--_closed);
  }
  .change {
    color: var(--_muted);
  }
  .today-hours {
    color: var(--_text);
  }
  table {
    width: 100%;
    border-collapse: collapse;
  }
  caption {
    text-align: start;
  }
  th,
  td {
    padding: calc(var(--_space) * 0.25) calc(var(--_space) * 0.5);
    text-align: start;
    vertical-align: top;
    font-weight: normal;
  }
  td {
    font-variant-numeric: tabular-nums;
  }
  .period {
    display: block;
  }
  .period-description {
    color: var(--_muted);
    font-size: 0.875em;
  }
  tr[aria-current='date'] {
    background: var(--_today);
  }
  tr[aria-current='date'] th,
  tr[aria-current='date'] td {
    font-weight: 600;
  }
  .today-marker {
    margin-inline-start: 0.35em;
    color: var(--_muted);
    font-size: 0.875em;
    font-weight: normal;
  }
  .holidays {
    margin: var(--_space) 0 0;
  }
  .holidays-title {
    margin: 0 0 0.25em;
  }
  .holidays ul {
    margin: 0;
    padding-inline-start: 1.25em;
  }
  .holidays li {
    overflow-wrap: anywhere;
  }
  @media (forced-colors: active) {
    tr[aria-current='date'] {
      outline: 2px solid Highlight;
      outline-offset: -2px;
    }
    .badge.open,
    .badge.closed {
      color: CanvasText;
    }
  }
`;
