/**
 * Shared styles of every element. Theming contract:
 *
 * Public custom properties (set them on the element or any ancestor; each is read with its fallback right here,
 * at the point of use, into a private `--_*` token the element styles use):
 *   --merchant-color-primary     (#1a56db / dark #8ab4f8)   buttons, links
 *   --merchant-color-on-primary  (#ffffff / dark #0b1020)   text on primary
 *   --merchant-color-text        (#1f2937 / dark #f3f4f6)
 *   --merchant-color-muted       (#4b5563 / dark #c4c9d2)   secondary text
 *   --merchant-color-surface     (#ffffff / dark #111827)   background
 *   --merchant-color-border      (#d1d5db / dark #4b5563)
 *   --merchant-color-error       (#b91c1c / dark #fca5a5)
 *   --merchant-color-skeleton    (#e5e7eb / dark #374151)   loading placeholder
 *   --merchant-font-family       (inherit)                  no web fonts are loaded
 *   --merchant-font-size         (1rem)
 *   --merchant-radius            (0.5rem)
 *   --merchant-spacing           (1rem)                     base unit; gaps are fractions of it
 *   --merchant-focus-ring        (2px solid primary)
 *
 * Light/dark: `prefers-color-scheme` decides unless `theme="light"` or `theme="dark"` is set (default `auto`).
 * `forced-colors: active` uses system colours; `prefers-reduced-motion: reduce` stops the skeleton shimmer.
 */
import { css } from 'lit';

export const baseStyles = css`
  :host {
    --_primary: var(--merchant-color-primary, #1a56db);
    --_on-primary: var(--merchant-color-on-primary, #ffffff);
    --_text: var(--merchant-color-text, #1f2937);
    --_muted: var(--merchant-color-muted, #4b5563);
    --_surface: var(--merchant-color-surface, #ffffff);
    --_border: var(--merchant-color-border, #d1d5db);
    --_error: var(--merchant-color-error, #b91c1c);
    --_skeleton: var(--merchant-color-skeleton, #e5e7eb);
    --_radius: var(--merchant-radius, 0.5rem);
    --_space: var(--merchant-spacing, 1rem);
    display: block;
    box-sizing: border-box;
    color: var(--_text);
    font-family: var(--merchant-font-family, inherit);
    font-size: var(--merchant-font-size, 1rem);
    line-height: 1.5;
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      --_primary: var(--merchant-color-primary, #8ab4f8);
      --_on-primary: var(--merchant-color-on-primary, #0b1020);
      --_text: var(--merchant-color-text, #f3f4f6);
      --_muted: var(--merchant-color-muted, #c4c9d2);
      --_surface: var(--merchant-color-surface, #111827);
      --_border: var(--merchant-color-border, #4b5563);
      --_error: var(--merchant-color-error, #fca5a5);
      --_skeleton: var(--merchant-color-skeleton, #374151);
    }
  }
  :host([theme='dark']) {
    --_primary: var(--merchant-color-primary, #8ab4f8);
    --_on-primary: var(--merchant-color-on-primary, #0b1020);
    --_text: var(--merchant-color-text, #f3f4f6);
    --_muted: var(--merchant-color-muted, #c4c9d2);
    --_surface: var(--merchant-color-surface, #111827);
    --_border: var(--merchant-color-border, #4b5563);
    --_error: var(--merchant-color-error, #fca5a5);
    --_skeleton: var(--merchant-color-skeleton, #374151);
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  .base {
    background: var(--_surface);
    color: var(--_text);
    border-radius: var(--_radius);
  }
  .visually-hidden {
    position: absolute !important;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  .icon {
    flex: none;
    width: 1.1em;
    height: 1.1em;
    vertical-align: -0.15em;
  }
  a {
    color: var(--_primary);
  }
  a:focus-visible,
  button:focus-visible {
    outline: var(--merchant-focus-ring, 2px solid var(--_primary));
    outline-offset: 2px;
  }
  .base {
    position: relative;
  }
  /* The placeholder takes no space of its own: the element's reserved min-height is the loading size. */
  .skeleton {
    position: absolute;
    inset: 0;
    display: grid;
    align-content: start;
    gap: calc(var(--_space) * 0.5);
    padding: calc(var(--_space) * 0.25) 0;
    overflow: hidden;
  }
  .skeleton-line {
    height: 1em;
    border-radius: calc(var(--_radius) / 2);
    background: var(--_skeleton);
    animation: merchant-pulse 1.5s ease-in-out infinite;
  }
  .skeleton-line:nth-child(2) {
    width: 80%;
  }
  .skeleton-line:nth-child(3) {
    width: 60%;
  }
  @keyframes merchant-pulse {
    50% {
      opacity: 0.5;
    }
  }
  .message {
    display: flex;
    gap: calc(var(--_space) * 0.5);
    align-items: flex-start;
    margin: 0;
    padding: calc(var(--_space) * 0.75);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    color: var(--_text);
  }
  .message.error {
    border-color: var(--_error);
  }
  .message.error > .icon {
    color: var(--_error);
    margin-top: 0.2em;
  }
  .message-body {
    display: grid;
    gap: calc(var(--_space) * 0.5);
    justify-items: start;
  }
  .message p {
    margin: 0;
  }
  .detail {
    color: var(--_muted);
    font-size: 0.875em;
  }
  .button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.5em;
    min-height: 2.75rem;
    min-width: 2.75rem;
    padding: 0.5em 1em;
    border: 1px solid var(--_primary);
    border-radius: var(--_radius);
    background: transparent;
    color: var(--_primary);
    font: inherit;
    font-weight: 600;
    text-decoration: none;
    cursor: pointer;
    transition: background-color 0.15s, color 0.15s;
  }
  .button.primary {
    background: var(--_primary);
    color: var(--_on-primary);
  }
  .button:hover {
    background: var(--_primary);
    color: var(--_on-primary);
  }
  .button.primary:hover {
    filter: brightness(1.1);
  }
  .button-icon {
    width: 1.25em;
    height: 1.25em;
    object-fit: contain;
  }
  @media (prefers-reduced-motion: reduce) {
    .skeleton-line {
      animation: none;
    }
    .button {
      transition: none;
    }
  }
  @media (forced-colors: active) {
    .button,
    .button.primary {
      border: 1px solid ButtonText;
      background: ButtonFace;
      color: ButtonText;
      forced-color-adjust: none;
    }
    .button:hover {
      border-color: Highlight;
    }
    .skeleton-line {
      background: GrayText;
    }
    .message {
      border: 1px solid CanvasText;
    }
    a:focus-visible,
    button:focus-visible {
      outline: 2px solid Highlight;
    }
  }
`;
