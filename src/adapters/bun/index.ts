/**
 * The gateway on Bun (dist/edge/bun.js): `bun dist/edge/bun.js`. The same environment variables (PORT, HOST and
 * the MERCHANT_* ones); stops on SIGINT/SIGTERM after closing.
 */
import { streamCompressor } from '../../gateway/encoding.ts';
import { edgeGateway } from '../edge.ts';

interface BunServer {
  port: number;
  hostname: string;
  stop(closeActive?: boolean): Promise<void> | void;
  requestIP(request: Request): { address: string } | null;
}
declare const Bun: {
  env: Record<string, string | undefined>;
  serve(options: { port: number; hostname: string; fetch(request: Request, server: BunServer): Response | Promise<Response> }): BunServer;
};
declare const process: { on(signal: string, handler: () => void): void; exit(code: number): never };

const { config, gateway } = edgeGateway(
  { ...Bun.env },
  {
    runtime: 'bun',
    // Bun.serve does not compress: the gateway does, once per cache fill, with what CompressionStream has.
    compression: streamCompressor(),
    clientAddress: (request, server) => (server as BunServer | undefined)?.requestIP(request)?.address,
  },
);
const server = Bun.serve({ port: config.port, hostname: config.host, fetch: (request, bunServer) => gateway.handle(request, bunServer) });
console.log(`merchant-elements gateway (bun) listening on http://${server.hostname.includes(':') ? `[${server.hostname}]` : server.hostname}:${server.port}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop(true);
  await gateway.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
