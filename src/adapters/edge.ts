/**
 * The gateway for runtimes other than Node (workerd, Deno, Bun): the same handler (gateway.ts) and the same
 * environment variables (config.ts), with the runtime-neutral logger and metrics (telemetry.ts). Nothing imported
 * from here may need Node: scripts/build-edge.mjs refuses a bundle that pulls in a `node:` module, pino,
 * prom-client or ioredis.
 */
import type { SharedTier } from '../gateway/cache.ts';
import { loadConfig, type GatewayConfig, type GatewayFlags } from '../gateway/config.ts';
import { createGateway, type GatewayApp, type GatewayDeps } from '../gateway/gateway.ts';
import { createJsonLogger, createLiteMetrics } from '../gateway/telemetry.ts';

export interface EdgeOptions {
  /** The runtime's name, for the log line that says where the gateway runs. */
  runtime: string;
  sharedTier?: SharedTier | null;
  clientAddress?: (request: Request, env: unknown) => string | undefined;
  /** Run the change-feed poller on a timer (default: when MERCHANT_POLL_INTERVAL is not 0). Workers use `scheduled`. */
  poll?: boolean;
  flags?: GatewayFlags;
  /** How cached bodies are compressed; null where the runtime compresses answers by itself. */
  compression?: GatewayDeps['compression'];
  /** Why this runtime keeps no directory (GET /v1/directory answers 501 with it). */
  noDirectory?: string;
}

export interface EdgeGateway {
  config: GatewayConfig;
  gateway: GatewayApp;
}

/** Only the string values of an environment (Workers' env also holds bindings). */
export function stringEnv(env: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** Throws config.ts's ConfigError (which names every problem and never a secret's value) when the environment is wrong. */
export function edgeGateway(env: Record<string, string | undefined>, options: EdgeOptions): EdgeGateway {
  const config = loadConfig(env, options.flags);
  const logger = createJsonLogger(config.logLevel, config.signingKey);
  const gateway = createGateway(config, {
    logger,
    metrics: createLiteMetrics(),
    sharedTier: options.sharedTier ?? null,
    clientAddress: options.clientAddress,
    poll: options.poll,
    compression: options.compression ?? null,
    noDirectory: options.noDirectory,
  });
  return { config, gateway };
}
