/**
 * The gateway bench: `node --import tsx bench/gateway.ts [--duration 5] [--connections 50] [--rounds 2]`
 *
 * 1. Cached-hit throughput and p99 of the gateway (GET /v1/locations/test-pizzeria/page, warm cache,
 *    rate limiter on with a limit the bench cannot reach, so its cost is included) beside a plain
 *    node:http server returning the same bytes and headers, measured side by side with autocannon on
 *    loopback, alternating rounds. Each server runs in a child process of its own, so the load
 *    generator does not share its event loop.
 * 2. Upstream calls made by 1,000 concurrent cold requests for one location's page.
 *
 * Writes bench/results/gateway.json and prints a table.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { autocannon, environment, figure, median, numberFlag, printResult, writeResult, type BenchResult } from './lib.ts';
import { SANDBOX_DEFAULTS, startSandbox } from '../src/sandbox/server.ts';
import { loadConfig } from '../src/gateway/config.ts';
import { startGateway } from '../src/adapters/node/server.ts';

const PATH = '/v1/locations/test-pizzeria/page';

function gatewayEnv(sb: { actionsUrl: string; publisherUrl: string }): Record<string, string> {
  return {
    MERCHANT_ACTIONS_URL: sb.actionsUrl,
    MERCHANT_PUBLISHER_URL: sb.publisherUrl,
    MERCHANT_CLIENT_ID: SANDBOX_DEFAULTS.clientId,
    MERCHANT_SIGNING_KEY: SANDBOX_DEFAULTS.signingKey,
    MERCHANT_ALLOWED_ORIGINS: 'https://shop.example',
    MERCHANT_RATE_LIMIT: '1000000',
    MERCHANT_MISS_RATE_LIMIT: '0',
    MERCHANT_POLL_INTERVAL: '0',
    MERCHANT_LOG_LEVEL: 'warn',
  };
}

/** Child mode: `--serve gateway` (sandbox + gateway) or `--serve plain` (node:http with given bytes). */
async function serveChild(kind: string): Promise<void> {
  if (kind === 'gateway') {
    const sb = await startSandbox({ port: 0, clientId: SANDBOX_DEFAULTS.clientId, signingKey: SANDBOX_DEFAULTS.signingKey });
    const gw = await startGateway(loadConfig(gatewayEnv(sb), { port: 0 }));
    // Warm the cache, then hand the exact response to the parent for the plain server.
    const res = await fetch(gw.url + PATH, { headers: { origin: 'https://shop.example' } });
    const body = Buffer.from(await res.arrayBuffer()).toString('base64');
    const headers = Object.fromEntries([...res.headers].filter(([k]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k)));
    process.stdout.write(`${JSON.stringify({ url: gw.url, body, headers })}\n`);
  } else {
    const input = JSON.parse(await new Promise<string>((resolve) => process.stdin.once('data', (d) => resolve(String(d)))));
    const body = Buffer.from(input.body, 'base64');
    const headers = { ...input.headers, 'content-length': String(body.byteLength) };
    const server = createServer((_req, res) => {
      res.writeHead(200, headers);
      res.end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })}\n`);
  }
  // Stay up until the parent closes stdin.
  process.stdin.resume();
  process.stdin.on('end', () => process.exit(0));
}

function child(kind: string, input?: string): Promise<{ proc: ChildProcess; info: { url: string; body?: string; headers?: Record<string, string> } }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', kind], { stdio: ['pipe', 'pipe', 'inherit'] });
  if (input) proc.stdin!.write(input);
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (d) => {
      out += d;
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve({ proc, info: JSON.parse(line!) });
    });
    proc.once('exit', (code) => reject(new Error(`${kind} child exited with ${code}`)));
  });
}

async function load(url: string, duration: number, connections: number) {
  const result = await autocannon({ url: url + PATH, connections, duration, headers: { origin: 'https://shop.example' } });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50, bytes: result.throughput.average };
}

async function coldCoalescing(requests: number) {
  const sb = await startSandbox({ port: 0, clientId: SANDBOX_DEFAULTS.clientId, signingKey: SANDBOX_DEFAULTS.signingKey });
  const gw = await startGateway(loadConfig({ ...gatewayEnv(sb), MERCHANT_RATE_LIMIT: '0', MERCHANT_MISS_RATE_LIMIT: '0' }, { port: 0 }));
  try {
    sb.stats.reset();
    const statuses = await Promise.all(Array.from({ length: requests }, () => fetch(gw.url + PATH).then(async (r) => (await r.arrayBuffer(), r.status))));
    if (statuses.some((s) => s !== 200)) throw new Error('a cold request failed');
    return { upstreamCalls: sb.stats.requests, resources: 7 };
  } finally {
    await gw.close();
    await sb.close();
  }
}

async function main(): Promise<void> {
  const duration = numberFlag('--duration', 5);
  const connections = numberFlag('--connections', 50);
  const rounds = numberFlag('--rounds', 2);

  const gateway = await child('gateway');
  const { body, headers } = gateway.info;
  const plain = await child('plain', `${JSON.stringify({ body, headers })}\n`);
  const runs: { gateway: Awaited<ReturnType<typeof load>>[]; plain: Awaited<ReturnType<typeof load>>[] } = { gateway: [], plain: [] };
  try {
    // Warm both (JIT, connection setup), then alternate so drift on a shared machine hits both alike.
    await load(gateway.info.url, 1, connections);
    await load(plain.info.url, 1, connections);
    for (let i = 0; i < rounds; i++) {
      runs.plain.push(await load(plain.info.url, duration, connections));
      runs.gateway.push(await load(gateway.info.url, duration, connections));
    }
  } finally {
    gateway.proc.stdin!.end();
    plain.proc.stdin!.end();
  }
  const cold = await coldCoalescing(1000);

  const g = { rps: median(runs.gateway.map((r) => r.rps)), p99: median(runs.gateway.map((r) => r.p99)) };
  const p = { rps: median(runs.plain.map((r) => r.rps)), p99: median(runs.plain.map((r) => r.p99)) };
  const bodyBytes = Buffer.from(body!, 'base64').byteLength;
  const result: BenchResult = {
    bench: 'gateway',
    title: `Gateway, cached hit of ${PATH} (${bodyBytes} bytes), ${connections} connections, ${rounds}x${duration} s each, loopback`,
    method:
      "autocannon against the gateway (sandbox + gateway in one child process, warm cache, CORS origin allowed, rate limiter on) and against a plain node:http server (another child process) answering the same bytes and headers; rounds alternate, medians reported. Then 1,000 concurrent cold requests for one page, counting the sandbox's requests.",
    date: new Date().toISOString(),
    environment: environment(),
    figures: [
      figure(
        'gateway, cached page',
        'requests/s',
        g.rps,
        'req/s',
        { subject: 'plain node:http, same bytes', value: p.rps },
        {
          runs: runs.gateway.map((r) => r.rps),
          baselineRuns: runs.plain.map((r) => r.rps),
          roundRatios: runs.gateway.map((r, i) => Math.round((r.rps / runs.plain[i]!.rps) * 1000) / 1000),
        },
      ),
      figure(
        'gateway, cached page',
        'p99 latency',
        g.p99,
        'ms',
        { subject: 'plain node:http, same bytes', value: p.p99 },
        { runs: runs.gateway.map((r) => r.p99), baselineRuns: runs.plain.map((r) => r.p99) },
      ),
      figure('1,000 concurrent cold page requests', 'upstream calls', cold.upstreamCalls, 'calls', {
        subject: 'upstream resources of one page',
        value: cold.resources,
      }),
    ],
    notes: [
      "Target (issue 3): requests/s ratio at least 0.8 and p99 under 10 ms at 50 connections; upstream calls equal to the page's upstream resources (7: location, menus, actions, photos at the original size and at 3 srcset widths).",
    ],
  };
  writeResult(result);
  printResult(result);
}

const serveIndex = process.argv.indexOf('--serve');
if (serveIndex !== -1) await serveChild(process.argv[serveIndex + 1]!);
else await main();
