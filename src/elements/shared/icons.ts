/**
 * Inline SVG icons (no icon fonts): decorative, hidden from assistive technology, coloured by `currentColor`.
 * One function per icon (nothing runs at import), so an element's bundle carries only the icons it uses. Sized
 * in the markup (1.1em), so no shared CSS is needed for them.
 */
import { svg, type SVGTemplateResult } from 'lit';

const icon = (body: SVGTemplateResult) =>
  svg`<svg class="icon" part="icon" viewBox="0 0 24 24" width="1.1em" height="1.1em" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`;

export const alert = () => icon(svg`<circle cx="12" cy="12" r="10"/><path d="M12 8v4m0 4h.01"/>`);
export const mapPin = () => icon(svg`<path d="M21 10c0 7-9 13-9 13s-9-6-9-13a9 9 0 0 1 18 0z"/><circle cx="12" cy="10" r="3"/>`);
export const phone = () => icon(svg`<path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z"/>`);
export const globe = () => icon(svg`<circle cx="12" cy="12" r="10"/><line x1="2" y1="12" x2="22" y2="12"/><path d="M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z"/>`);
export const mail = () => icon(svg`<rect x="2" y="4" width="20" height="16" rx="2"/><path d="m22 6-10 7L2 6"/>`);
export const external = () => icon(svg`<path d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6"/><polyline points="15 3 21 3 21 9"/><line x1="10" y1="14" x2="21" y2="3"/>`);
export const tag = () => icon(svg`<path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L2 12V2h10l8.6 8.6a2 2 0 0 1 0 2.8z"/><line x1="7" y1="7" x2="7.01" y2="7"/>`);
export const clock = () => icon(svg`<circle cx="12" cy="12" r="10"/><polyline points="12 6 12 12 16 14"/>`);
export const check = () => icon(svg`<polyline points="20 6 9 17 4 12"/>`);
export const close = () => icon(svg`<line x1="18" y1="6" x2="6" y2="18"/><line x1="6" y1="6" x2="18" y2="18"/>`);
export const chevronLeft = () => icon(svg`<polyline points="15 18 9 12 15 6"/>`);
export const chevronRight = () => icon(svg`<polyline points="9 18 15 12 9 6"/>`);
