/**
 * Reads a request's path and query parameters as its route declares them (src/contract/routes.ts). Each kind of
 * parameter has one parser here; each returns a canonical value (so equivalent requests share one cache entry and
 * one upstream call) or throws the 400 error resource naming the parameter. Unknown parameters are refused too: a
 * typo (`lim=5`) should not silently return defaults.
 */
import { PAGE_PARTS, parseActionType } from '../contract/index.ts';
import { LOCATION_ID_PATTERN, type AnyRoute, type ParamSpec, type ParamsOf, type QueryOf } from '../contract/routes.ts';
import { GatewayError, invalidParameter } from './errors.ts';

export type Query = Record<string, string>;

const LOCATION_ID = new RegExp(LOCATION_ID_PATTERN);

export function readLocationId(value: string | undefined): string {
  if (!value || !LOCATION_ID.test(value)) {
    throw invalidParameter('id', 'must be a location id (letters, digits, and . _ ~ -, at most 128 characters)');
  }
  return value;
}

/** The route's path parameters (only ever a location id) and its query, checked and typed. */
export function readParams<R extends AnyRoute>(route: R, path: Record<string, string | undefined>, query: Query): ParamsOf<R> {
  const params = readQuery(route, query) as Record<string, unknown>;
  if (route.path.includes('{id}')) params.id = readLocationId(path.id);
  return params as ParamsOf<R>;
}

export function readQuery<R extends AnyRoute>(route: R, query: Query): QueryOf<R> {
  const declared = Object.keys(route.query);
  for (const name of Object.keys(query)) {
    if (!Object.hasOwn(route.query, name)) {
      throw invalidParameter(
        name,
        declared.length ? `is not a parameter of this endpoint (known: ${declared.join(', ')})` : 'is not a parameter of this endpoint (it takes none)',
      );
    }
  }
  const values: Record<string, unknown> = {};
  for (const name of declared) values[name] = readParam(name, route.query[name]!, query[name]);
  return values as QueryOf<R>;
}

function readParam(name: string, spec: ParamSpec, raw: string | undefined): unknown {
  switch (spec.kind) {
    case 'enum':
      return readEnum(name, spec.values, spec.fallback, raw);
    case 'integer':
      return readInteger(name, spec.min, spec.max, spec.tooLarge, raw);
    case 'number':
      return readNumber(name, spec.min, spec.max, spec.required, raw);
    case 'boolean':
      return readBoolean(name, raw) ?? spec.fallback;
    case 'names':
      return readNames(name, raw);
    case 'action-type':
      return readActionType(name, raw);
    case 'page-parts':
      return readPageParts(name, raw);
    case 'origin':
      return readOrigin(name, raw);
    case 'text':
      return readText(name, spec.maxLength, raw);
  }
}

/** A web origin, exactly as a browser writes it in `Origin` (scheme, host, port; no path): `null` for a file:// page. */
function readOrigin(name: string, raw: string | undefined): string {
  if (raw === 'null') return raw;
  let origin: string | undefined;
  try {
    origin = raw && raw.length <= 300 ? new URL(raw).origin : undefined;
  } catch {
    origin = undefined;
  }
  if (!origin || origin !== raw || !/^https?:/.test(origin))
    throw invalidParameter(name, 'must be a web origin such as https://www.example.com (no path, no trailing slash)');
  return origin;
}

/**
 * Free text, trimmed; refused when longer than the route allows (before anything else reads it). Characters are code
 * points, as the PHP gateway counts them (mb_strlen): an emoji is one, not JavaScript's two UTF-16 units.
 */
function readText(name: string, maxLength: number, raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  // Code points are at most the units, and at least half of them: count only between (a long text is refused at once).
  if (value.length > maxLength && (value.length > 2 * maxLength || [...value].length > maxLength)) {
    throw invalidParameter(name, `must be at most ${maxLength} characters`);
  }
  return value;
}

function readEnum(name: string, values: readonly string[], fallback: string | undefined, raw: string | undefined): string | undefined {
  if (!raw) return fallback;
  const value = raw.toLowerCase();
  if (!values.includes(value))
    throw invalidParameter(name, values.length === 2 ? `must be ${values[0]} or ${values[1]}` : `must be one of ${values.join(', ')}`);
  return value;
}

function readInteger(name: string, min: number, max: number, tooLarge: string | undefined, raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min) throw invalidParameter(name, `must be a whole number of at least ${min}`);
  if (Number(raw) > max) {
    // The upstream's own error for an over-large limit, so a client sees the same code either way.
    if (tooLarge) throw new GatewayError(400, tooLarge, `${capitalize(name)} ${raw} is larger than the maximum of ${max}.`);
    throw invalidParameter(name, `must be at most ${max}`);
  }
  return Number(raw);
}

function readNumber(name: string, min: number, max: number, required: true | undefined, raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') {
    if (required) throw invalidParameter(name, 'is required');
    return undefined;
  }
  const value = /^[-+]?(\d+\.?\d*|\.\d+)$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isFinite(value) || value < min || value > max) throw invalidParameter(name, `must be a number from ${min} to ${max}`);
  return value;
}

function readBoolean(name: string, raw: string | undefined): boolean | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = raw.toLowerCase();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw invalidParameter(name, 'must be true or false');
}

function readNames(name: string, raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const items = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.some((item) => item.length > 100) || items.length > 20) throw invalidParameter(name, 'must be a comma-separated list of at most 20 names');
  return items.length ? [...new Set(items)].sort() : undefined;
}

function readActionType(name: string, raw: string | undefined) {
  if (raw === undefined || raw === '') return undefined;
  const type = parseActionType(raw);
  if (!type) throw invalidParameter(name, 'must be an action type name (foodordering, deal, ...) or its numeric id 1-10');
  return type;
}

function readPageParts(name: string, raw: string | undefined) {
  if (raw === undefined) return [...PAGE_PARTS];
  const parts = raw
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  const known: readonly string[] = PAGE_PARTS;
  if (parts.length === 0 || parts.some((part) => !known.includes(part))) throw invalidParameter(name, `must list parts from ${PAGE_PARTS.join(', ')}`);
  return PAGE_PARTS.filter((part) => parts.includes(part));
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
