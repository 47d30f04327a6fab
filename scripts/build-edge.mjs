// Builds the gateway for runtimes other than Node, one self-contained ES module each (dependencies bundled):
//   dist/edge/worker.js  a Cloudflare Workers module (fetch + scheduled), also what local workerd runs
//   dist/edge/deno.js    `deno run --allow-net --allow-env dist/edge/deno.js`
//   dist/edge/bun.js     `bun dist/edge/bun.js`
// and refuses a bundle that pulls in what only Node has (node: modules, pino, prom-client, ioredis).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

const NODE_ONLY = /^(node:|pino|prom-client|ioredis|@hono\/node-server)|(^|\/)node_modules\/(pino|prom-client|ioredis|@hono\/node-server)\//;

rmSync('dist/edge', { recursive: true, force: true });
const result = await build({
  entryPoints: { worker: 'src/adapters/workers/index.ts', deno: 'src/adapters/deno/index.ts', bun: 'src/adapters/bun/index.ts' },
  outdir: 'dist/edge',
  bundle: true,
  platform: 'neutral',
  format: 'esm',
  target: 'es2022',
  mainFields: ['module', 'main'],
  conditions: ['worker', 'browser', 'import'],
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});
const offenders = [];
for (const [input, { imports }] of Object.entries(result.metafile.inputs)) {
  if (NODE_ONLY.test(input)) offenders.push(input);
  for (const { path } of imports) if (NODE_ONLY.test(path)) offenders.push(`${input} imports ${path}`);
}
if (offenders.length) {
  console.error(`build-edge: the edge entries must not need Node, but:\n  ${[...new Set(offenders)].join('\n  ')}`);
  process.exit(1);
}
