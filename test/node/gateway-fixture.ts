/** Shared setup of the gateway tests: a real sandbox and a real gateway on loopback, logs captured. */
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server.ts';
import { loadConfig } from '../../src/gateway/config.ts';
import { startGateway, type RunningGateway } from '../../src/adapters/node/server.ts';
import { createLogger } from '../../src/adapters/node/logger.ts';
import type { GatewayDeps } from '../../src/adapters/node/app.ts';

// Not the published vector's key: a key that appears nowhere else, so finding it anywhere is a leak.
export const CLIENT_ID = 'gateway-test-client';
export const SIGNING_KEY = 'gw-secret-K3y_do-not-leak-7f3a9c1e5b';

export interface Fixture {
  sb: RunningSandbox;
  gw: RunningGateway;
  logs: string[];
  get(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export function baseEnv(sb: RunningSandbox, env: Record<string, string> = {}): Record<string, string> {
  return {
    MERCHANT_ACTIONS_URL: sb.actionsUrl,
    MERCHANT_PUBLISHER_URL: sb.publisherUrl,
    MERCHANT_CLIENT_ID: CLIENT_ID,
    MERCHANT_SIGNING_KEY: SIGNING_KEY,
    MERCHANT_ALLOWED_ORIGINS: 'https://shop.example',
    MERCHANT_POLL_INTERVAL: '0',
    MERCHANT_LOG_LEVEL: 'trace',
    ...env,
  };
}

export async function startSandboxForTests(locations = 200): Promise<RunningSandbox> {
  return startSandbox({ port: 0, clientId: CLIENT_ID, signingKey: SIGNING_KEY, locations, seed: 1, controls: true });
}

export async function gatewayFor(sb: RunningSandbox, env: Record<string, string> = {}, deps: GatewayDeps = {}, logs: string[] = []) {
  const config = loadConfig(baseEnv(sb, env), { port: 0 });
  return startGateway(config, { logger: createLogger(config.logLevel, config.signingKey, { write: (line: string) => void logs.push(line) }), ...deps });
}

export async function setup(env: Record<string, string> = {}, deps: GatewayDeps = {}): Promise<Fixture> {
  const sb = await startSandboxForTests();
  const logs: string[] = [];
  const gw = await gatewayFor(sb, env, deps, logs);
  return {
    sb,
    gw,
    logs,
    get: (path, init) => fetch(gw.url + path, init),
    async close() {
      await gw.close();
      await sb.close();
    },
  };
}
