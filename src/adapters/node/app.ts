/**
 * The gateway on Node: gateway.ts (the web-standard handler, for every runtime) with pino and prom-client as its
 * logger and metrics unless given. The Node adapter (a server) is server.ts.
 */
import type { GatewayConfig } from '../../gateway/config.ts';
import { createGateway, type GatewayApp, type GatewayDeps } from '../../gateway/gateway.ts';
import { NODE_ENCODINGS, nodeCompress } from './compress.ts';
import { createLogger } from './logger.ts';
import { createMetrics } from './metrics.ts';
import { fileJournal } from './journal-file.ts';

export type { CoreDeps, GatewayApp, GatewayDeps } from '../../gateway/gateway.ts';

export function createGatewayApp(config: GatewayConfig, deps: GatewayDeps = {}): GatewayApp {
  return createGateway(config, {
    ...deps,
    logger: deps.logger ?? createLogger(config.logLevel, config.signingKey),
    metrics: deps.metrics ?? createMetrics(),
    directoryJournal: deps.directoryJournal === undefined && config.directoryFile ? fileJournal(config.directoryFile) : deps.directoryJournal,
    // @hono/node-server does not compress: the gateway does, once per cache fill.
    compression: deps.compression === undefined ? { compress: nodeCompress, encodings: NODE_ENCODINGS } : deps.compression,
  });
}
