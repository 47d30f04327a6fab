/**
 * The one place that wires the sandbox to a gateway: a sandbox started in-process with fresh credentials, and the
 * gateway environment that points at it. Used by `merchant-elements serve` (`npm start`) and by
 * `merchant-elements gateway` when no upstream is configured.
 *
 * The credentials are made per run and live only in this process, between the gateway and the sandbox.
 */
import { randomBytes } from 'node:crypto';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../sandbox/server.ts';

/** The gateway variables that point it at an upstream (docs/gateway.md). */
export interface UpstreamEnv {
  MERCHANT_ACTIONS_URL: string;
  MERCHANT_PUBLISHER_URL: string;
  MERCHANT_CLIENT_ID: string;
  MERCHANT_SIGNING_KEY: string;
}

export interface LocalUpstream {
  sandbox: RunningSandbox;
  /** Spread into the gateway's environment (before anything that should win over it). */
  gatewayEnv: UpstreamEnv;
}

export async function startLocalUpstream(
  options: Omit<SandboxOptions, 'clientId' | 'signingKey'> & { port?: number; host?: string; clientIdPrefix?: string } = {},
): Promise<LocalUpstream> {
  const { clientIdPrefix = 'local', ...sandboxOptions } = options;
  const clientId = `${clientIdPrefix}-${randomBytes(6).toString('hex')}`;
  const signingKey = randomBytes(32).toString('base64url');
  const sandbox = await startSandbox({ ...sandboxOptions, clientId, signingKey });
  return {
    sandbox,
    gatewayEnv: {
      MERCHANT_ACTIONS_URL: sandbox.actionsUrl,
      MERCHANT_PUBLISHER_URL: sandbox.publisherUrl,
      MERCHANT_CLIENT_ID: clientId,
      MERCHANT_SIGNING_KEY: signingKey,
    },
  };
}
