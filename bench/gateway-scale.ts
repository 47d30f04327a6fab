/**
 * The gateway at scale on one machine: nginx as the caching proxy (deploy/nginx.conf, the shipped example, with its
 * placeholders filled) in front of two `merchant-elements gateway` instances sharing redis-server, over the sandbox.
 *
 *   node --import tsx bench/gateway-scale.ts [--duration 12] [--connections 50] [--cold 1000]
 *
 * 1. 1,000 concurrent cold requests through nginx for one location's page: every one answered 200, and the upstream
 *    calls counted (one per upstream resource of the page is the goal).
 * 2. Under load (autocannon through nginx on several locations' pages, the gateways' TTL 1 s so nginx keeps
 *    refreshing from them): one instance killed a quarter into the run, Redis restarted at the half, the instance
 *    started again at three quarters. Failed client requests (non-2xx and errors) are counted: zero is the goal.
 *
 * Writes bench/results/gateway-scale.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  autocannon,
  environment,
  figure,
  gatewayProcessEnv,
  numberFlag,
  printResult,
  root,
  stopChild,
  waitForAnswer,
  writeResult,
  type BenchResult,
} from './lib.ts';
import { SANDBOX_DEFAULTS, startSandbox } from '../src/sandbox/server.ts';
import { freePort } from '../src/cli/runtimes.ts';

const CLI = fileURLToPath(new URL('../bin/merchant-elements.js', import.meta.url));
const NGINX = '/usr/sbin/nginx';
const REDIS = '/usr/bin/redis-server';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  for (const binary of [NGINX, REDIS]) if (!existsSync(binary)) throw new Error(`${binary} is needed (apt-get install nginx redis-server)`);
  const duration = numberFlag('--duration', 12);
  const connections = numberFlag('--connections', 50);
  const cold = numberFlag('--cold', 1000);
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-scale-'));
  // nginx started as root runs its workers as an unprivileged user, which writes the cache here.
  chmodSync(dir, 0o777);
  const children = new Set<ChildProcess>();
  const sb = await startSandbox({ port: 0, clientId: SANDBOX_DEFAULTS.clientId, signingKey: SANDBOX_DEFAULTS.signingKey });
  try {
    const redisPort = await freePort('127.0.0.1');
    const startRedis = () => {
      const redis = spawn(REDIS, ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      children.add(redis);
      return redis;
    };
    let redis = startRedis();
    const ports = [await freePort('127.0.0.1'), await freePort('127.0.0.1')];
    const env = gatewayProcessEnv(sb, SANDBOX_DEFAULTS, {
      MERCHANT_RATE_LIMIT: '600',
      MERCHANT_MISS_RATE_LIMIT: '60',
      MERCHANT_CACHE_TTL: '1',
      MERCHANT_LOG_LEVEL: 'error',
      MERCHANT_CLIENT_IP_HEADER: 'x-forwarded-for',
      MERCHANT_TRUSTED_PROXY_ADDRESSES: '127.0.0.1',
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    });
    const startInstance = (port: number) => {
      const child = spawn(process.execPath, [CLI, 'gateway', '--port', String(port)], { env, stdio: ['ignore', 'ignore', 'ignore'] });
      children.add(child);
      return child;
    };
    const instances = ports.map(startInstance);
    await Promise.all(ports.map((port, i) => waitForAnswer(`http://127.0.0.1:${port}/readyz`, instances[i]!)));

    const nginxPort = await freePort('127.0.0.1');
    const config = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
      .replaceAll('{{dir}}', dir)
      .replaceAll('{{listen}}', `127.0.0.1:${nginxPort}`)
      .replaceAll('{{servers}}', ports.map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`).join('\n    '))
      .replace('worker_processes auto;', 'worker_processes 1;')
      // The instance killed on purpose makes nginx log every connection it refuses: only what is worse is shown.
      .replace('error_log stderr warn;', 'error_log stderr crit;');
    writeFileSync(path.join(dir, 'nginx.conf'), config);
    const nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
    children.add(nginx);
    const front = `http://127.0.0.1:${nginxPort}`;
    await waitForAnswer(`${front}/healthz`, nginx);

    // 1. Cold: many concurrent requests for one page nobody asked for yet.
    const ids = [...sb.dataset.ids()];
    const coldPath = `/v1/locations/${ids[3]}/page`;
    sb.stats.reset();
    const statuses = await Promise.all(
      Array.from({ length: cold }, () =>
        fetch(front + coldPath).then(
          async (r) => (await r.arrayBuffer(), r.status),
          () => 0,
        ),
      ),
    );
    const coldFailed = statuses.filter((s) => s !== 200).length;
    const coldCalls = sb.stats.requests;
    const pageResources = 7;

    // 2. Load with faults: an instance killed, Redis restarted, the instance back.
    const paths = ids.slice(0, 8).map((id) => ({ path: `/v1/locations/${id}/page` }));
    for (const { path: p } of paths) await fetch(front + p).then((r) => r.arrayBuffer());
    sb.stats.reset();
    const events: string[] = [];
    const run = autocannon({ url: front, connections, duration, requests: paths });
    const started = Date.now();
    const at = (fraction: number) => sleep(Math.max(0, started + duration * 1000 * fraction - Date.now()));
    await at(0.25);
    await stopChild(instances[0]!, 'SIGKILL');
    events.push(`${Date.now() - started} ms: instance 1 killed`);
    await at(0.5);
    await stopChild(redis, 'SIGKILL');
    redis = startRedis();
    events.push(`${Date.now() - started} ms: Redis restarted`);
    await at(0.75);
    instances[0] = startInstance(ports[0]!);
    events.push(`${Date.now() - started} ms: instance 1 started again`);
    const loaded = await run;
    const failed = loaded.non2xx + loaded.errors + loaded.timeouts;

    const result: BenchResult = {
      bench: 'gateway-scale',
      title: 'nginx caching proxy + two gateway instances + Redis, with an instance killed and Redis restarted under load',
      method: `deploy/nginx.conf (1 worker here) in front of two merchant-elements gateway instances sharing redis-server (gateway TTL 1 s, so nginx keeps refreshing), over the sandbox. ${cold} concurrent cold requests for one page; then autocannon, ${connections} connections, ${duration} s over ${paths.length} locations' pages, with: ${events.join('; ')}.`,
      date: new Date().toISOString(),
      environment: environment(),
      figures: [
        figure(
          `${cold} concurrent cold page requests through nginx`,
          'upstream calls',
          coldCalls,
          'calls',
          { subject: 'upstream resources of one page', value: pageResources },
          { failed: coldFailed },
        ),
        figure(`${cold} concurrent cold page requests through nginx`, 'failed requests', coldFailed, 'requests', null),
        figure('load through nginx with an instance killed and Redis restarted', 'failed requests', failed, 'requests', null, {
          total: loaded.requests.total,
          non2xx: loaded.non2xx,
          errors: loaded.errors,
          timeouts: loaded.timeouts,
          upstreamCalls: sb.stats.requests,
        }),
        figure('load through nginx with an instance killed and Redis restarted', 'requests/s', loaded.requests.average, 'req/s', null, {
          p99: loaded.latency.p99,
        }),
      ],
      notes: [
        "2 shared cores for nginx, both instances, Redis, the sandbox and autocannon: the throughput is the arrangement's on this machine, the failures and upstream calls are the claim.",
      ],
    };
    writeResult(result);
    printResult(result);
    if (coldFailed || failed) process.exitCode = 1;
  } finally {
    for (const child of [...children].reverse()) await stopChild(child);
    await sb.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
