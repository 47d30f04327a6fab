/**
 * Answers checked against the published OpenAPI document (/v1/openapi.json, built by src/gateway/openapi.ts): the
 * schema of the route's path and the answer's status, with Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1).
 * Shared by the Node gateway's test (contract-openapi.test.ts) and the PHP port's (wordpress-golden.test.ts).
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiDocument } from '../../src/gateway/openapi.ts';
import { ROUTES, type RouteName } from '../../src/contract/routes.ts';

interface Document {
  paths: Record<string, { get: { responses: Record<string, { content?: Record<string, { schema: unknown }> }> } }>;
  components: { schemas: Record<string, unknown> };
}

const ROUTE_PATHS = Object.fromEntries(ROUTES.map((route) => [route.name, route.path])) as Record<RouteName, string>;

/**
 * A checker over one document (the published one unless given): `check(route, status, body)` is null when the body
 * is what the document promises for that route and status, else a sentence saying where it is not.
 */
export function openApiChecker(document = openApiDocument() as unknown as Document) {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);
  ajv.addSchema({ $id: 'openapi', components: document.components }, 'openapi');
  const refs = (schema: unknown): object => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')) as object;
  const validators = new Map<string, ValidateFunction>();
  return function check(route: RouteName, status: number, body: unknown): string | null {
    const key = `${route} ${status}`;
    let validate = validators.get(key);
    if (!validate) {
      const schema = document.paths[ROUTE_PATHS[route]]?.get.responses[String(status)]?.content?.['application/json']?.schema;
      if (!schema) return `the document has no ${status} answer for ${route}`;
      validators.set(key, (validate = ajv.compile(refs(schema))));
    }
    return validate(body) ? null : ajv.errorsText(validate.errors);
  };
}
