/**
 * The gateway's compressed answers against its uncompressed ones, side by side in one run: the cached page of the
 * showcase location from a Node gateway over the sandbox, asked with `Accept-Encoding: br`, `gzip` and `identity`.
 * Figures: bytes on the wire per answer, and cached-hit requests/s and p99 (autocannon, alternating rounds), each
 * against the identity answer.
 *
 *   node --import tsx bench/gateway-compression.ts [--duration 3] [--connections 50] [--rounds 2]
 *
 * Writes bench/results/gateway-compression.json.
 */
import { autocannon, environment, figure, isMain, median, numberFlag, printResult, writeResult, type AutocannonResult, type BenchResult } from './lib.ts';
import { gatewayFor, startSandboxForTests } from '../test/node/gateway-fixture.ts';

const PATH = '/v1/locations/test-pizzeria/page';
const ENCODINGS = ['identity', 'gzip', 'br'] as const;

export async function run(options: { duration: number; connections: number; rounds: number }): Promise<BenchResult> {
  const sandbox = await startSandboxForTests();
  const gateway = await gatewayFor(sandbox, { MERCHANT_RATE_LIMIT: '0', MERCHANT_MISS_RATE_LIMIT: '0', MERCHANT_LOG_LEVEL: 'silent' });
  try {
    const url = gateway.url + PATH;
    const bytes: Record<string, number> = {};
    for (const encoding of ENCODINGS) {
      // node:http's client would decode nothing: read the bytes as sent.
      const response = await fetch(url, { headers: { 'accept-encoding': encoding } });
      await response.arrayBuffer();
      const again = await fetch(url, { headers: { 'accept-encoding': encoding } });
      const sent = again.headers.get('content-length');
      const used = again.headers.get('content-encoding') ?? 'identity';
      if (used !== encoding) throw new Error(`asked for ${encoding}, the gateway answered ${used}`);
      await again.arrayBuffer();
      bytes[encoding] = Number(sent ?? 0) || (await rawLength(url, encoding));
    }
    const load = async (encoding: string) => {
      const result = await autocannon({ url, connections: options.connections, duration: options.duration, headers: { 'accept-encoding': encoding } });
      if (result.non2xx || result.errors) throw new Error(`${encoding}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      return result;
    };
    const runs: Record<string, AutocannonResult[]> = { identity: [], gzip: [], br: [] };
    for (const encoding of ENCODINGS) await load(encoding);
    for (let round = 0; round < options.rounds; round++)
      for (const encoding of round % 2 ? [...ENCODINGS].reverse() : ENCODINGS) runs[encoding]!.push(await load(encoding));
    const rps = (encoding: string) => median(runs[encoding]!.map((r) => r.requests.average));
    const p99 = (encoding: string) => median(runs[encoding]!.map((r) => r.latency.p99));
    return {
      bench: 'gateway-compression',
      title: 'Gateway: compressed answers against uncompressed',
      method: `Node gateway over the in-process sandbox, the cached page ${PATH}; bytes of one answer per Accept-Encoding; autocannon ${options.connections} connections, ${options.rounds}×${options.duration} s per encoding, alternating; medians.`,
      date: new Date().toISOString(),
      environment: environment(),
      figures: [
        figure('page, brotli', 'bytes on the wire', bytes.br!, 'bytes', { subject: 'page, identity', value: bytes.identity! }),
        figure('page, gzip', 'bytes on the wire', bytes.gzip!, 'bytes', { subject: 'page, identity', value: bytes.identity! }),
        figure(
          'page, brotli',
          'requests/s',
          rps('br'),
          'req/s',
          { subject: 'page, identity', value: rps('identity') },
          { p99: p99('br'), baselineP99: p99('identity') },
        ),
        figure(
          'page, gzip',
          'requests/s',
          rps('gzip'),
          'req/s',
          { subject: 'page, identity', value: rps('identity') },
          { p99: p99('gzip'), baselineP99: p99('identity') },
        ),
      ],
      notes: ['Each representation is compressed once per cache fill and then sent as stored, so a compressed hit costs what an identity hit does.'],
    };
  } finally {
    await gateway.close();
    await sandbox.close();
  }
}

/** The answer's length as sent, when the server gave no content-length (chunked). */
async function rawLength(url: string, encoding: string): Promise<number> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let length = 0;
      res.on('data', (chunk: Buffer) => (length += chunk.length));
      res.on('end', () => resolve(length));
    })
      .on('error', reject)
      .end();
  });
}

if (isMain(import.meta.url)) {
  const result = await run({ duration: numberFlag('--duration', 3), connections: numberFlag('--connections', 50), rounds: numberFlag('--rounds', 2) });
  writeResult(result);
  printResult(result);
}
