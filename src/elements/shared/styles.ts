/**
 * Shared styles of every element. Theming contract:
 *
 * Public custom properties (set them on the element or any ancestor; each is read with its fallback at the point
 * of use: here, into a private `--_*` token the element styles use; the error and skeleton colours, which only a
 * few rules use, right in those rules (the error view in error-view.ts, the hours' closed badge; the skeleton,
 * the photos' placeholders)):
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
 *   --merchant-padding           (0; 0.75 × spacing with theme="light"/"dark")  room inside the surface
 *   --merchant-focus-ring        (2px solid primary)
 *
 * Light/dark: `theme="light"` or `theme="dark"` sets the host's `color-scheme`; the default, `auto`, inherits the
 * page's, so the elements are dark only where the page says it supports dark (`color-scheme: light dark`, or the
 * `<meta name="color-scheme">` tag) and the visitor prefers it, as the page's own form controls are. A light-only
 * site (most sites) stays light when the visitor's system is dark. `color-scheme` picks each fallback's side of
 * `light-dark()`, so every default is written once.
 * `forced-colors: active` uses system colours; `prefers-reduced-motion: reduce` stops the skeleton shimmer.
 */
import { css } from 'lit';

export const baseStyles = css`
  :host {
    --_primary: var(--merchant-color-primary, light-dark(#1a56db, #8ab4f8));
    --_on-primary: var(--merchant-color-on-primary, light-dark(#fff, #0b1020));
    --_text: var(--merchant-color-text, light-dark(#1f2937, #f3f4f6));
    --_muted: var(--merchant-color-muted, light-dark(#4b5563, #c4c9d2));
    --_surface: var(--merchant-color-surface, light-dark(#fff, #111827));
    --_border: var(--merchant-color-border, light-dark(#d1d5db, #4b5563));
    --_radius: var(--merchant-radius, 0.5rem);
    --_space: var(--merchant-spacing, 1rem);
    display: block;
    box-sizing: border-box;
    color: var(--_text);
    font-family: var(--merchant-font-family, inherit);
    font-size: var(--merchant-font-size, 1rem);
    line-height: 1.5;
  }
  :host([theme='light']) {
    color-scheme: light;
  }
  :host([theme='dark']) {
    color-scheme: dark;
  }
  :host([hidden]) {
    display: none;
  }
  * {
    box-sizing: inherit;
  }
  .base {
    position: relative;
    background: var(--_surface);
    border-radius: var(--_radius);
    padding: var(--merchant-padding, 0);
  }
  /* A pinned scheme may differ from the page's, and then the surface shows as a card: its content needs room from
     the card's edge. Following the page (auto), the surface is the page's own colour and needs none. */
  :host(:is([theme='light'], [theme='dark'])) .base {
    padding: var(--merchant-padding, calc(var(--_space) * 0.75));
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  a {
    color: var(--_primary);
  }
  :focus-visible {
    outline: var(--merchant-focus-ring, 2px solid var(--_primary));
    outline-offset: 2px;
  }
  /* Three placeholder lines drawn by one gradient; no space of its own: the reserved min-height is the loading size. */
  .skeleton {
    position: absolute;
    inset: 0;
    height: 4em;
    background: repeating-linear-gradient(var(--merchant-color-skeleton, light-dark(#e5e7eb, #374151)) 0 1em, transparent 0 1.5em);
    border-radius: calc(var(--_radius) / 2);
    animation: merchant-pulse 1.5s ease-in-out infinite;
  }
  @keyframes merchant-pulse {
    50% {
      opacity: 0.5;
    }
  }
  /* A message box: the empty states' (hours, photos) and, with the error view's border colour, the error's. */
  .message {
    display: grid;
    gap: calc(var(--_space) / 2);
    justify-items: start;
    margin: 0;
    padding: calc(var(--_space) * 0.75);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  p {
    margin: 0;
  }
  .button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.5em;
    min-width: 2.75rem;
    min-height: 2.75rem;
    padding: 0.5em 1em;
    border: 1px solid var(--_primary);
    border-radius: var(--_radius);
    background: none;
    color: var(--_primary);
    font: inherit;
    font-weight: 600;
    text-decoration: none;
    cursor: pointer;
  }
  .button:hover {
    background: var(--_primary);
    color: var(--_on-primary);
  }
  @media (prefers-reduced-motion: reduce) {
    .skeleton {
      animation: none;
    }
  }
  /* On paper: ink on white whatever the theme (backgrounds are not printed), links as plain text, no buttons or
     skeletons. Each element adds its own print block. */
  @media print {
    /* A page's reserved height (--merchant-*-min-height, kept on the host by some pages) is for the screen. */
    :host,
    :host([theme]) {
      min-height: 0 !important;
      color-scheme: light;
      --_text: #000;
    }
    /* Nothing of an element loading or failed: a printed page keeps what it can say in ink (the menu, the hours, the
       address and phone). An element a diner can only tap hides itself on paper, in its own styles. */
    :host(:is([state='loading'], [state='error'])),
    .skeleton,
    button {
      display: none !important;
    }
    /* Blocks, not grids or flex rows: Chromium keeps a heading with what follows it (break-after) between blocks only
       (the menu's panel, paper menus, sections and their lists too). */
    :is(.base, [role='tabpanel'], .paper, section, section > ul) {
      display: block !important;
    }
    :is(.base, [role='tabpanel'], .paper, section, section > ul) > * + * {
      margin-block-start: calc(var(--_space) / 2);
    }
    :is(h1, h2, h3, h4, h5, h6) {
      break-after: avoid;
    }
    a {
      text-decoration: none;
    }
  }
  /* System colours replace ours; the skeleton keeps a visible shape and the buttons their border. */
  @media (forced-colors: active) {
    .skeleton {
      background: repeating-linear-gradient(GrayText 0 1em, transparent 0 1.5em);
    }
    .button {
      border-color: ButtonText;
    }
  }
`;
