/** Styles of `<merchant-photos>` (on top of the shared base styles and their `--_*` tokens). */
import { css } from 'lit';

export const photosStyles = css`
  :host {
    --_tile: var(--merchant-photos-tile-width, 12rem);
    --_photos-min-height: var(--merchant-photos-min-height, 20rem);
  }
  :host([state='loading']) .base,
  :host(:not([state])) .base {
    min-height: var(--_photos-min-height);
  }
  .base {
    display: block;
  }
  .grid {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(var(--_tile), 100%), 1fr));
    gap: calc(var(--_space) * 0.5);
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
    background: var(--_skeleton);
    overflow: hidden;
    cursor: zoom-in;
  }
  .thumb:focus-visible {
    outline: var(--merchant-focus-ring, 2px solid var(--_primary));
    outline-offset: 2px;
  }
  .thumb img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: var(--merchant-photos-aspect-ratio, 4 / 3);
    object-fit: cover;
    transition: transform 0.2s;
  }
  .thumb:hover img {
    transform: scale(1.03);
  }
  dialog {
    width: min(64rem, 100vw - 2rem);
    max-height: calc(100vh - 2rem);
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    color: var(--_text);
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 0.75);
  }
  figure {
    display: grid;
    gap: calc(var(--_space) * 0.5);
    margin: 0;
  }
  figure img {
    display: block;
    max-width: 100%;
    max-height: calc(100vh - 10rem);
    width: auto;
    height: auto;
    margin: 0 auto;
    object-fit: contain;
  }
  figcaption {
    color: var(--_muted);
    overflow-wrap: anywhere;
    text-align: center;
  }
  .toolbar {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: calc(var(--_space) * 0.5);
    margin-top: calc(var(--_space) * 0.5);
  }
  .counter {
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
  }
  .close {
    position: absolute;
    inset-block-start: calc(var(--_space) * 0.25);
    inset-inline-end: calc(var(--_space) * 0.25);
  }
  .dialog-body {
    position: relative;
    padding-top: 2.75rem;
  }
  @media (prefers-reduced-motion: reduce) {
    .thumb img {
      transition: none;
    }
    .thumb:hover img {
      transform: none;
    }
  }
  @media (forced-colors: active) {
    .thumb {
      border: 1px solid CanvasText;
    }
    dialog {
      border: 2px solid CanvasText;
    }
  }
`;
