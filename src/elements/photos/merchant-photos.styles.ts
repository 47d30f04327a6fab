/**
 * Styles of `<merchant-photos>` (on top of the shared base styles and their `--_*` tokens).
 * Images: their width/height attributes reserve the box, CSS sizes it (thumbnails are cropped to the tile
 * ratio; the large image keeps its own, width and height auto with both maxima set, centred as inline
 * content). The dialog's maximum size is the user agent's (the viewport less a margin). In the lightbox
 * toolbar, auto margins centre the counter and push Previous and Next to the edges. The thumbnail buttons
 * have no border, so forced colours give them one (the system's text colour). The dialog is opaque whatever the
 * page sets: its surface colour is painted over the default surface, so a transparent `--merchant-color-surface`
 * never lets the page show through; its buttons are filled, visible on either theme's surface.
 */
import { css } from 'lit';

export const photosStyles = css`
  :host([state='loading']) .base {
    min-height: var(--merchant-photos-min-height, 20rem);
  }
  .grid {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(var(--merchant-photos-tile-width, 9.5rem), 100%), 1fr));
    gap: calc(var(--_space) / 2);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .thumb {
    display: block;
    width: 100%;
    padding: 0;
    border: 0;
    border-radius: var(--_radius);
    background: var(--merchant-color-skeleton, light-dark(#e5e7eb, #374151));
    overflow: hidden;
  }
  img {
    max-width: 100%;
    height: auto;
  }
  .thumb img {
    display: block;
    width: 100%;
    aspect-ratio: var(--merchant-photos-aspect-ratio, 4 / 3);
    object-fit: cover;
  }
  dialog {
    width: 64rem;
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: linear-gradient(var(--_surface) 0 0) light-dark(#fff, #111827);
    color: var(--_text);
  }
  dialog .button {
    background: var(--_primary);
    color: var(--_on-primary);
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 0.75);
  }
  figure,
  figcaption,
  .toolbar {
    margin: calc(var(--_space) / 2) 0 0;
  }
  figure {
    color: var(--_muted);
    text-align: center;
    overflow-wrap: anywhere;
  }
  figure img {
    width: auto;
    max-height: calc(100vh - 13rem);
  }
  .close {
    display: flex;
    margin-inline-start: auto;
  }
  .toolbar {
    display: flex;
  }
  .counter {
    margin: auto;
    color: var(--_muted);
  }
  @media (forced-colors: active) {
    .thumb {
      border: 1px solid;
    }
  }
`;
