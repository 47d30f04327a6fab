/**
 * Shared by the benches this repo's `npm run bench` runs (bench/run.ts): the result format, the
 * environment block, Chromium launching and a few statistics helpers.
 *
 * Every bench is a script that can also run alone (`node --import tsx bench/<name>.ts`) and writes
 * bench/results/<name>.json in the `BenchResult` shape. A figure is always reported beside a baseline
 * measured in the same run (this machine is shared and noisy: ratios, not absolute times, are the claim).
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { chromiumPath } from '../scripts/chromium.mjs';

export { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium.mjs';

/** What the benches read of an autocannon run (autocannon ships no types; no @types package for this much). */
export interface AutocannonResult {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
  throughput: { average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** autocannon (HTTP load), as the benches call it: one URL with headers, or one origin over several paths. */
export const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: { path: string }[];
}) => Promise<AutocannonResult>;

export const root = fileURLToPath(new URL('..', import.meta.url));
export const resultsDir = path.join(root, 'bench/results');

export interface Figure {
  /** What is measured, e.g. `dist/merchant-elements.js`, `merchant-menu, 1,000 items`. */
  subject: string;
  /** e.g. `gzip`, `median render`, `requests/s`. */
  metric: string;
  value: number;
  unit: string;
  /** The baseline measured side by side in the same run. */
  baseline: { subject: string; value: number } | null;
  /** value / baseline.value (null without a baseline). */
  ratio: number | null;
  /** Optional detail: samples, spread, counts. */
  detail?: Record<string, unknown>;
}

export interface BenchResult {
  bench: string;
  title: string;
  /** How the figures were obtained and what the baseline is. */
  method: string;
  date: string;
  environment: Environment;
  figures: Figure[];
  notes?: string[];
}

export interface Environment {
  node: string;
  platform: string;
  cpus: string;
  cpuCount: number;
  memoryGB: number;
  loadAverage: number[];
  chromium?: string;
  commit?: string;
}

export function figure(
  subject: string,
  metric: string,
  value: number,
  unit: string,
  baseline: { subject: string; value: number } | null,
  detail?: Record<string, unknown>,
): Figure {
  const ratio = baseline && baseline.value !== 0 ? round(value / baseline.value, 3) : null;
  return {
    subject,
    metric,
    value: round(value, 3),
    unit,
    baseline: baseline && { subject: baseline.subject, value: round(baseline.value, 3) },
    ratio,
    ...(detail ? { detail } : {}),
  };
}

export function round(n: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
}

export function chromiumVersion(): string | undefined {
  try {
    return execFileSync(chromiumPath(), ['--version'], { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

export function environment(withChromium = false): Environment {
  let commit: string | undefined;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    commit = undefined;
  }
  return {
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    cpus: os.cpus()[0]?.model ?? 'unknown',
    cpuCount: os.cpus().length,
    memoryGB: round(os.totalmem() / 1e9, 1),
    loadAverage: os.loadavg().map((n) => round(n, 2)),
    ...(withChromium ? { chromium: chromiumVersion() } : {}),
    ...(commit ? { commit } : {}),
  };
}

export function writeResult(result: BenchResult): string {
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${result.bench}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}

/** Prints a result's figures as a small table on stdout (each bench run alone shows what it measured). */
export function printResult(result: BenchResult): void {
  console.log(`\n${result.title}`);
  for (const f of result.figures) {
    const base = f.baseline ? `   vs ${f.baseline.subject}: ${f.baseline.value} ${f.unit}   ratio ${f.ratio}` : '';
    console.log(`  ${f.subject} — ${f.metric}: ${f.value} ${f.unit}${base}`);
  }
}

/** A positive-integer flag, e.g. `--runs 7`. */
export function numberFlag(name: string, fallback: number, argv = process.argv): number {
  const i = argv.indexOf(name);
  if (i < 0) return fallback;
  const n = Number(argv[i + 1]);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${argv[i + 1]}"`);
  return n;
}

export function isMain(url: string): boolean {
  return process.argv[1] !== undefined && url === pathToFileURL(path.resolve(process.argv[1])).href;
}

/** Waits until `url` answers 2xx, failing when `child` (the server behind it) exits first or the time runs out. */
export async function waitForAnswer(url: string, child: ChildProcess, options: { headers?: Record<string, string>; timeoutMs?: number } = {}): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    const ok = await fetch(url, { headers: options.headers }).then(
      async (res) => (await res.arrayBuffer(), res.ok),
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Stops a child process (SIGTERM unless told otherwise) and resolves when it has exited; at once if it had. */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** The environment of a gateway process over a sandbox with the published test credentials, limits off; `extra` wins. */
export function gatewayProcessEnv(
  sandbox: { actionsUrl: string; publisherUrl: string },
  credentials: { clientId: string; signingKey: string },
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    MERCHANT_ACTIONS_URL: sandbox.actionsUrl,
    MERCHANT_PUBLISHER_URL: sandbox.publisherUrl,
    MERCHANT_CLIENT_ID: credentials.clientId,
    MERCHANT_SIGNING_KEY: credentials.signingKey,
    MERCHANT_ALLOWED_ORIGINS: 'https://shop.example',
    MERCHANT_RATE_LIMIT: '1000000',
    MERCHANT_MISS_RATE_LIMIT: '0',
    MERCHANT_POLL_INTERVAL: '0',
    MERCHANT_LOG_LEVEL: 'warn',
    ...extra,
  };
}
