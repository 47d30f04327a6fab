// The options of each element, derived from the custom elements manifest (dist/custom-elements.json): which
// attributes a person may set, and how each is edited (a checkbox, a list of values, a number or text).
//
// One module for everyone who offers the elements' options: the configurator (in the browser) and the WordPress
// plugin's build (scripts/build-wordpress.mjs, in Node), so a new element or attribute reaches both by itself.
// Plain JavaScript, so the demo server can serve it as it is; its one import is the elements' list of languages
// (plain JavaScript too, which the demo server serves at that same path).

import { languageCodes, nativeName } from '../src/elements/i18n/languages.js';

/** The locales offered: '' (the page's own language), then each language the elements speak. */
const LOCALES = ['', ...languageCodes()];

/** Attributes nobody sets as an option: the connection (set once per page or site) and the read-only state. */
export const NOT_OPTIONS = new Set(['endpoint', 'location-id', 'state']);

/** Value lists the manifest cannot state because the type is a named alias, or a free attribute offered as a list. */
const KNOWN_VALUES = {
  theme: ['auto', 'light', 'dark'],
  locale: LOCALES,
};

/** The action kinds (the contract's ACTION_TYPES), in words, for `<merchant-actions type>` and `<merchant-nearby type>`. */
const ACTION_KINDS = {
  '': 'Every kind',
  foodordering: 'Order online',
  foodreservation: 'Reserve a table',
  booking: 'Book an appointment',
  deal: 'Deals',
  coupon: 'Coupons',
  giftcard: 'Gift cards',
  discountgiftcard: 'Discounted gift cards',
  discountcertificate: 'Discount certificates',
  joinmailinglist: 'Join the mailing list',
  other: 'Other',
};

/**
 * Each option in plain words, for the person who runs the place: a label, a line of help, and words for each value
 * of a choice. The attribute names appear only in the snippet. An attribute missing here falls back to its name and
 * its manifest description (a developer's words), so a new one is never hidden.
 */
export const OPTION_WORDS = {
  format: { label: 'How much of the menu', values: { full: 'The whole menu', short: 'A short menu (a few dishes per section)' } },
  dietary: { label: 'Only dishes that are', help: 'For example: vegan, gluten-free. Leave empty to show every dish.' },
  'no-structured-data': {
    label: 'Leave out the data for search engines',
    help: 'Normally the menu and hours are also described for Google and other search engines.',
  },
  'no-section-bar': { label: 'No links to the sections', help: 'Normally a long menu (4 sections or more) starts with a link to each section.' },
  'heading-level': { label: 'Heading level', help: 'Which heading (1 to 5) the name is in your page: 2 suits most pages.' },
  top: { label: 'One main button only', help: 'Show only the most important button, large.' },
  'nearby-fallback': { label: 'Show nearby offers when there are none here', help: 'When this place has no buttons, show those of places nearby.' },
  type: { label: 'Which buttons', values: ACTION_KINDS },
  variant: { label: 'What to show', values: { full: 'The whole week', compact: 'Open now and today’s hours only' } },
  theme: { label: 'Colours', values: { auto: 'Match my website', light: 'Light', dark: 'Dark' } },
  locale: { label: 'Language', values: { '': 'My website’s language', ...Object.fromEntries(languageCodes().map((code) => [code, nativeName(code)])) } },
  lazy: { label: 'Load only when scrolled into view', help: 'Useful far down a long page.' },
  radius: { label: 'How far to look (metres)', help: 'Up to 16,093 (10 miles). Empty: about a mile.' },
  limit: { label: 'How many places at most', help: 'Up to 100. Empty: 10.' },
  'owner-verified': { label: 'Only places whose owner is verified', help: 'true or false; empty shows all.' },
  'business-type': { label: 'Only these kinds of business', help: 'For example: restaurant, cafe.' },
  cuisine: { label: 'Only these cuisines', help: 'For example: pizza, thai.' },
  'nearby-only': { label: 'Leave out this place’s own offers' },
  latitude: { label: 'Around a point: latitude', help: 'Instead of the place: the centre of the search.' },
  longitude: { label: 'Around a point: longitude' },
  'location-id': { label: 'Location id' },
  // Per element, where one name means different things.
  'merchant-photos type': { label: 'Only these photos', help: 'Any of: interior, exterior, item (dishes), logo; separated by commas. Empty shows all.' },
};

/** The option's label and help in plain words, and the words for a choice's value (`tag`: the element's). */
export function optionWords(attribute, tag = '') {
  const words = OPTION_WORDS[`${tag} ${attribute.name}`] ?? OPTION_WORDS[attribute.name] ?? {};
  return {
    label: words.label ?? attribute.name,
    help: words.help ?? (words.label ? '' : (attribute.description ?? '').replace(/`/g, '')),
    valueLabel: (value) => words.values?.[value] ?? value,
  };
}

/**
 * The custom elements of a manifest, by tag name. Each carries, from its class's JSDoc, its `title` and `icon` (what
 * a person sees: a block's title, the configurator's heading) and its `summary` (what it does), which the manifest's
 * build requires of every element (custom-elements-manifest.config.mjs).
 */
export function elementsOf(manifest) {
  return (manifest.modules ?? [])
    .flatMap((mod) => mod.declarations ?? [])
    .filter((declaration) => declaration.customElement && declaration.tagName)
    .sort((a, b) => a.tagName.localeCompare(b.tagName));
}

/**
 * Whether the element shows a location's data (it extends MerchantElement): those a person places on a page one by
 * one, which the server renders and a page reserves a height for. The provider is not one: it only groups them.
 */
export function showsData(element) {
  return element.superclass?.name === 'MerchantElement';
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
  // A type of action (a name or the API's numeric id, as written): offered as the list of kinds.
  if (attribute.name === 'type' && /action/i.test(attribute.description ?? '')) return { kind: 'choice', values: Object.keys(ACTION_KINDS) };
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
