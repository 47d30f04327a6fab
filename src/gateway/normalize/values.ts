/**
 * Primitive normalizers: each takes anything the upstream may send (`unknown`) and returns one clean
 * form or `null`. None of them throws; the resource normalizers are built from these.
 */

import type { Json, Loose } from '../../upstream/shapes.ts';

export type { Json, Loose };

export const isObject = (value: Json): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);

export const asObject = (value: Json): Record<string, Json> => (isObject(value) ? value : {});

/**
 * An upstream object read as the shape it should have (src/upstream/shapes.ts): only the declared field names, each
 * value still unchecked. `isShaped<PublisherMenu>(raw)` when it must be an object; `fieldsOf` reads a non-object as
 * an object without fields.
 */
export const isShaped = <T>(value: Json): value is Loose<T> => isObject(value);
export const fieldsOf = <T>(value: Json): Loose<T> => (isObject(value) ? value : {}) as Loose<T>;

export const asArray = (value: Json): Json[] => (Array.isArray(value) ? value : []);

/** Trimmed non-empty text; numbers become text (ids arrive as both). */
export function text(value: Json): string | null {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Text kept as sent except for surrounding blanks (descriptions keep their line breaks). */
export function longText(value: Json): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Ids are strings in the contract; the upstream sends integers and strings. */
export function id(value: Json): string | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : null;
  return text(value);
}

/** A finite number from a number or numeric text; '' and anything else is `null`. */
export function number(value: Json): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** Order numbers: numbers in the contract, text or integers upstream; the fallback keeps input order. */
export function order(value: Json, fallback: number): number {
  const parsed = number(value);
  return parsed === null ? fallback : parsed;
}

/** Booleans arrive as booleans, 'true'/'false', '1'/'0', 1/0, 'yes'/'no', and '' (unknown). */
export function bool(value: Json): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : null;
  if (typeof value === 'string') {
    const t = value.trim().toLowerCase();
    if (['true', '1', 'yes', 'y', 't'].includes(t)) return true;
    if (['false', '0', 'no', 'n', 'f'].includes(t)) return false;
  }
  return null;
}

export function stringList(value: Json): string[] {
  // A list is an array by spec 000; a comma-separated string is tolerated rather than lost.
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return asArray(value)
    .map(text)
    .filter((s): s is string => s !== null);
}

/**
 * Datetimes arrive in three shapes (spec 002): `YYYY-MM-DDThh:mm:ss`, `YYYY-MM-DD hh:mm:ss.ffffff`,
 * and RFC 3339 with microseconds and a numeric offset. Shapes without an offset are read as UTC
 * (the upstream's servers keep UTC; documented in docs/gateway.md). Output: ISO 8601 in UTC (`Z`).
 */
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/** ISO 8601 as the contract has it (`YYYY-MM-DDThh:mm:ss.sssZ`): years 0000–9999 only, since toISOString writes
 * other years in the six-digit expanded form (`-000001-…`, `+010000-…`) that the contract's clients do not read. */
function contractIso(date: Date): string | null {
  const year = date.getUTCFullYear();
  return Number.isFinite(date.getTime()) && year >= 0 && year <= 9999 ? date.toISOString() : null;
}

export function datetime(value: Json): string | null {
  if (typeof value === 'number') {
    // Epoch seconds or milliseconds: not documented, but a number is unambiguous enough to keep.
    return contractIso(new Date(value < 1e11 ? value * 1000 : value));
  }
  if (typeof value !== 'string') return null;
  const m = DATETIME.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone = 'Z'] = m;
  const ms = frac ? Math.floor(Number(`0.${frac}`) * 1000) : 0;
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  }
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 24 || minute > 59 || second > 60) return null;
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
  const wall = new Date(0);
  wall.setUTCFullYear(year, month - 1, day);
  // Rolled over (31 February became 3 March): not a date.
  if (wall.getUTCDate() !== day) return null;
  wall.setUTCHours(hour, minute, second, ms);
  const date = new Date(wall.getTime() - offsetMinutes * 60_000);
  return contractIso(date);
}

/** A URL as written: its scheme, the slashes after it, its authority (host and port) and its path. */
// eslint-disable-next-line no-control-regex -- the URL standard strips leading C0 controls and spaces, so this skips them too.
const WRITTEN_URL = /^[\x00-\x20]*[a-z][a-z\d+.-]*:[/\\]*([^/\\?#]*)([^?#]*)/i;

/**
 * Only absolute http(s) URLs pass, as `new URL(text).href` writes them; anything else (javascript:, relative,
 * garbage) is `null`. So that a link's answer depends on no JavaScript- or Node-specific rewriting, a link passes only
 * when its host is written as it is served (ASCII, any case, or dotted-decimal IPv4): one the URL standard would
 * rewrite (a Unicode name into punycode, `0x7f.1` into `127.0.0.1`, `ex%61mple` into `example`) is refused, and so
 * are IPv6 hosts, credentials (`user:password@`), which no link shown to a diner should carry, and a `^` in the path
 * (Node 20 and 22 keep it, 24 and later write `%5E`). The WordPress plugin's PHP gives the same answers with a small
 * parser of its own (integrations/wordpress/src/Gateway/Url.php), which refuses `xn--` names too.
 */
export function url(value: Json): string | null {
  const t = text(value);
  if (t === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(t);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const [, authority = '', path = ''] = WRITTEN_URL.exec(t.replace(/[\t\n\r]/g, '')) ?? [];
  const host = authority.replace(/:\d*$/, '').replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  if (host !== parsed.hostname || host.startsWith('[') || authority.includes('@') || path.includes('^')) return null;
  return parsed.href;
}

/**
 * An http URL upgraded to https when its host is known to serve the same resource securely
 * (the upstream's own image hosts; configurable). Other http URLs stay as they are: upgrading
 * blindly would turn a working image into a broken one.
 */
export function secureUrl(value: Json, secureHosts: ReadonlySet<string>): string | null {
  const href = url(value);
  if (href === null || !href.startsWith('http:')) return href;
  const parsed = new URL(href);
  if (!hostMatches(parsed.hostname, secureHosts)) return href;
  parsed.protocol = 'https:';
  return parsed.href;
}

/** `img.example` matches itself; `*.example` matches every subdomain of example. */
export function hostMatches(hostname: string, hosts: ReadonlySet<string>): boolean {
  if (hosts.has(hostname)) return true;
  for (let i = hostname.indexOf('.'); i !== -1; i = hostname.indexOf('.', i + 1)) {
    if (hosts.has(`*${hostname.slice(i)}`)) return true;
  }
  return false;
}

/**
 * Time-zone abbreviations (spec 002: PST, MST, CST, EST; the feed's abbreviation form) to IANA names.
 * MST maps to America/Denver, not America/Phoenix: the abbreviation cannot tell them apart and
 * Denver is the zone the abbreviation names most of the year. Names that already are IANA pass.
 */
const TIME_ZONES: Record<string, string> = {
  PST: 'America/Los_Angeles',
  PDT: 'America/Los_Angeles',
  PT: 'America/Los_Angeles',
  MST: 'America/Denver',
  MDT: 'America/Denver',
  MT: 'America/Denver',
  CST: 'America/Chicago',
  CDT: 'America/Chicago',
  CT: 'America/Chicago',
  EST: 'America/New_York',
  EDT: 'America/New_York',
  ET: 'America/New_York',
  AKST: 'America/Anchorage',
  AKDT: 'America/Anchorage',
  HST: 'Pacific/Honolulu',
  UTC: 'UTC',
  GMT: 'UTC',
};

export function timeZone(value: Json): string | null {
  const t = text(value);
  if (t === null) return null;
  const mapped = TIME_ZONES[t.toUpperCase()];
  if (mapped) return mapped;
  if (/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)+$/.test(t)) return t;
  return null;
}

/**
 * `hh:mmam` / `hh:mm pm` / `11am` / `23:00` to 24-hour `HH:mm`. Midnight as a closing time is `24:00`
 * (the contract's end-of-day), as an opening time `00:00`. `null` for anything else (including `closed`).
 */
export function clock(value: Json, closing = false): string | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$/i.exec(value.trim());
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? '0');
  const meridiem = m[3]?.[0]?.toLowerCase();
  if (minute > 59) return null;
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === 'p' ? 12 : 0);
  } else if (hour > 24 || (hour === 24 && minute !== 0)) {
    return null;
  }
  if (closing && hour === 0 && minute === 0) hour = 24;
  if (!closing && hour === 24) hour = 0;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}
