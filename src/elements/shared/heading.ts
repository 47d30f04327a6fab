/** Headings that fit the host page's outline: `heading-level` on <merchant-menu> and <merchant-location>. */
import { html, nothing } from 'lit';

/** The `heading-level` attribute as a level from 1 to `deepest`; 2 when unset, not a number or out of range. */
export function headingLevel(value: number | null | undefined, deepest = 6): number {
  const level = Math.round(value ?? 2);
  return level >= 1 && level <= deepest ? level : 2;
}

/**
 * A native heading of `level` (1–6), so the page's outline and every screen reader see it as the page's own.
 * One template per level: Lit cannot bind a tag name (lit/static-html could, for 0.2 KB more in every entry).
 */
export function heading(level: number, text: string, part?: string) {
  const name = part ?? nothing;
  switch (level) {
    case 1:
      return html`<h1 part=${name}>${text}</h1>`;
    case 3:
      return html`<h3 part=${name}>${text}</h3>`;
    case 4:
      return html`<h4 part=${name}>${text}</h4>`;
    case 5:
      return html`<h5 part=${name}>${text}</h5>`;
    case 6:
      return html`<h6 part=${name}>${text}</h6>`;
    default:
      return html`<h2 part=${name}>${text}</h2>`;
  }
}
