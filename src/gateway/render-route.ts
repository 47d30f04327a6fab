/**
 * `GET /v1/locations/{id}/render/{element}`: the element server-rendered (text/html), with its attributes as query
 * parameters (`format`, `type`, `locale`, `theme`, `heading-level`…). The renderer (src/ssr/render.ts, Lit's SSR
 * under a DOM shim) is given to the gateway by the Node adapter, so the gateway itself stays free of DOM code and an
 * edge deployment without it simply has no render route.
 *
 * Cached like the data it is made from: under the location's tag, so the change-feed poller's invalidation reaches
 * it, with the same fresh and stale windows, ETag and Cache-Control.
 */
import type { Context, Hono } from 'hono';
import { cacheKey, type ResponseCache } from './cache.ts';
import { GatewayError } from './errors.ts';
import type { Guard } from './guard.ts';
import { SECURITY_HEADERS, etagMatches, type CachePolicy } from './http.ts';
import { readLocationId } from './request-params.ts';

/** What the gateway needs of a renderer (src/ssr/render.ts has this shape). */
export type ElementRenderer = (request: {
  tag: string;
  attributes: Record<string, string>;
  /** How to reach the gateway from the renderer (default: the network). */
  fetchGateway?(request: Request): Promise<Response>;
}) => Promise<{ html: string; urls: string[] }>;

/** The renderer's stylesheet hashes, by element (src/ssr/render.ts styleHashes). */
export type StyleHashes = () => Promise<Record<string, string>> | Record<string, string>;

interface Rendered {
  html: string;
}

/** An element's name in the path: its tag without `merchant-`. Which names render is the renderer's (its registry's). */
export const ELEMENT_NAME = /^[a-z]{2,20}$/;

export function bindRenderRoute(
  app: Hono,
  renderer: ElementRenderer,
  styleHashes: StyleHashes | undefined,
  cache: ResponseCache,
  guard: Guard,
  policy: CachePolicy,
): void {
  // What a page with a strict CSP adds to its style-src to show server-rendered elements styled (docs/ssr.md).
  if (styleHashes) {
    app.get(
      '/v1/render/styles',
      guard<Context>('render_styles', async (_c, cors) => {
        const elements = await styleHashes();
        const body = { elements, styleSrc: [...new Set(Object.values(elements))].map((hash) => `'${hash}'`).join(' ') };
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { ...SECURITY_HEADERS, ...cors, 'content-type': 'application/json; charset=utf-8', 'cache-control': policy.ok },
        });
      }),
    );
  }

  app.get(
    '/v1/locations/:id/render/:element',
    guard<Context>('render', async (c, cors, budget) => {
      const id = readLocationId(c.req.param('id'));
      const name = c.req.param('element') ?? '';
      if (!ELEMENT_NAME.test(name)) throw new GatewayError(400, 'UNKNOWN_ELEMENT', `There is no element "${name}" to render.`);
      const query = c.req.query();
      if ('endpoint' in query || 'location-id' in query) {
        throw new GatewayError(400, 'INVALID_PARAMETER', 'The render route sets endpoint and location-id itself: this gateway, and the location in the path.');
      }
      // The endpoint the browser will use: this gateway, as the request reached it.
      const endpoint = new URL(c.req.url).origin;
      const attributes: Record<string, string> = {
        ...Object.fromEntries(Object.entries(query).sort(([a], [b]) => a.localeCompare(b))),
        endpoint,
        'location-id': id,
      };
      const key = cacheKey<Rendered>(`render:${id}:${name}:${JSON.stringify(attributes)}`);
      const { entry, state } = await cache.get(
        key,
        async () => {
          try {
            const { html } = await renderer({ tag: `merchant-${name}`, attributes, fetchGateway: (request) => app.fetch(request) as Promise<Response> });
            return { status: 200, value: { html } };
          } catch (error) {
            // The renderer's errors carry the element's error resource (status, code, message); anything else is a bug,
            // whose text is not passed on.
            const { status, code, message } = error as { status?: number; code?: string; message?: string };
            if (error instanceof GatewayError) throw error;
            if (!status || !code) throw new GatewayError(502, 'RENDER_FAILED', 'The element could not be rendered.');
            if (status === 404) return { status: 404, value: { error: code, message: message ?? 'Not found.', status_code: 404 } };
            throw new GatewayError(status, code, message ?? code);
          }
        },
        [id],
        budget,
      );
      if (entry.status !== 200) throw new GatewayError(404, entry.value.error, entry.value.message);
      const headers = {
        ...SECURITY_HEADERS,
        ...cors,
        'content-type': 'text/html; charset=utf-8',
        'cache-control': policy.ok,
        etag: entry.etag,
        'x-cache': state,
      };
      if (etagMatches(c.req.header('if-none-match'), entry.etag)) return new Response(null, { status: 304, headers });
      return new Response(entry.value.html, { status: 200, headers });
    }),
  );
}
