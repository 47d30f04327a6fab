/**
 * The sandbox: the Actions API at /actions, the Publisher API at /publisher, the Location Data Feed at
 * /feed/locations.json, and optional HTTP controls at /_sandbox, as one web-standard `fetch` handler.
 */
import { Hono } from 'hono';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { Dataset, type LocationChange } from './dataset/index.ts';
import { actionsApp, ACTIONS_BASE } from './actions/routes.ts';
import { publisherApp, PUBLISHER_BASE } from './publisher/routes.ts';
import { feedStream } from './feed.ts';
import { assetSvg } from './publisher/images.ts';
import { DroppedConnection, FaultList, RequestStats, type Fault } from './faults.ts';
import { ApiError, errorResource } from './errors.ts';

export { Dataset } from './dataset/index.ts';
export type { DatasetExamples, LocationRecord, ActionRecord, LocationChange } from './dataset/index.ts';
export type { Fault } from './faults.ts';

export interface SandboxOptions {
  clientId?: string;
  signingKey?: string;
  locations?: number;
  seed?: number;
  /** Require signed Publisher API requests too (same scheme). Off by default. */
  signPublisher?: boolean;
  /** Serve the HTTP controls at /_sandbox. Off by default; the programmatic controls always work. */
  controls?: boolean;
}

/**
 * The credentials are those of the published test vector (ARCHITECTURE.md), so the vector's request works
 * against a default sandbox as it is.
 */
export const SANDBOX_DEFAULTS = {
  clientId: 'cn3l4kmhdcxejosjf6chfjoiq',
  signingKey: 'QRFYeaX2m4gGlsmG-B5sqhS4DQS3wwpC-QupqYaxBoU',
  locations: 200,
  seed: 1,
} as const satisfies { clientId: string; signingKey: string; locations: 200; seed: 1 };

export interface SandboxControls {
  /** Moves the location's update time to now, so both update feeds show it (last). */
  touch(locationId: string): void;
  /**
   * Changes the location's data (its name, a dish's price, an offer's expiry: see LocationChange) and moves it into
   * both update feeds, as an edit upstream would. Throws ApiError 404 for an unknown location, 400 for a change
   * that cannot apply.
   */
  change(locationId: string, change: LocationChange): void;
  /** Renames a location (its id stays) and touches it, so both feeds list it with its new name. */
  rename(locationId: string, name: string): void;
  /** Marks a location out of business and touches it. */
  closeDown(locationId: string): void;
  /** Returns a function that removes this fault. */
  injectFault(fault: Fault): () => void;
  clearFaults(): void;
}

export interface Sandbox {
  fetch(request: Request): Promise<Response>;
  dataset: Dataset;
  controls: SandboxControls;
  /** Counts the requests to the APIs, the feed and the images (not to /_sandbox). */
  stats: { requests: number; byPath(pattern: RegExp): number; reset(): void };
}

export interface RunningSandbox extends Sandbox {
  url: string;
  actionsUrl: string;
  publisherUrl: string;
  feedUrl: string;
  close(): Promise<void>;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function pathAndQueryOf(url: string): string {
  return url.slice(url.indexOf('/', url.indexOf('//') + 2));
}

const CHANGE_EXAMPLE = '{"name": "New name", "price": {"amount": 12.5, "item": 0}, "offerExpiry": {"expiration": "2026-12-01T20:00:00Z"}}';

/** A change from a control's JSON body: only the known fields, each checked (ApiError 400 otherwise). */
function readChange(body: unknown): LocationChange {
  const invalid = (message: string) => new ApiError(400, 'INVALID_BODY', `${message} Example: ${CHANGE_EXAMPLE}`);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalid('The body must be a JSON object.');
  const { name, price, offerExpiry, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length) throw invalid(`Unknown field(s): ${Object.keys(rest).join(', ')}.`);
  const change: LocationChange = {};
  const position = (value: unknown, field: string) => {
    if (value !== undefined && !(Number.isInteger(value) && (value as number) >= 0)) throw invalid(`"${field}" must be a whole number of at least 0.`);
    return value as number | undefined;
  };
  if (name !== undefined) {
    if (typeof name !== 'string' || !name.trim()) throw invalid('"name" must be a non-empty string.');
    change.name = name;
  }
  if (price !== undefined) {
    const { amount, menu, section, item } = (price ?? {}) as Record<string, unknown>;
    if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) throw invalid('"price.amount" must be a number of at least 0.');
    change.price = { amount, menu: position(menu, 'price.menu'), section: position(section, 'price.section'), item: position(item, 'price.item') };
  }
  if (offerExpiry !== undefined) {
    const { expiration, actionId } = (offerExpiry ?? {}) as Record<string, unknown>;
    if (typeof expiration !== 'string' || !Number.isFinite(Date.parse(expiration)))
      throw invalid('"offerExpiry.expiration" must be an ISO 8601 date and time.');
    change.offerExpiry = { expiration, actionId: position(actionId, 'offerExpiry.actionId') };
  }
  if (!Object.keys(change).length) throw invalid('Nothing to change.');
  return change;
}

function controlsApp(controls: SandboxControls, stats: RequestStats): Hono {
  const app = new Hono();
  app.onError((error, c) => {
    const body = errorResource(error);
    return c.json(body, body.status_code as 400);
  });
  app.post('/touch/:id', (c) => {
    controls.touch(c.req.param('id'));
    return c.json({ touched: c.req.param('id') });
  });
  app.post('/change/:id', async (c) => {
    const change = readChange(await c.req.json().catch(() => undefined));
    controls.change(c.req.param('id'), change);
    return c.json({ changed: c.req.param('id'), ...change });
  });
  app.post('/rename/:id', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { name?: unknown } | null;
    if (typeof body?.name !== 'string' || !body.name.trim()) throw new ApiError(400, 'INVALID_BODY', 'The body must be JSON like {"name": "New Name"}.');
    controls.rename(c.req.param('id'), body.name.trim());
    return c.json({ renamed: c.req.param('id'), name: body.name.trim() });
  });
  app.post('/close/:id', (c) => {
    controls.closeDown(c.req.param('id'));
    return c.json({ closed: c.req.param('id') });
  });
  app.post('/faults', async (c) => {
    let body: Record<string, unknown>;
    try {
      body = await c.req.json();
    } catch {
      throw new ApiError(400, 'INVALID_BODY', 'The body must be JSON like {"path": "^/actions/", "status": 503}.');
    }
    if (typeof body.path !== 'string') throw new ApiError(400, 'INVALID_BODY', '"path" (a regular expression as a string) is required.');
    let path: RegExp;
    try {
      path = new RegExp(body.path);
    } catch {
      throw new ApiError(400, 'INVALID_BODY', `"path" is not a valid regular expression: ${body.path}`);
    }
    const num = (key: string) => (typeof body[key] === 'number' ? (body[key] as number) : undefined);
    controls.injectFault({
      path,
      latencyMs: num('latencyMs'),
      status: num('status'),
      malformed: body.malformed === true,
      drop: body.drop === true,
      times: num('times'),
    });
    return c.json({ added: body }, 201);
  });
  app.delete('/faults', (c) => {
    controls.clearFaults();
    return c.json({ cleared: true });
  });
  app.get('/stats', (c) => c.json(stats.toJSON()));
  return app;
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const credentials = {
    clientId: options.clientId ?? SANDBOX_DEFAULTS.clientId,
    signingKey: options.signingKey ?? SANDBOX_DEFAULTS.signingKey,
  };
  const dataset = new Dataset({ locations: options.locations ?? SANDBOX_DEFAULTS.locations, seed: options.seed ?? SANDBOX_DEFAULTS.seed });
  const faults = new FaultList();
  const stats = new RequestStats();
  const indexOf = (locationId: string) => {
    const index = dataset.indexOf(locationId);
    if (index === -1) throw new ApiError(404, 'LOCATION_DOES_NOT_EXIST', `Location "${locationId}" does not exist.`);
    return index;
  };
  const controls: SandboxControls = {
    touch(locationId) {
      dataset.touch(indexOf(locationId));
    },
    change(locationId, change) {
      const index = indexOf(locationId);
      try {
        dataset.change(index, change);
      } catch (error) {
        throw new ApiError(400, 'INVALID_CHANGE', error instanceof Error ? error.message : String(error));
      }
    },
    rename(locationId, name) {
      const index = indexOf(locationId);
      dataset.amend(index, { name });
      dataset.touch(index);
    },
    closeDown(locationId) {
      const index = indexOf(locationId);
      dataset.amend(index, { outOfBusiness: true });
      dataset.touch(index);
    },
    injectFault: (fault) => faults.add(fault),
    clearFaults: () => faults.clear(),
  };

  const app = new Hono();
  // The addresses `npm start` prints answer a person too: an index page per API, with what to open.
  const example = dataset.idAt(0);
  for (const [path, page] of Object.entries(indexPages(example))) {
    app.get(path, (c) => c.html(page));
    if (path !== '/') app.get(`${path}/`, (c) => c.html(page));
  }
  app.route(ACTIONS_BASE, actionsApp(dataset, credentials));
  app.route(PUBLISHER_BASE, publisherApp(dataset, { credentials, sign: options.signPublisher ?? false }));
  // Action icons and deal images (suggested_cta_asset, attributes.image_url): open, like the photo images,
  // because browsers load them from <img> and cannot sign.
  app.get('/assets/:kind/:name', (c) => {
    const { kind, name } = c.req.param();
    if ((kind !== 'cta' && kind !== 'deals') || !/^[a-z0-9-]+\.svg$/.test(name)) {
      return c.json(new ApiError(404, 'NOT_FOUND', `No asset at ${c.req.path}.`).toResource(), 404);
    }
    return c.body(assetSvg(kind, name.slice(0, -4)), 200, {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400',
    });
  });
  app.get('/feed/locations.json', () => new Response(feedStream(dataset), { headers: { 'content-type': 'application/json' } }));
  if (options.controls) app.route('/_sandbox', controlsApp(controls, stats));
  app.notFound((c) => c.json(new ApiError(404, 'NOT_FOUND', `No endpoint at ${c.req.path}.`).toResource(), 404));

  async function handle(request: Request): Promise<Response> {
    const path = pathAndQueryOf(request.url);
    if (path.startsWith('/_sandbox/')) return app.fetch(request);
    stats.record(path);
    const fault = faults.take(path);
    if (fault) {
      if (fault.latencyMs) await sleep(fault.latencyMs);
      if (fault.hold) await fault.hold.catch(() => {});
      if (fault.drop) throw new DroppedConnection(path);
      if (fault.status) {
        return json({ error: 'INJECTED_FAULT', message: `Injected fault: status ${fault.status}.`, status_code: fault.status }, fault.status);
      }
      if (fault.malformed) {
        return new Response('{"code": 200, "data": [{"truncated', { status: 200, headers: { 'content-type': 'application/json' } });
      }
    }
    return app.fetch(request);
  }

  return { fetch: handle, dataset, controls, stats };
}

/** Plain HTML, no script: the sandbox's root and the two APIs' base addresses, for whoever opens them in a browser. */
function indexPages(id: string): Record<string, string> {
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>` +
    '<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem}code{background:#f3f4f6;padding:0 .2em}</style>' +
    `</head><body><h1>${title}</h1>${body}<p><a href="/">Sandbox home</a></p></body></html>`;
  const signed =
    "<p>Its calls are signed (HMAC) with the client id and key, as the real upstream's are: the gateway signs them for you. Opened here without a signature they answer <code>401</code>.</p>";
  return {
    '/': page(
      'merchant-elements sandbox',
      '<p>An offline stand-in for the upstream APIs, on a generated data set.</p><ul>' +
        `<li><a href="${ACTIONS_BASE}">Actions API</a>: calls to action, nearby</li>` +
        `<li><a href="${PUBLISHER_BASE}">Publisher API</a>: locations, menus, photos</li>` +
        '<li><a href="/feed/locations.json">Location Data Feed</a> (JSON, every location)</li></ul>',
    ),
    [ACTIONS_BASE]: page(
      'Actions API (sandbox)',
      signed +
        '<ul>' +
        `<li><code>GET ${ACTIONS_BASE}/locations/${id}/actions</code></li><li><code>GET ${ACTIONS_BASE}/locations/${id}/actions/nearby</code></li>` +
        `<li><code>GET ${ACTIONS_BASE}/actions/nearby?latitude=&amp;longitude=</code></li><li><code>GET ${ACTIONS_BASE}/locations/</code></li></ul>`,
    ),
    [PUBLISHER_BASE]: page(
      'Publisher API (sandbox)',
      signed.replace('Its calls are signed', 'Its calls may be signed') +
        '<ul>' +
        `<li><code>GET ${PUBLISHER_BASE}/locations/${id}/</code>, <code>…/menus/</code>, <code>…/photos/</code>, <code>…/all/</code></li>` +
        `<li><code>GET ${PUBLISHER_BASE}/locations/updated_since/?date=</code></li>` +
        `<li>Images open without a signature: <a href="${PUBLISHER_BASE}/images/1">${PUBLISHER_BASE}/images/1</a></li></ul>`,
    ),
  };
}

export async function startSandbox(options: SandboxOptions & { port?: number; host?: string } = {}): Promise<RunningSandbox> {
  const sandbox = createSandbox(options);
  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<ServerType>((resolve) => {
    const s: ServerType = serve(
      {
        hostname: host,
        port: options.port ?? 0,
        fetch: async (request: Request, env: { incoming: { socket: { destroy(): void } } }) => {
          try {
            return await sandbox.fetch(request);
          } catch (error) {
            if (error instanceof DroppedConnection) {
              env.incoming.socket.destroy();
              return new Response(null, { status: 499 });
            }
            throw error;
          }
        },
      },
      () => resolve(s),
    );
  });
  const address = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  return {
    ...sandbox,
    get stats() {
      return sandbox.stats;
    },
    url,
    actionsUrl: `${url}${ACTIONS_BASE}`,
    publisherUrl: `${url}${PUBLISHER_BASE}`,
    feedUrl: `${url}/feed/locations.json`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if ('closeAllConnections' in server) (server as { closeAllConnections(): void }).closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
