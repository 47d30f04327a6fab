/**
 * Styles of `<merchant-photos>` (on top of the shared base styles and their `--_*` tokens).
 * Images: their width/height attributes reserve the box, CSS sizes it (thumbnails are cropped to the tile
 * ratio). The thumbnail buttons have no border, so forced colours give them one (the system's text colour).
 * The lightbox's styles are its module's (photos-lightbox.ts), adopted when it is first shown.
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
  @media (forced-colors: active) {
    .thumb {
      border: 1px solid;
    }
  }
  /* On paper: nothing, since a diner can only tap the photos (the shared print rules keep what can be said in ink). */
  @media print {
    :host {
      display: none !important;
    }
  }
`;
