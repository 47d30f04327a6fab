/**
 * The directory's rules (`GET /v1/directory`): what a query matches and in what order, written once so that every
 * implementation (the Node gateway's in-process index, the WordPress plugin's table searched by its database)
 * answers the same query with the same list. docs/directory.md says the same in prose, with the SQL that follows it.
 *
 * 1. Folding. A text is folded by Unicode NFKD, then every combining mark (\p{M}) is removed, then it is lower-cased
 *    (locale-independent: JavaScript's toLowerCase, PHP's mb_strtolower), then the final sigma ς is made σ (as Unicode's
 *    case folding makes it: lower case writes a word-final Σ as ς in JavaScript and as σ in PHP before 8.3, and a
 *    diner may type either). "Café Crème" folds to "cafe creme", "ΟΔΟΣ" and "οδός" to "οδοσ".
 * 2. Words. The words of a text are the maximal runs of letters and digits (\p{L}, \p{N}) of its folded form;
 *    everything else separates words and is never matched: "Nonna's Kitchen" has the words nonna, s, kitchen; a
 *    query of `*`, `%`, `_` or `<b>` has no words at all (wildcards are not wildcards, markup is not markup).
 * 3. What is searched. A location's name (its name words), and its address's first line, city and region, its
 *    business type and its cuisines (its other words).
 * 4. Match. Each word of the query must be a prefix of at least one word of the location (a whole word is its own
 *    prefix): "piz nap" finds "Pizzeria Napoli" and "Pizza Place, Napa". Locations out of business are left out.
 * 5. Near a point. With latitude and longitude (both or neither) only locations within `radius` metres are kept
 *    (great-circle distance on a sphere of radius 6,371,008.8 m, rounded to whole metres); a location without
 *    coordinates is left out of a point search. Without q, every location within the radius matches.
 * 6. Order. By tier: 0 when the name's words begin with the query's words (each equal, the last a prefix: "pizza
 *    nap" for "Pizza Napoli Express"), 1 when every query word is a prefix of a word of the name, 2 otherwise (a
 *    query without words: every location is tier 0). Then by distance when a point is given. Then by the name key
 *    (the name's words joined by single spaces) in code point order, then by id in code point order.
 * 7. Paging. `limit` results from the position the cursor names (0 without one); `next` is the cursor of the
 *    following page (the position, in decimal), null on the last; `total` counts every match. A cursor past
 *    DIRECTORY_LIMITS.offsetMax is refused: a person narrows a search rather than reading its thousandth result.
 * 8. Refused (400 INVALID_PARAMETER): q over queryMaxLength characters or with more than queryWordsMax words; no
 *    word in q and no point; one of latitude and longitude alone; a cursor that is not one this route wrote.
 *
 * Plain data and pure functions: the browser may import it (the configurator's and the editor's pickers need none of
 * it, but nothing here would cost them).
 */

export const DIRECTORY_LIMITS = {
  /** Characters of q (before folding). */
  queryMaxLength: 200,
  /** Words of q after folding. */
  queryWordsMax: 8,
  limitDefault: 10,
  limitMax: 50,
  /** Metres. */
  radiusDefault: 10_000,
  radiusMax: 100_000,
  /** The largest position a cursor may name. */
  offsetMax: 1000,
  cursorMaxLength: 12,
} as const;

/** Earth's mean radius (IUGG), metres: the sphere distances are measured on. */
export const EARTH_RADIUS_METRES = 6_371_008.8;

const COMBINING_MARKS = /\p{M}+/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/u;

/** ASCII only: NFKD leaves it as it is, and it has no combining marks. */
const ASCII = /^[\p{ASCII}]*$/u;

const FINAL_SIGMA = /ς/g;

/** Rule 1: NFKD, combining marks removed, lower case, every sigma σ. */
export function foldText(text: string): string {
  // Most names and addresses are ASCII: lower case is all their folding (a build folds millions of them).
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase().replace(FINAL_SIGMA, 'σ');
}

/** Rule 2: the words of a text, in order (repeats kept). */
export function wordsOf(text: string | null | undefined): string[] {
  if (!text) return [];
  return foldText(text)
    .split(NOT_WORD)
    .filter((word) => word !== '');
}

/** The name key of rule 6: the name's words joined by single spaces. */
export const nameKeyOf = (name: string): string => wordsOf(name).join(' ');

/**
 * Code point order (what a database's binary collation of UTF-8 gives). JavaScript's `<` compares UTF-16 code
 * units, which differs only where one string has a character above U+FFFF and the other one from U+E000 to U+FFFF
 * at the first difference.
 */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  let i = 0;
  while (i < length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === length) return a.length - b.length;
  const x = a.codePointAt(i)!;
  const y = b.codePointAt(i)!;
  return x - y;
}

/** Rule 5: great-circle metres between two points, rounded to whole metres. */
export function distanceMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h))));
}

/**
 * Rule 6's tier of a location for the query's words, from its name's words: 0, 1, or 2 (its other words matched).
 * Only called for a location that matches (rule 4).
 */
export function nameTier(queryWords: readonly string[], nameWords: readonly string[]): 0 | 1 | 2 {
  if (queryWords.length === 0) return 0;
  const last = queryWords.length - 1;
  let leads = nameWords.length > last;
  for (let i = 0; leads && i < last; i++) leads = nameWords[i] === queryWords[i];
  if (leads && nameWords[last]!.startsWith(queryWords[last]!)) return 0;
  return queryWords.every((word) => nameWords.some((nameWord) => nameWord.startsWith(word))) ? 1 : 2;
}

/** The cursor of a position (rule 7). */
export const cursorAt = (position: number): string => String(position);

/** The position a cursor names, or null when it is not one this route writes. */
export function positionOf(cursor: string): number | null {
  if (!/^(0|[1-9]\d{0,6})$/.test(cursor)) return null;
  const position = Number(cursor);
  return position <= DIRECTORY_LIMITS.offsetMax ? position : null;
}
