/**
 * `npm run soak`: the gateway under steady load while the sandbox injects faults, bounded in time,
 * loopback only.
 *
 *   npm run soak                         about 3 minutes
 *   npm run soak -- --seconds 60         a short run
 *   npm run soak -- --concurrency 16
 *
 * - The sandbox (controls on) runs in this process; the gateway runs in a child process (`--expose-gc`), so its
 *   memory is its own and can be measured after a forced GC.
 * - A bounded fetch loop (`--concurrency` workers) asks the gateway for several locations' endpoints (page,
 *   location, menus, photos, actions) in turn, for `--seconds`.
 * - The gateway's cache is short (TTL 2 s, stale-while-revalidate 2 s) so that it goes back upstream all the time,
 *   and stale-if-error is long (1 day).
 * - Phases: warm-up (no fault), then in turn latency beyond the upstream deadline, 5xx, malformed bodies and dropped
 *   connections, each followed by a clean phase. Faults apply to every upstream path.
 * Report: requests answered, errors seen by clients (with their kind), stale serves (gateway /metrics), upstream
 * errors, the gateway's memory (RSS and heap after forced GC) at the start and end of the load.
 * Exit 1 when a client saw an error that stale data could have prevented (a key answered OK before the fault
 * phase began), or when the heap after GC at the end exceeds 2 × the start + 32 MB, or when nothing was answered.
 * Writes bench/results/soak.json.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { environment, numberFlag, round, writeResult } from './lib.ts';

type Memory = { rss: number; heapUsed: number; heapTotal: number; external: number };

// ------------------------------------------------------------------------------------------------
// The gateway child: started with the configuration in its environment; answers IPC requests.

function ask<T>(child: ChildProcess, type: string, timeoutMs = 15_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`gateway child did not answer "${type}"`)), timeoutMs);
    const on = (m: { type: string }) => {
      if (m.type === type) {
        clearTimeout(timer);
        child.off('message', on);
        resolve(m as T);
      }
    };
    child.on('message', on);
    child.send({ type });
  });
}

interface Phase {
  name: string;
  fault: { latencyMs?: number; status?: number; malformed?: boolean; drop?: boolean } | null;
}

const FAULT_PATHS = /^\/(actions|publisher)\//;
const UPSTREAM_TIMEOUT_MS = 800;

const FAULT_PHASES: Phase[] = [
  { name: 'latency', fault: { latencyMs: UPSTREAM_TIMEOUT_MS * 3 } },
  { name: '5xx', fault: { status: 503 } },
  { name: 'malformed', fault: { malformed: true } },
  { name: 'dropped connections', fault: { drop: true } },
];

interface KeyState {
  lastOk: number;
}

interface ClientError {
  url: string;
  phase: string;
  kind: string;
  preventable: boolean;
  at: number;
}

function parseMetrics(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([^\s{]+(?:\{[^}]*\})?)\s+([-+\deE.]+|NaN|[+-]Inf)$/.exec(line.trim());
    if (m) out.set(m[1]!, Number(m[2]));
  }
  return out;
}

const sum = (metrics: Map<string, number>, name: string, filter: (labels: string) => boolean = () => true) => {
  let total = 0;
  for (const [key, value] of metrics) {
    const i = key.indexOf('{');
    const n = i < 0 ? key : key.slice(0, i);
    if (n === name && filter(i < 0 ? '' : key.slice(i))) total += value;
  }
  return total;
};

async function main() {
  const seconds = numberFlag('--seconds', 180);
  const concurrency = Math.min(64, Math.floor(numberFlag('--concurrency', 12)));
  const locationsWanted = Math.min(20, Math.floor(numberFlag('--locations', 8)));
  const hardDeadline = setTimeout(
    () => {
      console.error(`soak: still running ${seconds + 120} s after start; giving up.`);
      process.exit(2);
    },
    (seconds + 120) * 1000,
  );
  hardDeadline.unref();

  const { startSandbox } = await import('../src/sandbox/server.ts');
  const clientId = `soak-${randomBytes(4).toString('hex')}`;
  const signingKey = randomBytes(32).toString('base64url');
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', clientId, signingKey, controls: true });

  // Locations with something to show (menus or photos), the first few of the data set.
  const ids: string[] = [];
  const ds = sandbox.dataset as unknown as { locationCount: number; location(i: number): { id: string; hasMenus: boolean; hasPhotos: boolean } };
  for (let i = 0; i < ds.locationCount && ids.length < locationsWanted; i++) {
    const l = ds.location(i);
    if (l.hasMenus || l.hasPhotos) ids.push(l.id);
  }

  const child = fork(fileURLToPath(import.meta.url), ['--gateway-child'], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: {
      ...process.env,
      MERCHANT_ACTIONS_URL: sandbox.actionsUrl,
      MERCHANT_PUBLISHER_URL: sandbox.publisherUrl,
      MERCHANT_CLIENT_ID: clientId,
      MERCHANT_SIGNING_KEY: signingKey,
      MERCHANT_ALLOWED_ORIGINS: '*',
      MERCHANT_LOG_LEVEL: 'silent',
      MERCHANT_CACHE_TTL: '2',
      MERCHANT_CACHE_STALE_WHILE_REVALIDATE: '2',
      MERCHANT_CACHE_STALE_IF_ERROR: '86400',
      MERCHANT_UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
      MERCHANT_UPSTREAM_RETRIES: '1',
      MERCHANT_RATE_LIMIT: '0',
      MERCHANT_MISS_RATE_LIMIT: '0',
      MERCHANT_POLL_INTERVAL: '0',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ url: string }>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('the gateway child did not start in 60 s')), 60_000);
    child.once('message', (m: { type: string; url: string }) => {
      clearTimeout(t);
      resolve(m);
    });
    child.once('exit', (code) => reject(new Error(`the gateway child exited (${code})`)));
  });
  const gatewayUrl = ready.url.replace(/\/$/, '');

  const urls = ids.flatMap((id) => {
    const base = `${gatewayUrl}/v1/locations/${encodeURIComponent(id)}`;
    return [`${base}/page?include=location,menus,photos,actions`, base, `${base}/menus`, `${base}/photos`, `${base}/actions`];
  });

  // Phase plan: warm-up 10 %, then each fault phase and a clean phase after it, evenly.
  const total = seconds * 1000;
  const warm = Math.max(3000, Math.round(total * 0.1));
  const slot = (total - warm) / (FAULT_PHASES.length * 2);
  const plan: { phase: Phase; from: number; to: number }[] = [{ phase: { name: 'warm-up', fault: null }, from: 0, to: warm }];
  FAULT_PHASES.forEach((p, i) => {
    plan.push({ phase: p, from: warm + 2 * i * slot, to: warm + (2 * i + 1) * slot });
    plan.push({ phase: { name: `clean after ${p.name}`, fault: null }, from: warm + (2 * i + 1) * slot, to: warm + (2 * i + 2) * slot });
  });

  const keys = new Map<string, KeyState>();
  const errors: ClientError[] = [];
  const perPhase = new Map<string, { answered: number; errors: number }>();
  let answered = 0;
  let current = plan[0]!;
  let phaseStart = 0;
  const t0 = Date.now();
  const now = () => Date.now() - t0;

  console.log(`soak: ${seconds} s, ${concurrency} workers, ${ids.length} locations × 5 endpoints = ${urls.length} keys, gateway ${gatewayUrl}`);
  const memStart0 = (await ask<{ memory: Memory; gc: boolean }>(child, 'memory')).memory;
  let memStart: Memory | null = null;
  const metricsAt = async () => parseMetrics(await (await fetch(`${gatewayUrl}/metrics`)).text());

  // The phase driver.
  let removeFault: (() => void) | null = null;
  const driver = (async () => {
    for (const entry of plan) {
      const wait = entry.from - now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      removeFault?.();
      removeFault = null;
      sandbox.controls.clearFaults();
      if (entry.phase.fault) removeFault = sandbox.controls.injectFault({ path: FAULT_PATHS, ...entry.phase.fault });
      current = entry;
      phaseStart = now();
      perPhase.set(entry.phase.name, { answered: 0, errors: 0 });
      console.log(`soak: ${(phaseStart / 1000).toFixed(1)} s  phase ${entry.phase.name}`);
      if (entry.phase.name === 'warm-up') {
        // Memory at start: once the cache holds every key (after the first second of load).
        setTimeout(
          () => {
            void ask<{ memory: Memory }>(child, 'memory').then((m) => (memStart = m.memory));
          },
          Math.min(2000, warm / 2),
        );
      }
    }
    const wait = total - now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    sandbox.controls.clearFaults();
  })();

  let cursor = 0;
  const worker = async () => {
    while (now() < total) {
      const url = urls[cursor++ % urls.length]!;
      const phase = current;
      const startedInPhase = phaseStart;
      let kind: string | null = null;
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
        const body = await response.text();
        if (response.status >= 400) kind = `HTTP ${response.status}`;
        else {
          try {
            JSON.parse(body);
          } catch {
            kind = 'unparseable body';
          }
        }
      } catch (error) {
        kind = `network: ${(error as Error).name}`;
      }
      const stats = perPhase.get(phase.phase.name)!;
      if (kind === null) {
        answered++;
        stats.answered++;
        keys.set(url, { lastOk: now() });
      } else {
        stats.errors++;
        const k = keys.get(url);
        // Stale data could have prevented it: this key had been answered OK before the fault phase began.
        const preventable = !!k && k.lastOk < startedInPhase && phase.phase.fault !== null;
        errors.push({ url: url.slice(gatewayUrl.length), phase: phase.phase.name, kind, preventable, at: now() });
      }
    }
  };
  await Promise.all([driver, ...Array.from({ length: concurrency }, worker)]);

  const metrics = await metricsAt();
  const memEnd = (await ask<{ memory: Memory; gc: boolean }>(child, 'memory')).memory;
  const start = memStart ?? memStart0;
  const staleServes = sum(metrics, 'merchant_gateway_cache_total', (l) => /result="stale[^"]*"/.test(l));
  const staleIfError = sum(metrics, 'merchant_gateway_cache_total', (l) => /result="stale-if-error"/.test(l));
  const cacheHits = sum(metrics, 'merchant_gateway_cache_total', (l) => /result="hit"/.test(l));
  const upstreamErrors = sum(metrics, 'merchant_gateway_upstream_errors_total');
  const upstreamAttempts = sum(metrics, 'merchant_gateway_upstream_requests_total');
  const sandboxRequests = sandbox.stats.requests;

  child.send({ type: 'close' });
  await new Promise<void>((resolve) => {
    const t = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 5000);
    child.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
  });
  await sandbox.close();

  const preventable = errors.filter((e) => e.preventable);
  const MB = 1024 * 1024;
  const heapLimit = 2 * start.heapUsed + 32 * MB;
  const failures: string[] = [];
  if (answered === 0) failures.push('no request was answered');
  if (preventable.length) failures.push(`${preventable.length} client errors that stale data could have prevented`);
  if (memEnd.heapUsed > heapLimit)
    failures.push(`heap after GC grew from ${round(start.heapUsed / MB, 1)} MB to ${round(memEnd.heapUsed / MB, 1)} MB (limit 2 × start + 32 MB)`);

  const kinds: Record<string, number> = {};
  for (const e of errors) kinds[`${e.phase}: ${e.kind}`] = (kinds[`${e.phase}: ${e.kind}`] ?? 0) + 1;
  const report = {
    bench: 'soak',
    command: `npm run soak -- --seconds ${seconds}`,
    date: new Date().toISOString(),
    environment: environment(),
    settings: {
      seconds,
      concurrency,
      locations: ids.length,
      keys: urls.length,
      cacheTtlSeconds: 2,
      staleWhileRevalidateSeconds: 2,
      staleIfErrorSeconds: 86400,
      upstreamTimeoutMs: UPSTREAM_TIMEOUT_MS,
      upstreamRetries: 1,
    },
    phases: plan.map((p) => ({
      name: p.phase.name,
      fault: p.phase.fault,
      fromS: round(p.from / 1000, 1),
      toS: round(p.to / 1000, 1),
      ...perPhase.get(p.phase.name),
    })),
    requestsAnswered: answered,
    clientErrors: errors.length,
    clientErrorsPreventable: preventable.length,
    clientErrorKinds: kinds,
    firstErrors: errors.slice(0, 10),
    staleServes,
    staleIfErrorServes: staleIfError,
    cacheHits,
    upstreamAttempts,
    upstreamErrors,
    sandboxRequests,
    memory: {
      process: 'gateway (child process, after forced GC)',
      startMB: { rss: round(start.rss / MB, 1), heapUsed: round(start.heapUsed / MB, 1) },
      endMB: { rss: round(memEnd.rss / MB, 1), heapUsed: round(memEnd.heapUsed / MB, 1) },
      heapLimitMB: round(heapLimit / MB, 1),
    },
    ok: failures.length === 0,
    failures,
  };
  writeResult(report as never);

  console.log(`
soak report (${seconds} s, ${concurrency} workers, ${urls.length} keys)
  requests answered      ${answered}
  client errors          ${errors.length} (preventable by stale data: ${preventable.length})${
    Object.keys(kinds).length
      ? `\n    ${Object.entries(kinds)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n    ')}`
      : ''
  }
  stale serves           ${staleServes} (stale-if-error: ${staleIfError}); cache hits ${cacheHits}
  upstream               ${upstreamAttempts} attempts, ${upstreamErrors} errors (sandbox saw ${sandboxRequests} requests)
  gateway memory         start rss ${report.memory.startMB.rss} MB heap ${report.memory.startMB.heapUsed} MB → end rss ${report.memory.endMB.rss} MB heap ${report.memory.endMB.heapUsed} MB (limit ${report.memory.heapLimitMB} MB)
  per phase              ${report.phases.map((p) => `${p.name} ${p.answered ?? 0} ok / ${p.errors ?? 0} err`).join('; ')}
${failures.length ? `FAIL: ${failures.join('; ')}` : 'PASS'}
Wrote bench/results/soak.json`);
  clearTimeout(hardDeadline);
  process.exitCode = failures.length ? 1 : 0;
}

async function gatewayChild() {
  const { loadConfig } = await import('../src/gateway/config.ts');
  const { startGateway } = await import('../src/adapters/node/server.ts');
  const config = loadConfig(process.env, { port: 0, host: '127.0.0.1' });
  const gateway = await startGateway(config);
  const gc = (globalThis as unknown as { gc?: () => void }).gc;
  process.on('message', async (m: { type: string }) => {
    if (m.type === 'memory') {
      for (let i = 0; i < 3; i++) {
        gc?.();
        await new Promise((r) => setTimeout(r, 20));
      }
      const u = process.memoryUsage();
      process.send!({ type: 'memory', memory: { rss: u.rss, heapUsed: u.heapUsed, heapTotal: u.heapTotal, external: u.external }, gc: Boolean(gc) });
    } else if (m.type === 'close') {
      await gateway.close();
      process.exit(0);
    }
  });
  // Never outlive the parent.
  process.on('disconnect', () => process.exit(0));
  process.send!({ type: 'ready', url: gateway.url });
}

if (process.argv.includes('--gateway-child')) await gatewayChild();
else await main();
