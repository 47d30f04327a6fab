/**
 * Two gateway instances sharing Redis behind nginx (Debian's /usr/sbin/nginx and redis-server), as docs/gateway.md
 * "Many instances" describes: `node --import tsx bench/gateway-nginx.ts [--duration 3] [--connections 50]`.
 *
 * Measures, through nginx (round robin, keep-alive to the instances, no nginx cache so every request reaches a
 * gateway): cached-hit requests/s and p99 of the page against one instance reached directly; and the upstream calls
 * made by 200 concurrent cold page requests spread over both instances (one instance's fill reaches the other
 * through Redis; within an instance single-flight applies). The instances trust nginx's X-Forwarded-For
 * (MERCHANT_CLIENT_IP_HEADER, and MERCHANT_TRUSTED_PROXY_ADDRESSES for nginx's own requests).
 *
 * Writes bench/results/gateway-nginx.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
} from './lib.ts';
import { SANDBOX_DEFAULTS, startSandbox } from '../src/sandbox/server.ts';
import { freePort } from '../src/cli/runtimes.ts';

const CLI = fileURLToPath(new URL('../bin/merchant-elements.js', import.meta.url));
const NGINX = '/usr/sbin/nginx';
const PATH = '/v1/locations/test-pizzeria/page';

async function main(): Promise<void> {
  for (const binary of [NGINX, '/usr/bin/redis-server'])
    if (!existsSync(binary)) throw new Error(`${binary} is needed (apt-get install nginx-light redis-server)`);
  const duration = numberFlag('--duration', 3);
  const connections = numberFlag('--connections', 50);
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'));
  const children: ChildProcess[] = [];
  const sb = await startSandbox({ port: 0, clientId: SANDBOX_DEFAULTS.clientId, signingKey: SANDBOX_DEFAULTS.signingKey });
  try {
    const redisPort = await freePort('127.0.0.1');
    const redis = spawn('/usr/bin/redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    children.push(redis);
    const ports = [await freePort('127.0.0.1'), await freePort('127.0.0.1')];
    const env = gatewayProcessEnv(sb, SANDBOX_DEFAULTS, {
      MERCHANT_CLIENT_IP_HEADER: 'x-forwarded-for',
      MERCHANT_TRUSTED_PROXY_ADDRESSES: '127.0.0.1',
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    });
    const instances = ports.map((port) => spawn(process.execPath, [CLI, 'gateway', '--port', String(port)], { env, stdio: ['ignore', 'ignore', 'inherit'] }));
    children.push(...instances);
    await Promise.all(ports.map((port, i) => waitForAnswer(`http://127.0.0.1:${port}/readyz`, instances[i]!)));

    const nginxPort = await freePort('127.0.0.1');
    mkdirSync(path.join(dir, 'logs'));
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream gateways { ${ports.map((port) => `server 127.0.0.1:${port};`).join(' ')} keepalive 64; }
  server {
    listen 127.0.0.1:${nginxPort};
    location / {
      proxy_pass http://gateways;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`,
    );
    const nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
    children.push(nginx);
    const front = `http://127.0.0.1:${nginxPort}`;
    await waitForAnswer(`${front}/healthz`, nginx);

    // Cold: 200 concurrent page requests through nginx, spread over both instances.
    sb.stats.reset();
    const statuses = await Promise.all(Array.from({ length: 200 }, () => fetch(front + PATH).then(async (r) => (await r.arrayBuffer(), r.status))));
    if (statuses.some((s) => s !== 200)) throw new Error(`cold requests through nginx: ${[...new Set(statuses)]}`);
    const coldCalls = sb.stats.requests;

    const load = async (url: string) => {
      const r = await autocannon({ url: url + PATH, connections, duration, headers: { origin: 'https://shop.example' } });
      if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      return { rps: r.requests.average, p99: r.latency.p99 };
    };
    const direct = `http://127.0.0.1:${ports[0]}`;
    await load(front);
    await load(direct);
    const runs = { nginx: [] as { rps: number; p99: number }[], direct: [] as { rps: number; p99: number }[] };
    for (let i = 0; i < 2; i++) {
      runs.direct.push(await load(direct));
      runs.nginx.push(await load(front));
    }
    const result: BenchResult = {
      bench: 'gateway-nginx',
      title: `nginx + two gateway instances + Redis, cached hit of ${PATH}, ${connections} connections, 2x${duration} s`,
      method:
        "Debian nginx (1 worker, round robin, upstream keep-alive, no proxy cache) in front of two `merchant-elements gateway` instances sharing redis-server; autocannon in the bench process against nginx and against one instance directly, alternating; then 200 concurrent cold page requests through nginx, counting the sandbox's requests.",
      date: new Date().toISOString(),
      environment: environment(),
      figures: [
        figure(
          'nginx + 2 instances, cached page',
          'requests/s',
          median(runs.nginx.map((r) => r.rps)),
          'req/s',
          { subject: 'one instance directly', value: median(runs.direct.map((r) => r.rps)) },
          { runs: runs.nginx.map((r) => r.rps), baselineRuns: runs.direct.map((r) => r.rps) },
        ),
        figure('nginx + 2 instances, cached page', 'p99 latency', median(runs.nginx.map((r) => r.p99)), 'ms', {
          subject: 'one instance directly',
          value: median(runs.direct.map((r) => r.p99)),
        }),
        figure('200 concurrent cold page requests over 2 instances', 'upstream calls', coldCalls, 'calls', {
          subject: 'upstream resources of one page',
          value: 7,
        }),
      ],
      notes: [
        'The machine has 2 cores shared by nginx, both instances, Redis, the sandbox and autocannon: the through-nginx figure measures the arrangement, not a ceiling.',
      ],
    };
    writeResult(result);
    printResult(result);
  } finally {
    for (const child of children.reverse()) await stopChild(child);
    await sb.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
