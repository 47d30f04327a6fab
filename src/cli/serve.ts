/**
 * `merchant-elements serve` (what `npm start` runs): the sandbox, the gateway and the demo in one
 * process, so everything works offline on a fresh clone.
 *
 * Three listeners, on purpose: the demo pages (a merchant's site), the gateway (the backend endpoint,
 * another origin, so the demo exercises CORS exactly as a real site does) and the sandbox (the
 * upstream). The gateway allows the demo's origins, plus any given with --allow-origin.
 * The demo serves the built bundle from dist/: `npm ci` builds it (prepare runs `npm run build`).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startLocalUpstream } from './local-upstream.ts';
import { runUntilStopped } from './run-until-stopped.ts';
import { loadConfig } from '../gateway/config.ts';
import { startGateway } from '../adapters/node/server.ts';
import { startDemoServer } from '../../demo/server/server.ts';
import { createDirectory } from '../../demo/server/locations.ts';
import { packageRoot } from '../adapters/node/package-root.ts';

export interface ServeOptions {
  /** The demo's port; 0 picks a free one (and then the gateway and sandbox pick free ones too). */
  port?: number;
  host?: string;
  gatewayPort?: number;
  sandboxPort?: number;
  locations?: number;
  seed?: number;
  /** Origins allowed by the gateway's CORS besides the demo's own. */
  allowOrigins?: string[];
  /** Gateway log level (pino); tests pass 'silent'. */
  logLevel?: string;
  /** Extra gateway environment (MERCHANT_CACHE_TTL...); upstream and credentials are always the sandbox's. */
  env?: Record<string, string | undefined>;
}

export interface Serving {
  demoUrl: string;
  configuratorUrl: string;
  gatewayUrl: string;
  sandbox: { url: string; actionsUrl: string; publisherUrl: string; feedUrl: string };
  /** The showcase's location. */
  featuredLocationId: string;
  close(): Promise<void>;
}

/** Pages a developer builds on this computer, on any port: `npm start`'s gateway lets them use it. */
export const LOCAL_DEVELOPMENT_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*', 'http://[::1]:*'] as const;

export const DEFAULT_PORTS = { demo: 8080, gateway: 8787, sandbox: 4010 } as const;

export async function startServe(options: ServeOptions = {}): Promise<Serving> {
  const root = packageRoot();
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? DEFAULT_PORTS.demo;
  // With --port 0 (tests, or "any free port") every listener takes a free port.
  const fixed = port !== 0;

  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const c of closers.splice(0).reverse()) await c().catch(() => {});
  };
  try {
    const { sandbox, gatewayEnv } = await startLocalUpstream({
      port: options.sandboxPort ?? (fixed ? DEFAULT_PORTS.sandbox : 0),
      clientIdPrefix: 'demo',
      locations: options.locations,
      seed: options.seed,
    });
    closers.push(() => sandbox.close());

    let gatewayUrl = '';
    const directory = createDirectory(sandbox.dataset);
    const demo = await startDemoServer({ root, port, host, directory, endpoint: () => gatewayUrl });
    closers.push(() => demo.close());

    const demoPort = new URL(demo.url).port;
    // Development: a page you are building on this computer (any port of localhost or 127.0.0.1) may use this
    // gateway too, so the README's snippet works as pasted. A production gateway allows only the origins it lists.
    const origins = [`http://127.0.0.1:${demoPort}`, `http://localhost:${demoPort}`, ...LOCAL_DEVELOPMENT_ORIGINS, ...(options.allowOrigins ?? [])];
    const config = loadConfig(
      {
        ...options.env,
        ...gatewayEnv,
        MERCHANT_ALLOWED_ORIGINS: origins.join(','),
        ...(options.logLevel ? { MERCHANT_LOG_LEVEL: options.logLevel } : {}),
      },
      { port: options.gatewayPort ?? (fixed ? DEFAULT_PORTS.gateway : 0), host },
    );
    const { lazyRenderer, lazyStyleHashes } = await import('../ssr/loader.ts');
    const gateway = await startGateway(config, { renderElement: lazyRenderer, renderStyleHashes: lazyStyleHashes });
    closers.push(() => gateway.close());
    gatewayUrl = gateway.url.replace(/\/+$/, '');
    // The gateway's address is printed, so it answers a person who opens it: what it is, and links that work.
    // (Development only: a production gateway has no page at its root.)
    const featuredId = directory.featured().id;
    gateway.app.app.get('/', (c) => c.html(gatewayIndex(featuredId)));

    return {
      demoUrl: `${demo.url}/`,
      configuratorUrl: `${demo.url}/configurator.html`,
      gatewayUrl,
      sandbox: { url: sandbox.url, actionsUrl: sandbox.actionsUrl, publisherUrl: sandbox.publisherUrl, feedUrl: sandbox.feedUrl },
      featuredLocationId: directory.featured().id,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

function gatewayIndex(id: string): string {
  const link = (path: string) => `<li><a href="${path}">${path}</a></li>`;
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>merchant-elements gateway</title>' +
    '<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem}</style></head><body>' +
    '<h1>merchant-elements gateway</h1>' +
    '<p>The backend endpoint the elements fetch from: it signs requests to the upstream APIs (here, the sandbox), caches ' +
    "and normalizes their answers. This address is the elements' <code>endpoint</code> setting.</p><ul>" +
    link(`/v1/locations/${id}/page`) +
    link(`/v1/locations/${id}/hours`) +
    link('/v1/openapi.json') +
    link('/healthz') +
    '</ul></body></html>'
  );
}

const HELP = `merchant-elements serve [options]

Runs the sandbox, the gateway and the demo site in one process.

Options:
  --port P            demo site port (default ${DEFAULT_PORTS.demo}; 0: free ports for all three)
  --gateway-port P    gateway port (default ${DEFAULT_PORTS.gateway})
  --sandbox-port P    sandbox port (default ${DEFAULT_PORTS.sandbox})
  --host H            address to listen on (default 127.0.0.1)
  --locations N       sandbox locations (default: the sandbox's)
  --seed S            sandbox data set seed (default: the sandbox's)
  --allow-origin O    another origin the gateway allows (repeatable), e.g. your CMS at https://staging.example
                      (pages on http://localhost:* and http://127.0.0.1:* are always allowed)
  -h, --help          this text

Gateway variables (MERCHANT_CACHE_TTL, MERCHANT_LOG_LEVEL...) are read from the environment;
its upstream and credentials are always the in-process sandbox's.`;

function portNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) > 65535) throw new Error(`${name} must be a port number from 0 to 65535, got "${value}"`);
  return Number(value);
}

function wholeNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new Error(`${name} must be a whole number, got "${value}"`);
  return Number(value);
}

export async function serveCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      'gateway-port': { type: 'string' },
      'sandbox-port': { type: 'string' },
      host: { type: 'string' },
      locations: { type: 'string' },
      seed: { type: 'string' },
      'allow-origin': { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const root = packageRoot();
  if (!existsSync(path.join(root, 'dist/merchant-elements.js'))) {
    console.error('merchant-elements serve: dist/merchant-elements.js is missing. Run `npm run build` (npm ci runs it for you).');
    return 1;
  }
  const serving = await startServe({
    port: portNumber('--port', values.port),
    gatewayPort: portNumber('--gateway-port', values['gateway-port']),
    sandboxPort: portNumber('--sandbox-port', values['sandbox-port']),
    host: values.host,
    locations: wholeNumber('--locations', values.locations),
    seed: wholeNumber('--seed', values.seed),
    allowOrigins: values['allow-origin'],
    env: process.env,
    // The terminal shows the friendly lines below; the gateway's JSON log only for warnings and errors, unless asked.
    logLevel: process.env.MERCHANT_LOG_LEVEL ? undefined : 'warn',
  });
  const base = serving.demoUrl.replace(/\/$/, '');
  console.log(`merchant-elements is running (sandbox + gateway + demo in one process)

  Showcase      ${serving.demoUrl}
  Configurator  ${serving.configuratorUrl}
  CMS page      ${base}/cms.html
  Dark theme    ${base}/dark.html
  Locales       ${base}/es.html  ${base}/fr.html  ${base}/de.html

  Gateway       ${serving.gatewayUrl}   (the elements' endpoint: signs, caches and normalizes the upstream's data)
  Sandbox       Actions API ${serving.sandbox.actionsUrl}
                Publisher API ${serving.sandbox.publisherUrl}
                Feed ${serving.sandbox.feedUrl}

Press Ctrl+C to stop.`);
  return runUntilStopped(serving.close);
}
