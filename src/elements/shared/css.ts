import { unsafeCSS, type CSSResult } from 'lit';

/**
 * Lit's `css` tag without interpolation, for our own constant stylesheets. Lit's tag also accepts nested `css`
 * results and carries a long error message for any other value (about 0.15 KB in every element); with no values
 * there is nothing to check. The text is ours, written here, so `unsafeCSS` is as safe as `css` would be.
 */
export const css = (strings: TemplateStringsArray): CSSResult => unsafeCSS(strings[0]);
