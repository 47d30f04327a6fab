/**
 * The render that Lit's hydration binds to a server's markup (takeover.ts), and what an element renders differently
 * in it. Hydration compares templates, not text: it takes every text and attribute value of that render as already on
 * the page, without writing it. Two kinds of value need more:
 * - a part the server renders and the browser does not (the hours' "as of 9:42 PM", the menu's print-only copies): it
 *   is in the hydrated render too (`hydrating()`), so that the templates match, and the render that follows at once
 *   drops it;
 * - a value that changes with time alone (the hours' "Open now · Closes at 9 PM", today's row): the server's was right
 *   when the page was made, from a cache maybe hours ago. `timely(value)` gives the hydrated render a value no render
 *   gives, so the part holds nothing known, and the render that follows at once (the same update) writes the
 *   browser's own.
 */
let active = false;
/** Whether the last render hydration bound holds a part of either kind, which a render after it must write. */
let differs = false;

/** Whether the render under way is the one hydration binds to the server's markup. */
export function hydrating(): boolean {
  if (active) differs = true;
  return active;
}

/**
 * Whether the last render hydration bound (renderToHydrate) holds a value of either kind above: then a render must
 * follow to write the browser's own; else what hydration bound is the element's view as it is, and none need follow.
 */
export const renderAfterHydration = (): boolean => differs;

/** `render()` run as the render hydration binds to the server's markup. */
export function renderToHydrate<T>(render: () => T): T {
  active = true;
  differs = false;
  try {
    return render();
  } finally {
    active = false;
  }
}

/** Not a value any render gives (see above). */
const UNKNOWN = Object.freeze({});

/** A value that changes with time alone: written by the browser's first render, even after hydration. */
export function timely(value: unknown): unknown {
  if (!active) return value;
  differs = true;
  return UNKNOWN;
}
