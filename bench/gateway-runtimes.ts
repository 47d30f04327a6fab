/**
 * The gateway on each runtime: `node --import tsx bench/gateway-runtimes.ts [--duration 3] [--connections 50] [--rounds 2]`
 *
 * For node, workerd, deno and bun: `merchant-elements gateway --runtime X` (the built dist/) against a sandbox in
 * this process, and a plain server on the same runtime answering the same bytes and headers (the gateway's warm
 * answer): cached-hit requests/s and p99 of GET /v1/locations/test-pizzeria/page (autocannon on loopback, rounds
 * alternating, medians), and start-to-first-answer (spawning the CLI to the first 200 of that page, cold: the CLI
 * process, the runtime's start and the upstream calls included).
 *
 * Writes bench/results/gateway-runtimes.json and prints a table.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  autocannon,
  environment,
  figure,
  gatewayProcessEnv,
  median,
  numberFlag,
  printResult,
  stopChild,
  waitForAnswer,
  writeResult,
  type BenchResult,
  type Figure,
} from './lib.ts';
import { SANDBOX_DEFAULTS, startSandbox } from '../src/sandbox/server.ts';
import { RUNTIMES, freePort, runtimeBinary, workerdConfig, type Runtime } from '../src/cli/runtimes.ts';

const PATH = '/v1/locations/test-pizzeria/page';
const CLI = fileURLToPath(new URL('../bin/merchant-elements.js', import.meta.url));
const HEADERS = { origin: 'https://shop.example' };

/** A plain server on `runtime` answering `body` with `headers` on every request. */
async function plainServer(runtime: Runtime, dir: string, body: Buffer, headers: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort('127.0.0.1');
  const payload = JSON.stringify({ body: body.toString('base64'), headers });
  const decode = `const input = ${payload}; const bytes = Uint8Array.from(atob(input.body), (c) => c.charCodeAt(0));`;
  let command: string;
  let args: string[];
  if (runtime === 'node') {
    writeFileSync(
      path.join(dir, 'plain-node.mjs'),
      `import { createServer } from 'node:http'; ${decode}
createServer((_q, s) => { s.writeHead(200, { ...input.headers, 'content-length': String(bytes.byteLength) }); s.end(bytes); }).listen(${port}, '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));`,
    );
    [command, args] = [process.execPath, [path.join(dir, 'plain-node.mjs')]];
  } else if (runtime === 'deno') {
    writeFileSync(
      path.join(dir, 'plain-deno.js'),
      `${decode}
Deno.serve({ port: ${port}, hostname: '127.0.0.1', onListen() {} }, () => new Response(bytes, { headers: input.headers }));
Deno.addSignalListener('SIGTERM', () => Deno.exit(0));`,
    );
    [command, args] = [runtimeBinary('deno'), ['run', '--quiet', '--allow-net', path.join(dir, 'plain-deno.js')]];
  } else if (runtime === 'bun') {
    writeFileSync(
      path.join(dir, 'plain-bun.js'),
      `${decode}
Bun.serve({ port: ${port}, hostname: '127.0.0.1', fetch: () => new Response(bytes, { headers: input.headers }) });
process.on('SIGTERM', () => process.exit(0));`,
    );
    [command, args] = [runtimeBinary('bun'), [path.join(dir, 'plain-bun.js')]];
  } else {
    writeFileSync(
      path.join(dir, 'plain-worker.js'),
      `${decode}
export default { fetch: () => new Response(bytes, { headers: input.headers }) };`,
    );
    writeFileSync(path.join(dir, 'plain.capnp'), workerdConfig('plain-worker.js', [], '127.0.0.1', port));
    [command, args] = [runtimeBinary('workerd'), ['serve', path.join(dir, 'plain.capnp')]];
  }
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitForAnswer(url + PATH, child, { headers: HEADERS });
  return { url, child };
}

async function load(url: string, duration: number, connections: number) {
  const result = await autocannon({ url: url + PATH, connections, duration, headers: HEADERS });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function main(): Promise<void> {
  const duration = numberFlag('--duration', 3);
  const connections = numberFlag('--connections', 50);
  const rounds = numberFlag('--rounds', 2);
  const only = process.argv.includes('--runtime') ? [process.argv[process.argv.indexOf('--runtime') + 1] as Runtime] : [...RUNTIMES];
  const sb = await startSandbox({ port: 0, clientId: SANDBOX_DEFAULTS.clientId, signingKey: SANDBOX_DEFAULTS.signingKey });
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-runtimes-'));
  const figures: Figure[] = [];
  try {
    for (const runtime of only) {
      const port = await freePort('127.0.0.1');
      const env = gatewayProcessEnv(sb, SANDBOX_DEFAULTS);
      const started = performance.now();
      const gateway = spawn(process.execPath, [CLI, 'gateway', '--runtime', runtime, '--port', String(port)], { env, stdio: ['ignore', 'ignore', 'inherit'] });
      const url = `http://127.0.0.1:${port}`;
      let plain: Awaited<ReturnType<typeof plainServer>> | undefined;
      try {
        await waitForAnswer(url + PATH, gateway, { headers: HEADERS, timeoutMs: 60_000 });
        const firstAnswer = performance.now() - started;
        // As autocannon asks: no Accept-Encoding (fetch would ask for br and decode it), so the identity bytes and headers.
        const warm = await fetch(url + PATH, { headers: { ...HEADERS, 'accept-encoding': 'identity' } });
        const body = Buffer.from(await warm.arrayBuffer());
        const headers = Object.fromEntries(
          [...warm.headers].filter(([k]) => !['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding'].includes(k)),
        );
        plain = await plainServer(runtime, dir, body, headers);
        console.error(`${runtime}: first answer after ${Math.round(firstAnswer)} ms; loading`);
        await load(url, 1, connections);
        await load(plain.url, 1, connections);
        const runs = { gateway: [] as { rps: number; p99: number }[], plain: [] as { rps: number; p99: number }[] };
        for (let i = 0; i < rounds; i++) {
          runs.plain.push(await load(plain.url, duration, connections));
          runs.gateway.push(await load(url, duration, connections));
        }
        const baseline = `plain ${runtime} server, same bytes`;
        figures.push(
          figure(
            `${runtime}: gateway, cached page`,
            'requests/s',
            median(runs.gateway.map((r) => r.rps)),
            'req/s',
            { subject: baseline, value: median(runs.plain.map((r) => r.rps)) },
            { runs: runs.gateway.map((r) => r.rps), baselineRuns: runs.plain.map((r) => r.rps) },
          ),
          figure(`${runtime}: gateway, cached page`, 'p99 latency', median(runs.gateway.map((r) => r.p99)), 'ms', {
            subject: baseline,
            value: median(runs.plain.map((r) => r.p99)),
          }),
          figure(`${runtime}: merchant-elements gateway --runtime ${runtime}`, 'start to first answer', firstAnswer, 'ms', null),
        );
      } finally {
        await stopChild(gateway);
        if (plain) await stopChild(plain.child);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await sb.close();
  }
  const result: BenchResult = {
    bench: 'gateway-runtimes',
    title: `Gateway per runtime, cached hit of ${PATH}, ${connections} connections, ${rounds}x${duration} s each, loopback`,
    method:
      "merchant-elements gateway --runtime X (built dist/) against a sandbox in the bench process; a plain server on the same runtime answering the gateway's warm bytes and headers; autocannon in the bench process, rounds alternating, medians. Start to first answer: spawning the CLI to the first 200 of the page (cold, polled every 5 ms), CLI process and upstream calls included.",
    date: new Date().toISOString(),
    environment: environment(),
    figures,
    notes: ['Figures on a shared 2-core machine swing between runs; compare each runtime with its own plain server, not runtimes with each other.'],
  };
  writeResult(result);
  printResult(result);
}

await main();
