/**
 * The gateway as a Cloudflare Workers module (dist/edge/worker.js): `fetch` answers, `scheduled` (a cron trigger)
 * polls the change feeds. Configuration: the same variables as everywhere, as Workers vars and secrets (env).
 * The shared tier is the Workers Cache API (cache.ts); the client address is CF-Connecting-IP unless
 * MERCHANT_CLIENT_IP_HEADER says otherwise.
 */
import { ConfigError } from '../../gateway/config.ts';
import { edgeGateway, stringEnv, type EdgeGateway } from '../edge.ts';
import { workersCacheTier } from './cache.ts';

interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
}

/**
 * A directory is built from the whole feed and kept in memory between requests; an isolate holds 128 MB, may be
 * evicted at any moment and has no disk, so it would be rebuilt (hundreds of upstream calls) again and again.
 */
const WORKERS_NO_DIRECTORY =
  'This gateway runs on Cloudflare Workers, which cannot keep a directory of locations (an isolate has 128 MB, no disk, and may be ' +
  'evicted at any moment). Search on a gateway run by Node, Deno or Bun (docs/directory.md).';

// One gateway per isolate, made on the first event (env is the same for every event of an isolate).
let instance: EdgeGateway | null = null;
let failure: ConfigError | null = null;

function gatewayFor(env: Record<string, unknown>): EdgeGateway | null {
  if (instance || failure) return instance;
  try {
    instance = edgeGateway(stringEnv(env), {
      runtime: 'workerd',
      sharedTier: workersCacheTier(),
      clientAddress: (request) => request.headers.get('cf-connecting-ip') ?? undefined,
      // Cloudflare compresses answers at its edge by itself.
      compression: null,
      // No timers between events on Workers: the cron trigger calls `scheduled`.
      poll: false,
      noDirectory: WORKERS_NO_DIRECTORY,
    });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    failure = error;
    console.error(`merchant-elements gateway: ${error.message}`);
  }
  return instance;
}

const misconfigured = () =>
  new Response(
    JSON.stringify({ error: 'GATEWAY_MISCONFIGURED', message: "The gateway's configuration is invalid; its log says what to fix.", status_code: 500 }),
    {
      status: 500,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    },
  );

export default {
  async fetch(request: Request, env: Record<string, unknown>, ctx: ExecutionContext): Promise<Response> {
    const edge = gatewayFor(env);
    if (!edge) return misconfigured();
    const response = await edge.gateway.handle(request, env);
    // Background refreshes and shared-tier writes outlive the response only if the runtime is told to wait.
    ctx.waitUntil(edge.gateway.cache.idle());
    return response;
  },

  async scheduled(_event: unknown, env: Record<string, unknown>, ctx: ExecutionContext): Promise<void> {
    const edge = gatewayFor(env);
    if (edge) ctx.waitUntil(edge.gateway.poller.pollOnce().then(() => edge.gateway.cache.idle()));
  },
};
