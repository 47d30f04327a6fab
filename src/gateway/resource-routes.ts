/**
 * Binds each /v1 resource to its declared route: the path from the declaration, the parameters read as the
 * declaration says, the answer through the resource. One door per route: every request is routed by Hono and
 * goes through the guard.
 */
import type { Context, Hono } from 'hono';
import { LRUCache } from 'lru-cache';
import type { AnyRoute, ParamsOf, ResponseOf } from '../contract/routes.ts';
import type { Guard } from './guard.ts';
import type { Encoder } from './encoding.ts';
import { entryResponse, type CachePolicy } from './http.ts';
import { readParams } from './request-params.ts';
import type { Answer, Resource, Resources } from './resources/index.ts';

/** `/v1/locations/{id}` (the declaration's OpenAPI form) as Hono's `/v1/locations/:id`. */
export const routerPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/** Path and query of a request URL (absolute, as every Request's is). */
const pathAndQuery = (url: string): string => url.slice(url.indexOf('/', url.indexOf('//') + 2));

export function bindResources(app: Hono, resources: Resources, guard: Guard, policy: CachePolicy, encoder: Encoder | null = null): void {
  for (const resource of Object.values(resources)) bind(app, resource as Resource<AnyRoute>, guard, policy, encoder);
}

function bind<R extends AnyRoute>(app: Hono, resource: Resource<R>, guard: Guard, policy: CachePolicy, encoder: Encoder | null): void {
  // Parameters read once per distinct path and query: a page asks with the same few URLs again and again, and
  // reading them is pure.
  const known = new LRUCache<string, ParamsOf<R>>({ max: 2000 });
  app.get(
    routerPath(resource.route.path),
    guard<Context>(resource.route.name, (c, cors, budget) => {
      const url = pathAndQuery(c.req.url);
      let params = known.get(url);
      if (!params) known.set(url, (params = readParams(resource.route, c.req.param(), c.req.query())));
      const send = (answer: Answer<ResponseOf<R>>): Response =>
        entryResponse(
          answer.entry,
          answer.state,
          c.req.header('if-none-match'),
          cors,
          policy,
          answer.cacheControl,
          encoder ? { encoder, acceptEncoding: c.req.header('accept-encoding') } : undefined,
        );
      // Synchronous when fresh in memory: no promise on a cached hit.
      const fresh = resource.fresh(params);
      if (fresh) return send(fresh);
      const loading = resource.load(params, budget);
      // An answer that had to wait is compressed before it goes (once per entry: the hits after find it ready).
      return encoder
        ? loading.then(async (answer) => (answer.cacheControl === undefined && (await encoder.prepare(answer.entry)), send(answer)))
        : loading.then(send);
    }),
  );
}
