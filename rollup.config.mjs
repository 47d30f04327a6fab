// Browser builds. Two products from the same sources:
//
// 1. The script-tag bundle, for a CMS or a CDN: every element and Lit in one minified file.
//    - dist/merchant-elements.js          ES module (<script type="module" src=...>)
//    - dist/merchant-elements.classic.js  classic script (IIFE) for CMSs and tag managers that strip
//      `type="module"` or cannot set it, and for CDNs that do not send CORS headers (module scripts
//      are fetched in CORS mode, classic scripts are not). Same code, same budget; costs one more output.
//    Registration files guard with customElements.get(), so loading the bundle twice (or both
//    flavours, or next to another copy of Lit) does not throw; litPolicyOnce() does the same for
//    Lit's Trusted Types policy (see scripts/rollup-lit-policy.mjs).
//
// 2. The npm build, dist/npm/: one module per source file (preserveModules), so bundlers tree-shake
//    per element; Lit and every other bare import stay external (they are dependencies). Not minified:
//    the application's bundler does that. Source maps for both.
//
// TypeScript is compiled by esbuild (typescript@7 is type-check only); type declarations come from
// scripts/build-types.mjs.
import path from 'node:path';
import esbuild from 'rollup-plugin-esbuild';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { listElements } from './scripts/elements.mjs';
import { litPolicyOnce } from './scripts/rollup-lit-policy.mjs';
import { minifyLiteralsPlugin } from './scripts/rollup-minify-literals.mjs';

// Lit 3 ships ES2021; going lower only adds helpers.
const target = 'es2021';
const ts = () => esbuild({ target, tsconfig: 'tsconfig.json', minify: false, sourceMap: true });

const elements = listElements();

// Private members are named `__camelCase`; terser renames them to short names in the script-tag bundle (the usual
// Lit practice). Nothing else in the bundle matches: Lit's production build has no `__x` members (its dev build
// does, but is never bundled), and no public, reflected or DOM name starts with two underscores.
const PRIVATE = /^__[a-z]/;

const bundle = {
  input: 'src/index.ts',
  // `production` keeps Lit's dev-mode warnings and checks out of the bundle.
  plugins: [nodeResolve({ browser: true, exportConditions: ['production'] }), ts(), minifyLiteralsPlugin(), litPolicyOnce()],
  output: [
    { file: 'dist/merchant-elements.js', format: 'es', sourcemap: true },
    { file: 'dist/merchant-elements.classic.js', format: 'iife', name: 'MerchantElements', sourcemap: true },
  ].map((output) => ({
    ...output,
    plugins: [terser({ ecma: 2021, module: output.format === 'es', compress: { passes: 3 }, mangle: { properties: { regex: PRIVATE } }, format: { comments: false } })],
  })),
};

const npmInputs = Object.fromEntries(
  [['index', 'src/index.ts'], ...elements.flatMap((e) => [e.define, e.classFile].filter(Boolean).map((file) => [file.replace(/^src\//, '').replace(/\.ts$/, ''), file]))],
);

const npm = {
  input: npmInputs,
  // Every bare import (lit, @lit/context, @lit/task) is a dependency, resolved by the consumer.
  external: (id) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('\0'),
  plugins: [ts(), minifyLiteralsPlugin()],
  output: {
    dir: 'dist/npm',
    format: 'es',
    preserveModules: true,
    preserveModulesRoot: 'src',
    entryFileNames: '[name].js',
    sourcemap: true,
  },
};

export default [bundle, npm];
