/**
 * What the script-tag bundle's loader (src/elements/autoload.ts) may start for a `<merchant-nearby>` before its own
 * module arrives. Bundled with the loader (scripts/elements.mjs puts it in the element table), so it imports nothing.
 */

/** Nothing the loader can know: a search around a place is a request of its own, made from the element's attributes. */
export const firstData = (): null => null;
