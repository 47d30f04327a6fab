/**
 * The gateway on Deno (dist/edge/deno.js): `deno run --allow-net --allow-env dist/edge/deno.js`, or Deno Deploy.
 * The same environment variables (PORT, HOST and the MERCHANT_* ones); stops on SIGINT/SIGTERM after closing.
 */
import { streamCompressor } from '../../gateway/encoding.ts';
import { edgeGateway } from '../edge.ts';

declare const Deno: {
  env: { toObject(): Record<string, string> };
  serve(
    options: { port: number; hostname: string; onListen?(address: { hostname: string; port: number }): void },
    handler: (request: Request, info: { remoteAddr: { hostname: string } }) => Response | Promise<Response>,
  ): { shutdown(): Promise<void>; finished: Promise<void> };
  addSignalListener(signal: 'SIGINT' | 'SIGTERM', handler: () => void): void;
  exit(code: number): never;
};

const { config, gateway } = edgeGateway(Deno.env.toObject(), {
  runtime: 'deno',
  // Deno.serve (2.x) sends bodies as given (checked: no Content-Encoding for Accept-Encoding: gzip): the gateway
  // compresses, once per cache fill, with what CompressionStream has.
  compression: streamCompressor(),
  clientAddress: (_request, info) => (info as { remoteAddr?: { hostname?: string } } | undefined)?.remoteAddr?.hostname,
});
const server = Deno.serve(
  {
    port: config.port,
    hostname: config.host,
    onListen: ({ hostname, port }) =>
      console.log(`merchant-elements gateway (deno) listening on http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`),
  },
  (request, info) => gateway.handle(request, info),
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.shutdown();
  await gateway.close();
  Deno.exit(0);
};
// Deno Deploy has no signals (it stops isolates itself): there, listening for them throws, and is skipped.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  try {
    Deno.addSignalListener(signal, stop);
  } catch {
    // Not supported here.
  }
}
