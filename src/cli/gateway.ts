/**
 * `merchant-elements gateway [--runtime node|workerd|deno|bun] [--port P] [--host H]`: runs the gateway on Node, or
 * on another runtime as a child process (runtimes.ts).
 * With no upstream configured (neither MERCHANT_ACTIONS_URL nor MERCHANT_PUBLISHER_URL) it starts the
 * sandbox in-process with fresh credentials and says so, so the command works offline as it is.
 */
import { parseArgs } from 'node:util';
import { runUntilStopped } from './run-until-stopped.ts';
import { loadConfig } from '../gateway/config.ts';
import { RUNTIMES, isRuntime, startRuntime } from './runtimes.ts';
import { startGateway } from '../adapters/node/server.ts';

const HELP = `merchant-elements gateway [options]

The backend endpoint the elements fetch through: signs, caches, normalizes.

Options:
  --runtime R  node (default), workerd, deno or bun: the same gateway and variables on that runtime
               (its binary from the npm package of that name; built entries in dist/edge/)
  --port P     port to listen on (default: PORT or 8787; 0 picks a free port)
  --host H     address to bind (default: HOST or 127.0.0.1)
  -h, --help   this text

Environment (see docs/gateway.md for every variable and its default):
  MERCHANT_ACTIONS_URL, MERCHANT_PUBLISHER_URL   upstream base URLs (none: an in-process sandbox)
  MERCHANT_CLIENT_ID, MERCHANT_SIGNING_KEY       upstream credentials
  MERCHANT_ALLOWED_ORIGINS                       CORS allow-list, comma-separated (* only if written)
  MERCHANT_CACHE_TTL                             seconds fresh (default 300)
  REDIS_URL                                      shared cache tier`;

export async function gatewayCommand(args: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { runtime: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const runtime = values.runtime ?? 'node';
  if (!isRuntime(runtime)) throw new Error(`unknown runtime "${runtime}"; valid runtimes: ${RUNTIMES.join(', ')}`);
  const effective = { ...env };
  let sandbox: { close(): Promise<void>; url: string } | null = null;
  if (!env.MERCHANT_ACTIONS_URL && !env.MERCHANT_PUBLISHER_URL) {
    // Loaded only here: a gateway with a real upstream never loads the sandbox.
    const { startLocalUpstream } = await import('./local-upstream.ts');
    const local = await startLocalUpstream({ port: 0 });
    sandbox = local.sandbox;
    Object.assign(effective, local.gatewayEnv);
    console.log(
      `merchant-elements gateway: no upstream configured (MERCHANT_ACTIONS_URL, MERCHANT_PUBLISHER_URL); started the sandbox in-process at ${local.sandbox.url}`,
    );
  }
  if (runtime !== 'node') {
    let child;
    try {
      // Checked here first, so a mistake reads the same on every runtime.
      const config = loadConfig(effective, { port: values.port, host: values.host });
      child = await startRuntime(runtime, effective, { port: config.port, host: config.host });
    } catch (error) {
      await sandbox?.close();
      throw error;
    }
    console.log(`merchant-elements gateway (${runtime}) listening on ${child.url} (try ${child.url}/v1/openapi.json)`);
    if (!effective.MERCHANT_ALLOWED_ORIGINS)
      console.log('  CORS: no origin allowed yet; set MERCHANT_ALLOWED_ORIGINS (e.g. https://shop.example, or * for any).');
    const running = child;
    // Stops on Ctrl-C/SIGTERM (exit code 0), or ends with exit code 1 if the runtime stops by itself.
    let stopping = false;
    const code = await Promise.race([
      runUntilStopped(async () => {
        stopping = true;
        await running.stop();
      }),
      running.exited.then((exit) => {
        if (stopping) return new Promise<number>(() => {}); // the stop above answers
        console.error(`merchant-elements gateway: the ${runtime} runtime exited by itself (exit code ${exit})`);
        // Releases runUntilStopped's signal listeners (it only resolves on a signal).
        process.emit('SIGTERM');
        return 1;
      }),
    ]);
    await running.stop();
    await sandbox?.close();
    return code;
  }
  let gateway;
  try {
    const config = loadConfig(effective, { port: values.port, host: values.host });
    // Server rendering (the render route), loaded on the first render asked for.
    const { lazyRenderer, lazyStyleHashes } = await import('../ssr/loader.ts');
    gateway = await startGateway(config, { renderElement: lazyRenderer, renderStyleHashes: lazyStyleHashes });
  } catch (error) {
    await sandbox?.close();
    throw error;
  }
  console.log(`merchant-elements gateway listening on ${gateway.url} (try ${gateway.url}/v1/openapi.json)`);
  if (!effective.MERCHANT_ALLOWED_ORIGINS)
    console.log('  CORS: no origin allowed yet; set MERCHANT_ALLOWED_ORIGINS (e.g. https://shop.example, or * for any).');

  return runUntilStopped(async () => {
    await gateway.close();
    await sandbox?.close();
  });
}
