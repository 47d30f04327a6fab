/**
 * The route declarations (src/contract/routes.ts) are the one source of the gateway's router, its parameter checks,
 * the OpenAPI document and the browser's URLs. These tests hold the four together: what the browser writes, the
 * gateway reads back as meant; every declared route is served and documented with its limits; nothing is served
 * or documented that is not declared.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ACTION_TYPES, PAGE_PARTS } from '../../src/contract/index.ts';
import { ROUTES, originCheckRoute, routeUrl, type AnyRoute, type ParamSpec } from '../../src/contract/routes.ts';
import { SERVER_RENDERING, openApiDocument } from '../../src/gateway/openapi.ts';
import { readParams, type Query } from '../../src/gateway/request-params.ts';
import { routerPath } from '../../src/gateway/resource-routes.ts';
import { setup, type Fixture } from './gateway-fixture.ts';

/** A valid raw value for a parameter, with the value the gateway must read it as. */
function validValue(spec: ParamSpec): fc.Arbitrary<{ raw: string | number | boolean; read: unknown }> {
  switch (spec.kind) {
    case 'enum':
      return fc.constantFrom(...spec.values).map((value) => ({ raw: value.toUpperCase(), read: value }));
    case 'integer':
      return fc.integer({ min: spec.min, max: spec.max }).map((value) => ({ raw: value, read: value }));
    case 'number':
      return fc.double({ min: spec.min, max: spec.max, noNaN: true }).map((value) => ({ raw: value.toFixed(5), read: Number(value.toFixed(5)) }));
    case 'boolean':
      return fc.boolean().map((value) => ({ raw: value, read: value }));
    case 'names':
      return fc
        .uniqueArray(fc.stringMatching(/^[a-z][a-z &'-]{0,20}[a-z]$/), { minLength: 1, maxLength: 5 })
        .map((names) => ({ raw: names.join(','), read: [...names].sort() }));
    case 'action-type':
      return fc.constantFrom(...ACTION_TYPES).map((type) => ({ raw: type, read: type }));
    case 'page-parts':
      return fc.subarray([...PAGE_PARTS], { minLength: 1 }).map((parts) => ({ raw: [...parts].reverse().join(','), read: parts }));
    case 'origin':
      return fc.constantFrom('https://www.example.com', 'http://localhost:3000', 'null').map((origin) => ({ raw: origin, read: origin }));
    case 'text':
      return fc
        .stringMatching(new RegExp(`^[a-zé0-9][a-zé0-9 '*%]{0,${Math.min(10, spec.maxLength - 2)}}[a-z0-9]$`))
        .map((text) => ({ raw: text, read: text }));
  }
}

/** What the gateway reads when a parameter is left out. */
function absentValue(spec: ParamSpec): unknown {
  if (spec.kind === 'page-parts') return [...PAGE_PARTS];
  if (spec.kind === 'enum' || spec.kind === 'boolean') return spec.fallback;
  return undefined;
}

/** The query of a URL as Hono hands it to the gateway (decoded, `+` as a space). */
function queryOf(url: string): Query {
  return Object.fromEntries(new URL(url).searchParams);
}

describe('route declarations', () => {
  it('what routeUrl writes, the gateway reads back as meant, for every route and every kind of parameter', () => {
    for (const route of ROUTES as readonly AnyRoute[]) {
      const names = Object.keys(route.query);
      const required = names.filter((name) => {
        const spec = route.query[name]!;
        return spec.kind === 'number' && spec.required;
      });
      const query = fc.record(Object.fromEntries(names.map((name) => [name, validValue(route.query[name]!)])), { requiredKeys: required });
      fc.assert(
        fc.property(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._~-]{0,30}$/), query, (id, chosen) => {
          const written = Object.fromEntries(Object.entries(chosen).map(([name, value]) => [name, value.raw]));
          const url = routeUrl('https://gateway.example/base', route, { id }, written);
          assert.ok(url.startsWith(`https://gateway.example/base${route.path.replace('{id}', encodeURIComponent(id))}`), url);
          const read = readParams(route, { id }, queryOf(url)) as Record<string, unknown>;
          for (const name of names) {
            assert.deepEqual(read[name], name in chosen ? chosen[name]!.read : absentValue(route.query[name]!), `${route.name}.${name} from ${url}`);
          }
          if (route.path.includes('{id}')) assert.equal(read.id, id);
        }),
        { numRuns: 150 },
      );
    }
  });

  it('routeUrl leaves out absent, null and empty values and keeps commas readable', () => {
    const [, menus, , , , nearby] = ROUTES;
    assert.equal(routeUrl('https://g.example', menus, { id: 'a b' }, { format: null }), 'https://g.example/v1/locations/a%20b/menus');
    assert.equal(
      routeUrl('https://g.example', nearby, {}, { latitude: 1, longitude: 2, cuisine: 'pizza,thai', business_type: '', limit: undefined }),
      'https://g.example/v1/nearby?latitude=1&longitude=2&cuisine=pizza,thai',
    );
  });

  it('the OpenAPI document has exactly the declared routes, each declared parameter with its limits, and a 400 for each', () => {
    const doc = openApiDocument() as {
      paths: Record<
        string,
        {
          get: {
            parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown>; description: string }[];
            responses: Record<string, unknown>;
          };
        }
      >;
    };
    assert.deepEqual(Object.keys(doc.paths).sort(), [...ROUTES.map((route) => route.path), ...Object.keys(SERVER_RENDERING), originCheckRoute.path].sort());
    for (const route of ROUTES as readonly AnyRoute[]) {
      const { parameters, responses } = doc.paths[route.path]!.get;
      assert.ok(responses[400], route.path);
      const inQuery = parameters.filter((p) => p.in === 'query');
      assert.deepEqual(
        inQuery.map((p) => p.name),
        Object.keys(route.query),
        route.path,
      );
      for (const param of inQuery) {
        const spec = route.query[param.name]!;
        assert.ok(param.description.length > 5, `${route.path} ${param.name} is described`);
        if (spec.kind === 'integer' || spec.kind === 'number') {
          assert.equal(param.schema.minimum, spec.min, `${route.path} ${param.name}`);
          assert.equal(param.schema.maximum, spec.max, `${route.path} ${param.name}`);
        }
        if (spec.kind === 'enum') assert.deepEqual(param.schema.enum, spec.values);
        assert.equal(param.required, spec.kind === 'number' && spec.required === true);
      }
      assert.equal(
        parameters.some((p) => p.in === 'path' && p.name === 'id'),
        route.path.includes('{id}'),
        route.path,
      );
    }
  });

  it('the router path is the declaration with Hono placeholders', () => {
    assert.equal(routerPath('/v1/locations/{id}/menus'), '/v1/locations/:id/menus');
    assert.equal(routerPath('/v1/nearby'), '/v1/nearby');
  });
});

describe('every declared route is served', () => {
  let f: Fixture;
  before(async () => {
    f = await setup();
    // The directory is built in the background at start; the route answers 503 until then.
    await f.gw.app.directory?.ready();
  });
  after(async () => {
    await f.close();
  });

  it('answers 200 at each declared path, and refuses a parameter it does not declare, naming the ones it does', async () => {
    for (const route of ROUTES as readonly AnyRoute[]) {
      const required = { latitude: '40.7', longitude: '-74' };
      const query = route.path.includes('{id}') ? {} : required;
      const url = routeUrl('', route, { id: 'test-pizzeria' }, query);
      const ok = await f.get(url);
      assert.equal(ok.status, 200, url);
      await ok.arrayBuffer();
      const refused = await f.get(routeUrl('', route, { id: 'test-pizzeria' }, { ...query, zzz: 1 } as never));
      assert.equal(refused.status, 400, route.name);
      const body = await refused.json();
      assert.equal(body.error, 'INVALID_PARAMETER');
      for (const name of Object.keys(route.query)) assert.ok(body.message.includes(name), `${route.name}: ${body.message}`);
    }
  });
});
