/**
 * Inline SVG icons (no icon fonts): decorative, hidden from assistive technology, coloured by `currentColor`.
 * One function per icon (nothing runs at import), so an element's bundle carries only the icons it uses. Sized
 * in the markup (1.1em), so no shared CSS is needed for them.
 */
import { svg, type SVGTemplateResult } from 'lit';

const icon = (body: SVGTemplateResult) =>
  svg`<svg class="icon" part="icon" viewBox="0 0 24 24" width="1.1em" height="1.1em" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`;

/** One path of two strokes: a single shape, so no minifier can nest one inside another. */
export const close = () => icon(svg`<path d="M18 6 6 18M6 6l12 12"/>`);
export const chevronLeft = () => icon(svg`<polyline points="15 18 9 12 15 6"/>`);
export const chevronRight = () => icon(svg`<polyline points="9 18 15 12 9 6"/>`);
