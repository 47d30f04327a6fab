/**
 * The Node gateway's answers against the published contract (/v1/openapi.json): every route, over every location
 * of the sandbox's data set, and over the golden fixtures' cases (scripts/golden-fixtures.ts: the quirky hand-made
 * upstream records, the hostile data, upstream faults and bad parameters). Each answer must be what the document
 * promises for its route and status; its schemas are closed (additionalProperties: false), so a field the contract
 * does not name fails as surely as a missing or mistyped one. The document's schemas are the ones the TypeScript
 * types come from (src/contract/schemas.ts).
 */
import { before, after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generateGoldenFixtures, type GoldenFixtures } from '../../scripts/golden-fixtures.ts';
import { ROUTES, type RouteName } from '../../src/contract/routes.ts';
import { createGatewayApp } from '../../src/adapters/node/app.ts';
import { loadConfig } from '../../src/gateway/config.ts';
import { createSandbox, SANDBOX_DEFAULTS } from '../../src/sandbox/server.ts';
import { openApiChecker } from './openapi-validator.ts';

const ORIGIN = 'http://api.sandbox.example';

/** A gateway over an in-process sandbox of `locations` locations. */
function gatewayOverSandbox(locations: number) {
  const sandbox = createSandbox({ locations, seed: SANDBOX_DEFAULTS.seed });
  const config = loadConfig(
    {
      MERCHANT_ACTIONS_URL: `${ORIGIN}/actions`,
      MERCHANT_PUBLISHER_URL: `${ORIGIN}/publisher`,
      MERCHANT_CLIENT_ID: SANDBOX_DEFAULTS.clientId,
      MERCHANT_SIGNING_KEY: SANDBOX_DEFAULTS.signingKey,
      MERCHANT_SECURE_HOSTS: '*.sandbox.example',
      MERCHANT_POLL_INTERVAL: '0',
      MERCHANT_RATE_LIMIT: '0',
      MERCHANT_MISS_RATE_LIMIT: '0',
      MERCHANT_LOG_LEVEL: 'silent',
    },
    { port: 0 },
  );
  const upstream = (input: RequestInfo | URL, init?: RequestInit) => sandbox.fetch(new Request(input, init));
  return { sandbox, gateway: createGatewayApp(config, { fetch: upstream as typeof fetch, poll: false }) };
}

/** The URL of a route for one location: every parameter that changes the answer's shape, once. */
function urlsFor(id: string, latitude: number, longitude: number): Record<RouteName, string[]> {
  const base = `/v1/locations/${encodeURIComponent(id)}`;
  return {
    location: [base],
    menus: [`${base}/menus`, `${base}/menus?format=short`],
    photos: [`${base}/photos?width=640`],
    actions: [`${base}/actions`, `${base}/actions?nearby=true`, `${base}/actions?top=true`],
    location_nearby: [`${base}/nearby?limit=5`],
    nearby: [`/v1/nearby?latitude=${latitude}&longitude=${longitude}&limit=5`],
    page: [`${base}/page`],
    directory: [`/v1/directory?latitude=${latitude}&longitude=${longitude}&radius=2000&limit=5`],
  };
}

describe('the Node gateway answers what /v1/openapi.json promises', () => {
  const check = openApiChecker();

  describe('every route over every location of the sandbox', () => {
    const LOCATIONS = 200;
    const { sandbox, gateway } = gatewayOverSandbox(LOCATIONS);
    after(() => gateway.close());

    it(`validates ${LOCATIONS} locations × every route`, async () => {
      const problems: string[] = [];
      const seen = new Map<string, number>();
      // While it is built, the directory answers 503 DIRECTORY_BUILDING: checked against the document too.
      const building = await gateway.fetch(new Request('http://gateway.test/v1/directory?q=pizza'));
      if (building.status === 503) problems.push(...[check('directory', 503, await building.json())].filter((p): p is string => p !== null));
      await gateway.directory!.ready();
      for (let index = 0; index < LOCATIONS; index++) {
        const urls = urlsFor(sandbox.dataset.idAt(index), sandbox.dataset.latitude(index), sandbox.dataset.longitude(index));
        for (const [route, list] of Object.entries(urls) as Array<[RouteName, string[]]>) {
          for (const url of list) {
            const response = await gateway.fetch(new Request(`http://gateway.test${url}`));
            const body: unknown = await response.json();
            seen.set(`${route} ${response.status}`, (seen.get(`${route} ${response.status}`) ?? 0) + 1);
            const problem = check(route, response.status, body);
            if (problem) problems.push(`${url} (${response.status}): ${problem}`);
          }
        }
      }
      assert.deepEqual(problems, [], `${problems.length} answers do not match the document:\n${problems.slice(0, 10).join('\n')}`);
      // Every route answered 200 for most locations: the check above saw real data, not only errors.
      for (const route of ROUTES)
        assert.ok((seen.get(`${route.name} 200`) ?? 0) >= LOCATIONS, `${route.name} answered 200 ${seen.get(`${route.name} 200`) ?? 0} times`);
    });
  });

  describe('the golden fixtures: quirky upstream records, hostile data, faults, bad parameters', () => {
    let fixtures: GoldenFixtures;
    before(async () => {
      fixtures = await generateGoldenFixtures();
    });

    it('validates every case, whatever its status', () => {
      const problems: string[] = [];
      for (const c of fixtures.cases) {
        const problem = check(c.route as RouteName, c.answer.status, c.answer.body);
        if (problem) problems.push(`${c.name} ${c.url} (${c.answer.status}): ${problem}`);
      }
      assert.deepEqual(problems, [], `${problems.length} answers do not match the document:\n${problems.slice(0, 10).join('\n')}`);
      const names = fixtures.cases.map((c) => c.name);
      for (const kind of ['quirky location', 'quirky page', 'hostile page', 'fault 500 location', 'bad include']) {
        assert.ok(
          names.some((name) => name.startsWith(kind)),
          `the fixtures have a '${kind}' case`,
        );
      }
    });

    it('rejects an answer that strays from the contract: a field too many, one missing, one of the wrong type', () => {
      const quirky = fixtures.cases.find((c) => c.name === 'quirky location quirky-1' && c.answer.status === 200);
      assert.ok(quirky, 'the quirky location answers 200');
      const answer = quirky.answer.body as { location: Record<string, unknown> };
      assert.equal(check('location', 200, answer), null);
      const strays: Array<[string, Record<string, unknown>]> = [
        ['extra field', { ...answer.location, rating: 5 }],
        ['missing field', Object.fromEntries(Object.entries(answer.location).filter(([key]) => key !== 'timeZone'))],
        ['wrong type', { ...answer.location, hasMenus: 'yes' }],
        ['undeclared enum value', { ...answer.location, timeZoneSource: 'guessed' }],
      ];
      for (const [what, location] of strays) assert.notEqual(check('location', 200, { location }), null, what);
      assert.match(check('location', 418, { error: 'x' }) ?? '', /no 418 answer/);
    });
  });
});
