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
import { manglePrivateMembers, PRIVATE_MEMBER } from './scripts/rollup-mangle-private.mjs';

// Lit 3 ships ES2021; going lower only adds helpers.
const target = 'es2021';
const ts = () => esbuild({ target, tsconfig: 'tsconfig.json', minify: false, sourceMap: true });

const elements = listElements();

// Private members are named `__camelCase`; terser renames them to short names in the script-tag bundle, and
// scripts/rollup-mangle-private.mjs in the npm build (the usual Lit practice). Nothing else in the bundle matches: Lit's production build has no `__x` members (its dev build
// does, but is never bundled), and no public, reflected or DOM name starts with two underscores.
const PRIVATE = PRIVATE_MEMBER;

// Spanish, French and German strings are one module per language, imported by the elements on demand
// (src/elements/shared/i18n.ts): the ES bundle gets them as chunks beside it, dist/merchant-elements-i18n-<lang>.js.
const LANGUAGE_MODULE = /\/src\/i18n\/(es|fr|de)\.ts$/;
const languageChunk = (lang) => `merchant-elements-i18n-${lang}.js`;

const minify = (format) =>
  terser({ ecma: 2021, module: format === 'es', compress: { passes: 3 }, mangle: { properties: { regex: PRIVATE } }, format: { comments: false } });

const bundlePlugins = () => [nodeResolve({ browser: true, exportConditions: ['production'] }), ts(), minifyLiteralsPlugin(), litPolicyOnce()];

const bundle = {
  input: 'src/bundle.ts',
  // `production` keeps Lit's dev-mode warnings and checks out of the bundle.
  plugins: bundlePlugins(),
  output: {
    dir: 'dist',
    format: 'es',
    sourcemap: true,
    entryFileNames: 'merchant-elements.js',
    chunkFileNames: (chunk) => {
      const lang = chunk.facadeModuleId?.match(LANGUAGE_MODULE)?.[1];
      if (!lang) throw new Error(`Unexpected chunk ${chunk.name} (${chunk.facadeModuleId}): only language modules may be split out.`);
      return languageChunk(lang);
    },
    plugins: [minify('es')],
  },
};

// The classic script cannot import chunks of its own (IIFE), so it imports the ES build's language chunks
// (plain data modules, no imports) from beside itself: `import()` works in classic scripts too.
const classicLanguageChunks = {
  name: 'classic-language-chunks',
  async resolveDynamicImport(specifier, importer) {
    if (typeof specifier !== 'string') return null;
    const resolved = await this.resolve(specifier, importer);
    const lang = resolved?.id.match(LANGUAGE_MODULE)?.[1];
    return lang ? { id: languageChunk(lang), external: true } : null;
  },
  renderDynamicImport({ targetModuleId }) {
    if (targetModuleId?.startsWith('merchant-elements-i18n-')) return { left: 'import(new URL(', right: ', scriptUrl).href)' };
    return null;
  },
};

const classic = {
  input: 'src/bundle.ts',
  plugins: [...bundlePlugins(), classicLanguageChunks],
  output: {
    file: 'dist/merchant-elements.classic.js',
    format: 'iife',
    name: 'MerchantElements',
    sourcemap: true,
    // Captured while the script runs: document.currentScript is null afterwards.
    intro: 'const scriptUrl = document.currentScript?.src || location.href;',
    plugins: [minify('iife')],
  },
};

const npmInputs = Object.fromEntries(
  [['index', 'src/index.ts'], ...elements.flatMap((e) => [e.define, e.classFile].filter(Boolean).map((file) => [file.replace(/^src\//, '').replace(/\.ts$/, ''), file]))],
);

const npm = {
  input: npmInputs,
  // Every bare import (lit, @lit/context) is a dependency, resolved by the consumer.
  external: (id) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('\0'),
  plugins: [ts(), minifyLiteralsPlugin()],
  output: {
    dir: 'dist/npm',
    format: 'es',
    preserveModules: true,
    preserveModulesRoot: 'src',
    entryFileNames: '[name].js',
    sourcemap: true,
    // Private members get short names here too (see scripts/rollup-mangle-private.mjs); nothing else is minified.
    plugins: [manglePrivateMembers()],
  },
};

export default [bundle, classic, npm];
