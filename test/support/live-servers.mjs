// A @web/test-runner plugin that starts the real sandbox and gateway on loopback for the browser tests
// that run against them (test/browser/live-*.test.ts), and stops them when the runner stops.
// The tests read the gateway's URL and a few sandbox ids from GET /__merchant/live.json.
import { tsImport } from 'tsx/esm/api';

export function liveServersPlugin() {
  let sandbox;
  let gateway;
  let info;
  return {
    name: 'merchant-live-servers',
    async serverStart() {
      const { startSandbox, SANDBOX_DEFAULTS } = await tsImport('../../src/sandbox/server.ts', import.meta.url);
      const { startGateway } = await tsImport('../../src/adapters/node/server.ts', import.meta.url);
      const { loadConfig } = await tsImport('../../src/gateway/config.ts', import.meta.url);
      sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
      const config = loadConfig({
        MERCHANT_ACTIONS_URL: sandbox.actionsUrl,
        MERCHANT_PUBLISHER_URL: sandbox.publisherUrl,
        MERCHANT_CLIENT_ID: SANDBOX_DEFAULTS.clientId,
        MERCHANT_SIGNING_KEY: SANDBOX_DEFAULTS.signingKey,
        // The test page's origin is the runner's random port: allow any, as written.
        MERCHANT_ALLOWED_ORIGINS: '*',
        MERCHANT_LOG_LEVEL: 'silent',
      });
      gateway = await startGateway({ ...config, port: 0, host: '127.0.0.1' });
      info = { gateway: gateway.url, sandbox: sandbox.url, examples: sandbox.dataset.examples() };
    },
    serve(context) {
      if (context.path === '/__merchant/live.json') return { body: JSON.stringify(info), type: 'json' };
      return undefined;
    },
    async serverStop() {
      await gateway?.close();
      await sandbox?.close();
    },
  };
}
