// Compiles the server side (CLI, gateway, sandbox) to dist/node/ with esbuild.
// Runs from `prepare`, so `npx merchant-elements` works right after `npm ci` in a fresh clone.
// Why esbuild and not tsc: typescript@7 is a native compiler with no JavaScript API; we use it
// only for `tsc --noEmit` type-checking, and let esbuild (already used by rollup and the test
// runner) strip types. Dependencies stay external: they are installed beside us.
import { build } from 'esbuild';

await build({
  // The CLI (src/cli/, one file per command), and the server renderer it loads on first use (src/ssr/loader.ts):
  // dist/node/cli.js (what bin/merchant-elements.js runs), dist/node/ssr/render.js.
  entryPoints: { cli: 'src/cli/main.ts', 'ssr/render': 'src/ssr/render.ts' },
  outdir: 'dist/node',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
