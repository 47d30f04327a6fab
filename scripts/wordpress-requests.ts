/**
 * What each element requests, for the WordPress plugin's page data (integrations/wordpress/src/WordPress/PageData.php
 * prints, beside each element, the answers to the requests it will make). Worked out from the elements themselves,
 * not copied: each element is made under Lit's DOM shim (as the server renderer makes it), given attributes, and
 * loaded; its requests are recorded at `fetch` and answered with an error, so what is recorded is what an element
 * asks before it has any data (a request that depends on an answer, such as the actions' nearby fallback, cannot be
 * printed ahead by anyone).
 *
 * `requestTable(attributes)` probes each element and writes down the rule its requests follow, as data the PHP
 * reads (generated/requests.json, written by scripts/build-wordpress.mjs):
 * - cases, first match wins: "when these attributes are set" (nearby's latitude and longitude) or "when this
 *   attribute has this value" (the menu's format="short"), then the default;
 * - per case, each request: its route (by name, from src/contract/routes.ts), whether its path needs the location,
 *   and its query in the element's order, each parameter a constant or an attribute (as written, as a number, or
 *   a flag), with what a bare attribute sends.
 * Whatever the probes cannot describe in those terms throws, so a new kind of request fails the build instead of
 * leaving the PHP behind. `elementRequests(tag, attributes)` is the probe itself, for the test that holds the PHP's
 * reading of the table to the elements (test/node/wordpress-requests.test.ts).
 *
 * Imports the elements through src/elements/all.ts and the routes through src/contract/routes.ts only.
 * Run with tsx: `node --import tsx scripts/wordpress-requests.ts dist/wordpress/merchant-elements/generated/elements.json`
 * prints the table.
 */
import { readFileSync } from 'node:fs';
import { LitElementRenderer } from '@lit-labs/ssr';

// Lit's DOM shim, as the server renderer installs it (src/ssr/dom-shim.ts), before the elements are loaded.
await import('../src/ssr/dom-shim.ts');
const { ROUTES } = await import('../src/contract/routes.ts');
await import('../src/elements/all.ts');

/** The probes' endpoint and location: each probe its own endpoint, so the client's request cache never answers one. */
const PROBE_ORIGIN = 'https://probe.invalid';
const LOCATION = 'probe-location';
let probes = 0;

/** Attributes that are the connection or the look, never a request's query: the location is the path's. */
const CONNECTION = new Set(['endpoint', 'location-id', 'locale', 'lazy', 'theme', 'state']);

export interface AttributeSpec {
  kind: 'boolean' | 'number' | 'choice' | 'text';
  values?: string[];
}
export type ElementAttributes = Record<string, Record<string, AttributeSpec>>;

/** One request as the PHP writes it: route name, path parameters, query in order (routeUrl's arguments). */
export interface Request {
  route: string;
  path: Record<string, string>;
  query: Array<[string, string]>;
  /** The URL after the endpoint, as the element wrote it. */
  url: string;
}

/**
 * The requests the element makes, in order, before any answer, given its attributes (a boolean that is on: '').
 * Without `location-id` in `attributes` it has none (as an element on a page without a default location).
 */
export async function elementRequests(tag: string, attributes: Record<string, string>): Promise<Request[]> {
  const endpoint = `${PROBE_ORIGIN}/${++probes}`;
  const urls: string[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL) => {
    urls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const error = { error: 'PROBE', message: 'A probe: no data.', status_code: 404 };
    return new Response(JSON.stringify(error), { status: 404, headers: { 'content-type': 'application/json' } });
  };
  try {
    const maker = new LitElementRenderer(tag);
    for (const [name, value] of Object.entries({ ...attributes, endpoint })) if (name !== 'lazy') maker.setAttribute(name, value);
    const element = maker.element as HTMLElement & { reload?: () => Promise<unknown> };
    // The provider loads nothing of its own.
    if (typeof element.reload === 'function') await element.reload();
  } finally {
    globalThis.fetch = original;
  }
  return urls.map((url) => parseRequest(url.slice(endpoint.length)));
}

/** A request URL (after the endpoint) as route, path parameters and query, by the contract's route templates. */
function parseRequest(pathAndQuery: string): Request {
  const [pathname = '', search = ''] = pathAndQuery.split('?');
  for (const route of ROUTES) {
    const names: string[] = [];
    const pattern = new RegExp(`^${route.path.replace(/\{(\w+)\}/g, (_, name: string) => (names.push(name), '([^/]+)'))}$`);
    const match = pattern.exec(pathname);
    if (!match) continue;
    const path = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
    const query = search ? search.split('&').map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]) : [];
    return { route: route.name, path, query, url: pathAndQuery };
  }
  throw new Error(`An element requested ${pathAndQuery}, which is no route of src/contract/routes.ts`);
}

/** Where a query parameter's value comes from, for the PHP (integrations/wordpress/src/WordPress/ElementRequests.php). */
type Source =
  | { value: string }
  /** The attribute as written (`number`: as the element reads a number, then writes it); `bare`: what '' sends. */
  | { attribute: string; number?: true; bare?: string }
  /** A boolean attribute: `present` when it is on; left out when it is off. */
  | { attribute: string; present: string };

interface RequestRule {
  route: string;
  /** The path parameters that are the location in effect (the element's own location-id, or the site's). */
  location: string[];
  query: Array<[string, Source]>;
}

interface Case {
  /** All of these attributes set (any value); or this attribute with this value; absent: the default case. */
  set?: string[];
  equals?: [string, string];
  requests: RequestRule[];
}

/** A shape: the routes requested, in order (what a case decides; the query is worked out per case). */
const shapeOf = (requests: Request[]) => requests.map((request) => request.route).join(' ');

/** A distinct value for each attribute the probes set: numbers written with a trailing zero, to see if they are read. */
function probeValue(name: string, spec: AttributeSpec, index: number): string {
  if (spec.kind === 'boolean') return '';
  if (spec.kind === 'number') return `${7001 + index}.50`;
  if (spec.kind === 'choice') return spec.values![0]!;
  return `probe-${name}`;
}

/** A second distinct value, to see which parameter follows the attribute. */
function alternateValue(name: string, spec: AttributeSpec, index: number): string {
  return spec.kind === 'number' ? `${8001 + index}.25` : `other-${name}`;
}

/** The rule one element's requests follow, from probes. */
async function elementRule(tag: string, specs: Record<string, AttributeSpec>): Promise<Case[]> {
  const base = { 'location-id': LOCATION };
  const probe = (attributes: Record<string, string>) => elementRequests(tag, { ...base, ...attributes });
  const names = Object.keys(specs).filter((name) => !CONNECTION.has(name));
  const value = (name: string) => probeValue(name, specs[name]!, names.indexOf(name));
  const baseShape = shapeOf(await probe({}));

  // Cases: a value of a choice or a boolean on its own that changes the routes; a set of the other attributes that
  // does together (each one of it needed: without it, the default).
  const cases: Array<Omit<Case, 'requests'>> = [];
  for (const name of names) {
    const spec = specs[name]!;
    const values = spec.kind === 'choice' ? spec.values! : spec.kind === 'boolean' ? [''] : [];
    for (const choice of values) if (shapeOf(await probe({ [name]: choice })) !== baseShape) cases.push({ equals: [name, choice] });
  }
  const free = names.filter((name) => specs[name]!.kind === 'number' || specs[name]!.kind === 'text');
  const all = Object.fromEntries(free.map((name) => [name, value(name)]));
  const allShape = shapeOf(await probe(all));
  if (allShape !== baseShape) {
    const needed: string[] = [];
    for (const name of free) {
      const { [name]: _left, ...others } = all;
      if (shapeOf(await probe(others)) === baseShape) needed.push(name);
    }
    const onlyNeeded = Object.fromEntries(needed.map((name) => [name, value(name)]));
    if (!needed.length || shapeOf(await probe(onlyNeeded)) !== allShape)
      throw new Error(`<${tag}>'s routes depend on its attributes in a way scripts/wordpress-requests.ts cannot describe`);
    cases.unshift({ set: needed });
  }
  if (cases.length > 1) throw new Error(`<${tag}> has more than one way to change its routes: describe their order in scripts/wordpress-requests.ts`);
  cases.push({});

  const rules: Case[] = [];
  for (const when of cases) {
    const condition: Record<string, string> = when.equals
      ? { [when.equals[0]]: when.equals[1] }
      : Object.fromEntries((when.set ?? []).map((name) => [name, value(name)]));
    // Every attribute that is not the case's own, set: each one's parameter is what changes when it is left out.
    // The other cases' attributes stay out of the default case (it is the one where they do not hold).
    const deciding = new Set(cases.flatMap((other) => [...(other.set ?? []), ...(other.equals ? [other.equals[0]] : [])]));
    const others = names.filter((name) => !(name in condition) && (when.set || when.equals || !deciding.has(name)));
    const full = { ...Object.fromEntries(others.map((name) => [name, value(name)])), ...condition };
    const requests = await probe(full);
    if (when.set === undefined && when.equals === undefined && shapeOf(requests) !== baseShape)
      throw new Error(`<${tag}>: the default case's routes change with its attributes together`);
    const sources = requests.map((request) => new Map<string, Source>(request.query.map(([name, written]) => [name, { value: written }])));
    for (const name of Object.keys(full)) {
      // The case's own choice is a constant of the case.
      if (when.equals?.[0] === name) continue;
      const spec = specs[name]!;
      // Another value of the attribute (a boolean's: off): the parameters that change with it are its own.
      const { [name]: _left, ...without } = full;
      const other = spec.kind === 'boolean' ? without : spec.kind === 'choice' ? spec.values![1] : alternateValue(name, spec, names.indexOf(name));
      if (other === undefined) continue;
      const varied = await probe(typeof other === 'string' ? { ...full, [name]: other } : other);
      if (shapeOf(varied) !== shapeOf(requests)) throw new Error(`<${tag}>: another value of ${name} changes the routes`);
      // Left out: its parameters must go too (the PHP leaves out the parameters of unset attributes).
      const absent = await probe(without);
      const bare = spec.kind === 'boolean' ? undefined : await probe({ ...full, [name]: '' });
      requests.forEach((request, i) => {
        const variedQuery = new Map(varied[i]!.query);
        const absentQuery = shapeOf(absent) === shapeOf(requests) ? new Map(absent[i]!.query) : new Map<string, string>();
        for (const [param, written] of request.query) {
          if (variedQuery.get(param) === written) continue;
          if (absentQuery.has(param) && absentQuery.get(param) !== written)
            throw new Error(`<${tag}>: ${param} has a value without ${name}, and another with it`);
          const given = full[name]!;
          let source: Source;
          if (spec.kind === 'boolean') source = { attribute: name, present: written };
          else if (written === given) source = { attribute: name };
          else if (written === String(Number(given))) source = { attribute: name, number: true };
          else throw new Error(`<${tag}>: ${param}=${written} comes from ${name}="${given}" in a way the PHP cannot follow`);
          const bareValue = bare && shapeOf(bare) === shapeOf(requests) ? new Map(bare[i]!.query).get(param) : undefined;
          if (bareValue !== undefined && !('present' in source)) source = { ...source, bare: bareValue };
          sources[i]!.set(param, source);
        }
      });
    }
    rules.push({
      ...(when.set ? { set: when.set } : {}),
      ...(when.equals ? { equals: when.equals } : {}),
      requests: requests.map((request, i) => ({
        route: request.route,
        location: Object.entries(request.path).flatMap(([param, written]) => (written === LOCATION ? [param] : [])),
        query: [...sources[i]!],
      })),
    });
  }
  return rules;
}

/** The table generated/requests.json holds: each element's cases, by tag, for the attributes a post may set. */
export async function requestTable(attributes: ElementAttributes) {
  const elements: Record<string, Case[]> = {};
  for (const [tag, specs] of Object.entries(attributes)) elements[tag] = await elementRule(tag, specs);
  // An element that loads nothing of its own but takes a location (the provider) carries, for the elements inside it
  // (which find its location in the browser, where the PHP gives them the site's), the request most elements share
  // by default: the location's page.
  const defaults = Object.values(elements).flatMap((cases) => cases.at(-1)!.requests.map((request) => JSON.stringify(request)));
  const shared = defaults.sort((a, b) => defaults.filter((x) => x === b).length - defaults.filter((x) => x === a).length)[0];
  for (const [tag, cases] of Object.entries(elements)) {
    if (shared && cases.length === 1 && !cases[0]!.requests.length && 'location-id' in attributes[tag]!) cases[0]!.requests.push(JSON.parse(shared));
  }
  return { generated: 'by scripts/build-wordpress.mjs (scripts/wordpress-requests.ts) from the elements themselves; do not edit', elements };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const table = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, { attributes: Record<string, AttributeSpec> }>;
  const attributes = Object.fromEntries(Object.entries(table).map(([tag, element]) => [tag, element.attributes]));
  process.stdout.write(`${JSON.stringify(await requestTable(attributes), null, 2)}\n`);
  process.exit(0);
}
