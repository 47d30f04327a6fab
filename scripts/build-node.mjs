// Compiles the server side (CLI, gateway, sandbox) to dist/node/ with esbuild.
// Runs from `prepare`, so `npx merchant-elements` works right after `npm ci` in a fresh clone.
// Why esbuild and not tsc: typescript@7 is a native compiler with no JavaScript API; we use it
// only for `tsc --noEmit` type-checking, and let esbuild (already used by rollup and the test
// runner) strip types. Dependencies stay external: they are installed beside us.
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';
import { minifyModuleTemplates } from './rollup-minify-templates.mjs';

// The server renderer's elements with their templates minified as the browser builds minify them, so that the
// digests Lit's hydration compares in the browser are the server's (src/ssr/render.ts says why).
const minifiedElementTemplates = {
  name: 'minified-element-templates',
  setup(esbuild) {
    esbuild.onLoad({ filter: /[\\/]src[\\/]elements[\\/].*\.ts$/ }, async ({ path }) => ({
      contents: await minifyModuleTemplates(await readFile(path, 'utf8'), path),
      loader: 'ts',
    }));
  },
};

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
  plugins: [minifiedElementTemplates],
});
