/**
 * `npm run bench`: runs every bench as a child process (bounded in time), then writes
 * bench/results.json (every figure beside its baseline from the same run, the environment, the date)
 * and bench/results.md (the same as markdown tables).
 *
 *   npm run bench                                  everything (builds first)
 *   npm run bench -- --only size,render            a selection; the others keep their previous figures
 *   npm run bench -- --no-build                    measure dist/ as it is
 *   npm run bench -- --quick                       fewer runs per figure (passed on to the benches)
 *   npm run bench -- --only mobile --profile mobile  other flags are passed on too (bench/mobile.ts: --profile, --pages)
 *
 * Benches: size (bench/size-bundles.ts), render (bench/render-menu.ts), menu-tools (bench/menu-tools.ts: search and a dietary
 * chip against a plain DOM loop), showcase (bench/showcase-ready.ts),
 * ssr (bench/ssr-showcase.ts: the server-rendered showcase against its static copy and the client-rendered one, and
 * the client-rendered showcase with this build's bundle against the two-bundle build before it),
 * gateway (bench/gateway*.ts, written by the gateway's authors: bench/results/gateway.json) and nearby
 * (bench/sandbox-nearby.ts, the sandbox's: bench/results/sandbox-nearby.json), directory (bench/directory.ts: the directory's
 * build, memory and searches at 10k, 100k and, with MERCHANT_BENCH_DIRECTORY_MILLION=1, 1M locations, beside a full scan), wordpress (bench/wordpress.ts: a WordPress
 * page whose data the plugin fetched against the same page through the Node gateway), mobile (bench/mobile.ts: the
 * showcase, the server-rendered showcase and both WordPress pages, each against its static copy, under Lighthouse's
 * mobile profile and on loopback), long-tasks (bench/long-tasks.ts: every demo page's long tasks and blocking time under the
 * mobile profile, attributed from a trace), lighthouse (bench/lighthouse.ts: Lighthouse 12's four scores and total blocking time on
 * every demo page, mobile; each audit's long tasks, and what ran in them from its own trace), intl-costs (bench/intl-costs.ts: the Intl
 * objects each demo page builds before ready, whether inside the elements' renders, and the CPU profile's time in them), takeover-cost (bench/takeover-cost.ts: the server-rendered showcase's takeover alone, its
 * layouts and style recalculations). A bench whose script is not
 * there, fails or runs out of time is reported as such; its figures are not invented.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { environment, resultsDir, root, type BenchResult, type Figure } from './lib.ts';

interface BenchSpec {
  id: string;
  title: string;
  /** Scripts to run, relative to the repo root (resolved when the run starts: other authors' files may land late). */
  scripts: () => string[];
  /** Result files they write, in bench/results/. */
  outputs: string[];
  timeoutMs: number;
}

const BENCHES: BenchSpec[] = [
  { id: 'size', title: 'Bundle sizes', scripts: () => ['bench/size-bundles.ts'], outputs: ['size.json'], timeoutMs: 180_000 },
  { id: 'render', title: 'Menu render', scripts: () => ['bench/render-menu.ts'], outputs: ['render.json'], timeoutMs: 420_000 },
  { id: 'showcase', title: 'Showcase ready', scripts: () => ['bench/showcase-ready.ts'], outputs: ['showcase.json'], timeoutMs: 420_000 },
  { id: 'menu-tools', title: 'Menu diner tools', scripts: () => ['bench/menu-tools.ts'], outputs: ['menu-tools.json'], timeoutMs: 600_000 },
  {
    id: 'gateway',
    title: 'Gateway',
    scripts: () =>
      existsSync(path.join(root, 'bench'))
        ? readdirSync(path.join(root, 'bench'))
            .filter((f) => /^gateway.*\.ts$/.test(f) && !/\.test\.ts$/.test(f))
            .sort()
            .map((f) => `bench/${f}`)
        : [],
    outputs: ['gateway.json', 'gateway-nginx.json', 'gateway-runtimes.json', 'gateway-scale.json', 'gateway-compression.json'],
    timeoutMs: 480_000,
  },
  { id: 'ssr', title: 'Server-rendered showcase', scripts: () => ['bench/ssr-showcase.ts'], outputs: ['ssr.json'], timeoutMs: 600_000 },
  {
    id: 'ssr-costs',
    title: "Where the server-rendered showcase's bytes and main-thread time go",
    scripts: () => ['bench/ssr-page-costs.ts'],
    outputs: ['ssr-costs.json'],
    timeoutMs: 900_000,
  },
  {
    id: 'takeover-cost',
    title: "What the server-rendered showcase's takeover alone costs",
    scripts: () => ['bench/takeover-cost.ts'],
    outputs: ['takeover-cost.json'],
    timeoutMs: 900_000,
  },
  { id: 'freshness', title: 'Revalidating carried data', scripts: () => ['bench/freshness.ts'], outputs: ['freshness.json'], timeoutMs: 420_000 },
  { id: 'wordpress', title: 'WordPress fetching its own data', scripts: () => ['bench/wordpress.ts'], outputs: ['wordpress.json'], timeoutMs: 600_000 },
  {
    id: 'mobile',
    title: 'Pages on a phone and on loopback',
    scripts: () => ['bench/mobile.ts'],
    outputs: ['mobile.json'],
    timeoutMs: 2_400_000,
  },
  {
    id: 'long-tasks',
    title: 'Long tasks on every demo page (mobile profile)',
    scripts: () => ['bench/long-tasks.ts'],
    outputs: ['long-tasks.json'],
    timeoutMs: 1_800_000,
  },
  {
    id: 'ready-signal-cost',
    title: 'What looking for ready costs the page a bench times',
    scripts: () => ['bench/ready-signal-cost.ts'],
    outputs: ['ready-signal-cost.json'],
    timeoutMs: 1_200_000,
  },
  { id: 'lighthouse', title: 'Lighthouse 12 on every demo page', scripts: () => ['bench/lighthouse.ts'], outputs: ['lighthouse.json'], timeoutMs: 1_800_000 },
  {
    id: 'intl-costs',
    title: 'Intl objects built before ready on every demo page (mobile profile)',
    scripts: () => ['bench/intl-costs.ts'],
    outputs: ['intl-costs.json'],
    timeoutMs: 1_200_000,
  },
  { id: 'nearby', title: 'Sandbox nearby', scripts: () => ['bench/sandbox-nearby.ts'], outputs: ['sandbox-nearby.json'], timeoutMs: 900_000 },
  // 10k and 100k in about a minute; 1M only with MERCHANT_BENCH_DIRECTORY_MILLION=1 (several minutes).
  { id: 'directory', title: 'Directory', scripts: () => ['bench/directory.ts'], outputs: ['directory.json'], timeoutMs: 3_600_000 },
];

interface Outcome {
  id: string;
  title: string;
  status: 'ok' | 'missing' | 'failed' | 'timeout' | 'previous';
  /** Why it is not ok, or which run the figures come from. */
  message?: string;
  durationMs?: number;
  date?: string;
  /** The bench's own result files, as written (our BenchResult shape or another author's). */
  results: Record<string, unknown>;
}

function parseArgs(argv: string[]) {
  let only: string[] | null = null;
  let build = true;
  const passOn: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--only')
      only = (argv[++i] ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    else if (a.startsWith('--only='))
      only = a
        .slice(7)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    else if (a === '--no-build') build = false;
    else if (a === '--help' || a === '-h') {
      console.log(`npm run bench [-- --only ${BENCHES.map((b) => b.id).join(',')}] [--no-build] [--quick] [--profile mobile|loopback|both] [--runs N]`);
      process.exit(0);
    } else passOn.push(a);
  }
  if (only) {
    const unknown = only.filter((id) => !BENCHES.some((b) => b.id === id));
    if (unknown.length) {
      console.error(`bench: unknown bench ${unknown.join(', ')}; known: ${BENCHES.map((b) => b.id).join(', ')}`);
      process.exit(2);
    }
  }
  return { only, build, passOn };
}

/** Runs a command with its output passed through; kills its whole process group at the deadline. */
function run(command: string, args: string[], timeoutMs: number): Promise<{ code: number | null; timedOut: boolean; tail: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: process.env });
    let tail = '';
    const keep = (chunk: Buffer, out: NodeJS.WriteStream) => {
      out.write(chunk);
      tail = (tail + chunk.toString()).slice(-2000);
    };
    child.stdout.on('data', (c: Buffer) => keep(c, process.stdout));
    child.stderr.on('data', (c: Buffer) => keep(c, process.stderr));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // Already gone.
      }
      setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }, 5000).unref();
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, timedOut, tail });
    });
  });
}

const mtime = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : 0);

async function runBench(spec: BenchSpec, passOn: string[]): Promise<Outcome> {
  const scripts = spec.scripts().filter((s) => existsSync(path.join(root, s)));
  if (scripts.length === 0)
    return {
      id: spec.id,
      title: spec.title,
      status: 'missing',
      message: `no script (${spec.scripts().join(', ') || 'bench/' + spec.id + '*.ts'}) in this checkout`,
      results: {},
    };
  const started = Date.now();
  const before = Object.fromEntries(spec.outputs.map((o) => [o, mtime(path.join(resultsDir, o))]));
  const failures: string[] = [];
  let timedOut = false;
  for (const script of scripts) {
    console.log(`\n== bench ${spec.id}: node --import tsx ${script} ${passOn.join(' ')}`.trimEnd());
    const r = await run(process.execPath, ['--import', 'tsx', script, ...passOn], spec.timeoutMs);
    if (r.timedOut) {
      timedOut = true;
      failures.push(`${script} ran out of time (${spec.timeoutMs / 1000} s)`);
    } else if (r.code !== 0) failures.push(`${script} exited with ${r.code}: ${r.tail.trim().split('\n').slice(-3).join(' / ')}`);
  }
  const results: Record<string, unknown> = {};
  for (const o of spec.outputs) {
    const file = path.join(resultsDir, o);
    if (mtime(file) > before[o]!) {
      try {
        results[o] = JSON.parse(readFileSync(file, 'utf8'));
      } catch (error) {
        failures.push(`bench/results/${o} is not JSON: ${(error as Error).message}`);
      }
    } else failures.push(`bench/results/${o} was not written by this run`);
  }
  const durationMs = Date.now() - started;
  const date = new Date().toISOString();
  if (failures.length === 0) return { id: spec.id, title: spec.title, status: 'ok', durationMs, date, results };
  return { id: spec.id, title: spec.title, status: timedOut ? 'timeout' : 'failed', message: failures.join('; '), durationMs, date, results };
}

// ------------------------------------------------------------------------------------------------
// Markdown

const fmt = (n: unknown): string => {
  if (typeof n !== 'number') return n === null || n === undefined ? '—' : String(n);
  if (Number.isInteger(n)) return n.toLocaleString('en-US');
  return Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 1 ? n.toFixed(2) : n.toPrecision(3);
};
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function isBenchResult(value: unknown): value is BenchResult {
  return !!value && typeof value === 'object' && Array.isArray((value as BenchResult).figures);
}

function figureTable(figures: Figure[]): string[] {
  const lines = ['| subject | metric | value | baseline | baseline value | ratio |', '|---|---|---:|---|---:|---:|'];
  for (const f of figures) {
    lines.push(
      `| ${cell(f.subject)} | ${cell(f.metric)} | ${fmt(f.value)} ${f.unit} | ${cell(f.baseline?.subject ?? '—')} | ${f.baseline ? `${fmt(f.baseline.value)} ${f.unit}` : '—'} | ${f.ratio === null ? '—' : `${fmt(f.ratio)}×`} |`,
    );
  }
  return lines;
}

/** Another author's result, in whatever shape: every number with its path. */
function genericTable(value: unknown): string[] {
  const rows: [string, unknown][] = [];
  const walk = (v: unknown, at: string) => {
    if (rows.length > 200) return;
    if (v !== null && typeof v === 'object') {
      if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${at}[${i}]`));
      else for (const [k, x] of Object.entries(v)) if (k !== 'environment' && k !== 'env') walk(x, at ? `${at}.${k}` : k);
    } else if (typeof v === 'number' || (typeof v === 'string' && at !== '' && v.length < 120)) rows.push([at, v]);
  };
  walk(value, '');
  return ['| field | value |', '|---|---:|', ...rows.map(([k, v]) => `| ${cell(k)} | ${cell(fmt(v))} |`)];
}

function markdown(doc: ResultsDoc): string {
  const env = doc.environment;
  const out = [
    '# Benchmark results',
    '',
    `Written by \`${doc.command}\` on ${doc.date}. Every figure stands beside a baseline measured in the same run;`,
    'this machine is shared and noisy, so read the ratios, not the absolute times. Method: docs/benchmarks.md.',
    '',
    `Environment: Node ${env.node}, ${env.platform}, ${env.cpuCount} × ${env.cpus}, ${env.memoryGB} GB${env.chromium ? `, ${env.chromium}` : ''}${env.commit ? `, commit ${env.commit}` : ''}, load average ${env.loadAverage.join(' / ')}.`,
    '',
  ];
  for (const b of doc.benches) {
    out.push(`## ${b.title} (\`${b.id}\`)`, '');
    if (b.status !== 'ok') out.push(`**${b.status}**${b.message ? `: ${b.message}` : ''}`, '');
    for (const [file, result] of Object.entries(b.results)) {
      if (isBenchResult(result)) {
        out.push(`${result.title}. ${result.method}`, '', ...figureTable(result.figures), '');
        for (const note of result.notes ?? []) out.push(`- ${note}`);
        if (result.notes?.length) out.push('');
      } else {
        const r = result as { title?: string; method?: string; description?: string };
        out.push(
          `From \`bench/results/${file}\`${r.title ? ` — ${r.title}` : ''}.${r.method || r.description ? ` ${r.method ?? r.description}` : ''}`,
          '',
          ...genericTable(result),
          '',
        );
      }
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}

interface ResultsDoc {
  command: string;
  date: string;
  environment: ReturnType<typeof environment>;
  benches: Outcome[];
}

// ------------------------------------------------------------------------------------------------

const { only, build, passOn } = parseArgs(process.argv.slice(2));
const selected = BENCHES.filter((b) => !only || only.includes(b.id));
const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;

if (build) {
  console.log('== npm run build');
  const r = await run('npm', ['run', 'build', '--silent'], 300_000);
  if (r.code !== 0) {
    console.error('bench: `npm run build` failed; fix it or pass --no-build.');
    process.exit(1);
  }
}

const outcomes = new Map<string, Outcome>();
const jsonFile = path.join(root, 'bench/results.json');
// A selection keeps the other benches' previous figures (marked as such, with their own date).
if (only && existsSync(jsonFile)) {
  try {
    const previous = JSON.parse(readFileSync(jsonFile, 'utf8')) as ResultsDoc;
    for (const b of previous.benches ?? [])
      if (!only.includes(b.id))
        outcomes.set(b.id, {
          ...b,
          status: b.status === 'ok' ? 'previous' : b.status,
          message: b.status === 'ok' ? `from an earlier run (${b.date})` : b.message,
        });
  } catch {
    // No readable earlier results: the selection's figures alone.
  }
}
for (const spec of selected) outcomes.set(spec.id, await runBench(spec, passOn));

const doc: ResultsDoc = {
  command,
  date: new Date().toISOString(),
  environment: environment(true),
  benches: BENCHES.map((b) => outcomes.get(b.id) ?? { id: b.id, title: b.title, status: 'missing', message: 'not run', results: {} }),
};
writeFileSync(jsonFile, `${JSON.stringify(doc, null, 2)}\n`);
writeFileSync(path.join(root, 'bench/results.md'), markdown(doc));

console.log('\n== summary');
for (const b of doc.benches) console.log(`  ${b.id.padEnd(9)} ${b.status}${b.message ? `  (${b.message})` : ''}`);
console.log('Wrote bench/results.json and bench/results.md');
const failed = selected.some((s) => ['failed', 'timeout'].includes(outcomes.get(s.id)!.status));
process.exitCode = failed ? 1 : 0;
