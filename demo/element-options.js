// The options of each element, derived from the custom elements manifest (dist/custom-elements.json): which
// attributes a person may set, and how each is edited (a checkbox, a list of values, a number or text).
//
// One module for everyone who offers the elements' options: the configurator (in the browser) and the WordPress
// plugin's build (scripts/build-wordpress.mjs, in Node), so a new element or attribute reaches both by itself.
// Plain JavaScript with no imports, so the demo server can serve it as it is.

/** Attributes nobody sets as an option: the connection (set once per page or site) and the read-only state. */
export const NOT_OPTIONS = new Set(['endpoint', 'location-id', 'state']);

/** Value lists the manifest cannot state because the type is a named alias. */
const KNOWN_VALUES = { theme: ['auto', 'light', 'dark'] };

/** The custom elements of a manifest, by tag name. */
export function elementsOf(manifest) {
  return (manifest.modules ?? [])
    .flatMap((mod) => mod.declarations ?? [])
    .filter((declaration) => declaration.customElement && declaration.tagName)
    .sort((a, b) => a.tagName.localeCompare(b.tagName));
}

/** The attributes of an element a person may set (deprecated ones, like the old allow-widget-scripts, are not offered). */
export function optionAttributes(element, exclude = NOT_OPTIONS) {
  return (element.attributes ?? []).filter((attribute) => attribute.name && !exclude.has(attribute.name) && !attribute.deprecated);
}

const unquote = (text) => text.trim().replace(/^'(.*)'$|^"(.*)"$/, '$1$2');

/**
 * How an attribute is edited: `{kind: 'boolean'}`, `{kind: 'choice', values}`, `{kind: 'number'}` or `{kind: 'text'}`.
 * A choice's values come from a union of string literals, or, for a named alias (MenuFormatAttribute), from the
 * values the description lists in backticks.
 */
export function optionKind(attribute) {
  const type = (attribute.type?.text ?? 'string').replace(/\s*\|\s*(null|undefined)\b/g, '').trim();
  if (type === 'boolean') return { kind: 'boolean' };
  if (KNOWN_VALUES[attribute.name]) return { kind: 'choice', values: KNOWN_VALUES[attribute.name] };
  if (/^('[^']*'|"[^"]*")(\s*\|\s*('[^']*'|"[^"]*"))+$/.test(type)) return { kind: 'choice', values: type.split('|').map(unquote) };
  const fallback = attribute.default ? unquote(attribute.default) : null;
  const listed = [...(attribute.description ?? '').matchAll(/`([a-z0-9]+)`/g)].map((match) => match[1]);
  if (fallback && listed.includes(fallback) && new Set(listed).size > 1) return { kind: 'choice', values: [...new Set(listed)] };
  if (type === 'number' || type === 'number | null') return { kind: 'number' };
  return { kind: 'text' };
}

/** An attribute's default as the option shows it: a boolean, or text ('' when there is none). */
export function defaultOf(attribute, kind = optionKind(attribute)) {
  if (kind.kind === 'boolean') return attribute.default === 'true';
  const text = attribute.default ? unquote(attribute.default) : '';
  return text === 'null' || text === 'undefined' ? '' : text;
}
