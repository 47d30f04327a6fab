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
import { minifyTemplates } from './scripts/rollup-minify-templates.mjs';
import { manglePrivateMembers, PRIVATE_MEMBER } from './scripts/rollup-mangle-private.mjs';

// Lit 3 ships ES2021; going lower only adds helpers.
const target = 'es2021';
const ts = () => esbuild({ target, tsconfig: 'tsconfig.json', minify: false, sourceMap: true });

const elements = listElements();

// Private members are named `__camelCase`; terser renames them to short names in the script-tag bundle, and
// scripts/rollup-mangle-private.mjs in the npm build (the usual Lit practice). Nothing else in the bundle matches: Lit's production build has no `__x` members (its dev build
// does, but is never bundled), and no public, reflected or DOM name starts with two underscores.
const PRIVATE = PRIVATE_MEMBER;

// Modules loaded on demand, split out of the script-tag bundle as chunks beside it (dist/merchant-elements-<name>.js):
// every module the elements import with import(), and what only those modules share. Today: each language's strings
// but English's (src/elements/i18n/<lang>.ts, listed in src/elements/i18n/languages.js): i18n-<lang>; the error view
// (shared/error-view.ts); the JSON-LD writers (menu-json-ld, hours-json-ld) with json-ld, the script writer they
// share; the menu's tabs and section bar (menu-navigation) and diner tools (menu-tools); the photos lightbox
// (photos-lightbox); the menu's "print this menu alone" (shared/print.ts: print); the essentials row of
// <merchant-actions essentials> (actions-essentials). Each is named after its file, so an element's folder adds an
// on-demand module by importing it with import(), and nothing here names an element.
// None of them imports from the bundle (they are plain modules: the elements pass in what they need from Lit), so
// the classic build imports the very same files; onDemandChunksArePlain() checks it at build time.
const ELEMENTS_DIR = path.resolve(import.meta.dirname, 'src/elements');
const onDemandChunk = (id) => {
  const inElements = id ? path.relative(ELEMENTS_DIR, id) : '..';
  if (inElements.startsWith('..') || path.isAbsolute(inElements)) return null;
  const name = path.basename(id).replace(/\.[jt]s$/, '');
  return `merchant-elements-${path.dirname(inElements) === 'i18n' ? `i18n-${name}` : name}.js`;
};

const onDemandChunksArePlain = {
  name: 'on-demand-chunks-are-plain',
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk' || chunk.isEntry) continue;
      const entryImports = chunk.imports.filter((file) => bundle[file]?.isEntry);
      if (entryImports.length)
        this.error(
          `${chunk.fileName} imports ${entryImports.join(', ')}: an on-demand module must not import the bundle's code (the classic build could not share it).`,
        );
    }
  },
};

const minify = (format) =>
  terser({ ecma: 2021, module: format === 'es', compress: { passes: 3 }, mangle: { properties: { regex: PRIVATE } }, format: { comments: false } });

const bundlePlugins = () => [nodeResolve({ browser: true, exportConditions: ['production'] }), ts(), minifyTemplates(), litPolicyOnce()];

const bundle = {
  input: 'src/bundle.ts',
  // `production` keeps Lit's dev-mode warnings and checks out of the bundle.
  plugins: [...bundlePlugins(), onDemandChunksArePlain],
  output: {
    dir: 'dist',
    format: 'es',
    sourcemap: true,
    entryFileNames: 'merchant-elements.js',
    chunkFileNames: (chunk) => {
      const name = onDemandChunk(chunk.facadeModuleId ?? chunk.moduleIds.at(-1));
      if (!name) throw new Error(`Unexpected chunk ${chunk.name} (${chunk.moduleIds.join(', ')}): only the on-demand modules may be split out.`);
      return name;
    },
    plugins: [minify('es')],
  },
};

// The classic script cannot import chunks of its own (IIFE), so it imports the ES build's on-demand chunks
// (plain modules, see above) from beside itself: `import()` works in classic scripts too.
const classicOnDemandChunks = {
  name: 'classic-on-demand-chunks',
  async resolveDynamicImport(specifier, importer) {
    if (typeof specifier !== 'string') return null;
    const chunk = onDemandChunk((await this.resolve(specifier, importer))?.id);
    return chunk ? { id: chunk, external: true } : null;
  },
  renderDynamicImport({ targetModuleId }) {
    if (targetModuleId?.startsWith('merchant-elements-')) return { left: 'import(new URL(', right: ', scriptUrl).href)' };
    return null;
  },
};

const classic = {
  input: 'src/bundle.ts',
  plugins: [...bundlePlugins(), classicOnDemandChunks],
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

const npmInputs = Object.fromEntries([
  ['index', 'src/index.ts'],
  ...elements.flatMap((e) => [e.define, e.classFile].filter(Boolean).map((file) => [file.replace(/^src\//, '').replace(/\.ts$/, ''), file])),
]);

const npm = {
  input: npmInputs,
  // Every bare import (lit, @lit/context) is a dependency, resolved by the consumer.
  external: (id) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('\0'),
  plugins: [ts(), minifyTemplates()],
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

// One bundle for every page: server-rendered elements are taken over by the elements themselves
// (MerchantElement's connectedCallback), so there is no second bundle to choose.
export default [bundle, classic, npm];
