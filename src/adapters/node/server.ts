/**
 * The Node adapter: serves the web-standard handler from app.ts with @hono/node-server, adds the
 * Node-only parts (Redis tier, socket address for rate limiting, default process metrics), and
 * closes everything in order.
 */
import { serve, type HttpBindings } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createGatewayApp, type GatewayApp, type GatewayDeps } from './app.ts';
import type { GatewayConfig } from '../../gateway/config.ts';
import { createRedisTier } from './redis.ts';
import { bindConfigurator } from './configurator.ts';
import { packageRoot } from './package-root.ts';

export interface RunningGateway {
  url: string;
  close(): Promise<void>;
  app: GatewayApp;
}

export async function startGateway(config: GatewayConfig & { port?: number; host?: string }, deps: GatewayDeps = {}): Promise<RunningGateway> {
  const app = createGatewayApp(config, {
    sharedTier: config.redisUrl ? createRedisTier(config.redisUrl) : null,
    clientAddress: (_request, env) => (env as HttpBindings | undefined)?.incoming?.socket?.remoteAddress,
    ...deps,
  });
  if (config.configurator) bindConfigurator(app.app, packageRoot());
  if (app.cache.shared && !(await app.cache.shared.ready().catch(() => false))) {
    // Not fatal: Redis is an optimisation. The gateway serves from memory and the upstream meanwhile.
    app.logger.warn('REDIS_URL is set but Redis is not reachable yet; serving without the shared tier until it is');
  }
  const host = config.host ?? '127.0.0.1';
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.handle, port: config.port ?? 0, hostname: host }, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const shown = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  app.logger.info({ url: `http://${shown}:${port}`, redis: Boolean(config.redisUrl) }, 'gateway listening');
  let closed: Promise<void> | null = null;
  return {
    url: `http://${shown}:${port}`,
    app,
    close: () =>
      (closed ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive connections would hold close() open; they carry no request in flight here.
          (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
          setTimeout(() => (server as { closeAllConnections?: () => void }).closeAllConnections?.(), 1000).unref();
        });
        await app.close();
      })()),
  };
}
