// Browser builds. Two products from the same sources:
//
// 1. The script-tag bundle, for a CMS or a CDN: Lit, what the elements share and a loader in one minified file, and
//    each element a file of its own beside it (dist/merchant-elements-<name>.js), which the loader imports when the page
//    holds the element's tag (src/elements/autoload.ts; docs/distribution.md says what a page loads).
//    - dist/merchant-elements.js          ES module (<script type="module" src=...>)
//    - dist/merchant-elements.classic.js  classic script (IIFE) for CMSs and tag managers that strip
//      `type="module"` or cannot set it, and for CDNs that do not send CORS headers (module scripts
//      are fetched in CORS mode, classic scripts are not). Same code, same budget; costs one more output.
//    - dist/merchant-elements.standalone.js  every element and on-demand module in one classic script, for hosts
//      that send no CORS headers (nothing in it is imported).
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
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import esbuild from 'rollup-plugin-esbuild';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { listElements, onDemandElementsRollup, registeredElements } from './scripts/elements.mjs';
import { litPolicyOnce } from './scripts/rollup-lit-policy.mjs';
import { minifyTemplates } from './scripts/rollup-minify-templates.mjs';
import { manglePrivateMembers } from './scripts/rollup-mangle-private.mjs';
import { classicScript } from './scripts/rollup-classic-script.mjs';
import { combinedElements, HASH_PLACEHOLDER, SIZES_PLACEHOLDER } from './scripts/rollup-combined-elements.mjs';

// Lit 3 ships ES2021; going lower only adds helpers.
const target = 'es2021';
const ts = () => esbuild({ target, tsconfig: 'tsconfig.json', minify: false, sourceMap: true });

const elements = listElements();

// Private members are named `__camelCase`; scripts/rollup-mangle-private.mjs renames them to short names in every
// build (the usual Lit practice), with one table for all the chunks of a build. Nothing else in the bundle matches
// (PRIVATE_MEMBER in that file): Lit's production build has no `__x` members (its dev build does, but is never bundled), and no
// public, reflected or DOM name starts with two underscores.

// Modules loaded on demand, split out of the script-tag bundle as chunks beside it (dist/merchant-elements-<name>.js):
// each element's registration module (named after its folder), and every module the elements import with import(). Today: each language's strings but English's (src/elements/i18n/<lang>.ts,
// listed in src/elements/i18n/languages.js): i18n-<lang>; the error view (shared/error-view.ts); the JSON-LD writers
// (menu-json-ld, hours-json-ld) with json-ld, the script writer they share; the menu's tabs and section bar
// (menu-navigation) and diner tools (menu-tools); the photos lightbox (photos-lightbox); the menu's "print this menu
// alone" (shared/print.ts: print); the essentials row of <merchant-actions essentials> (actions-essentials). Each is
// named after its file, so an element's folder adds an on-demand module by importing it with import(), and nothing
// here names an element.
// They import Lit and the elements' shared modules like any module: in the ES build from the bundle itself
// (./merchant-elements.js exports what they use), in the classic build from what the classic script shares with its
// own copies of them (merchant-elements-classic-<name>.js; scripts/rollup-classic-script.mjs). The language modules
// are plain data, imported by both builds.
const ELEMENTS_DIR = path.resolve(import.meta.dirname, 'src/elements');
/** An on-demand module's chunk name (`i18n-de`, `menu-tools`…) from its path; null outside src/elements. */
const onDemandName = (id) => {
  const inElements = id ? path.relative(ELEMENTS_DIR, id) : '..';
  if (inElements.startsWith('..') || path.isAbsolute(inElements)) return null;
  const name = path.basename(id).replace(/\.[jt]s$/, '');
  // An element's own module (its registration file, with its class, styles and strings): the element's name.
  if (name === 'define') return path.basename(path.dirname(id));
  return path.dirname(inElements) === 'i18n' ? `i18n-${name}` : name;
};
const isLanguage = (name) => name?.startsWith('i18n-');

/** An on-demand chunk's name (`menu`, `i18n-de`, `menu-tools`…), from the module it is made for. */
const chunkName = (chunk) => {
  const name = onDemandName(chunk.facadeModuleId ?? chunk.moduleIds.at(-1));
  if (!name) throw new Error(`Unexpected chunk ${chunk.name} (${chunk.moduleIds.join(', ')}): only the on-demand modules may be split out.`);
  return name;
};

/**
 * The file name of an on-demand chunk, in the ES build (`merchant-elements-<name>-<hash>.js`) or the classic one: named
 * by its content (rollup's hash of the final code, 8 hex digits), so a server can let browsers keep it for good
 * (`immutable`); only the bundle a page's script tag names keeps a stable name. What names them (the loader's table,
 * the hints) reads them from the build's file list, merchant-elements[-classic]-files.json
 * (scripts/rollup-combined-elements.mjs; src/contract/element-files.ts).
 */
const chunkFileNames = (prefix) => (chunk) => `${prefix}${chunkName(chunk)}-[hash].js`;

/**
 * What goes into the script-tag bundle itself besides its own imports: every module that an element's module and
 * another on-demand module both import (the URL check, the heading, the structured data, the offers' expiry…), so
 * that each element is one file, fetched in parallel with the data, never a file that asks for another before the
 * element can be defined (page → script → {element, data}, not page → script → element → shared chunk). The modules
 * only on-demand modules share among themselves (the JSON-LD writer) stay a chunk of their own. `manualChunks` puts
 * the entry module in the same chunk, which makes that chunk the entry.
 */
const isRegistration = (id) => path.basename(id) === 'define.ts' && !path.relative(ELEMENTS_DIR, id).startsWith('..');
const coreChunk =
  (entry) =>
  (id, { getModuleInfo }) => {
    if (id.endsWith(entry)) return 'core';
    const info = getModuleInfo(id);
    if (!info || info.dynamicImporters.length > 0) return undefined;
    // The on-demand modules (elements, and what they import with import()) that import this one, directly or not.
    const reachedFrom = new Set();
    const seen = new Set();
    const climb = (moduleId) => {
      if (seen.has(moduleId)) return;
      seen.add(moduleId);
      const module = getModuleInfo(moduleId);
      if (module.dynamicImporters.length > 0) reachedFrom.add(moduleId);
      for (const importer of module.importers) climb(importer);
    };
    climb(id);
    return reachedFrom.size > 1 && [...reachedFrom].some(isRegistration) ? 'core' : undefined;
  };

// Private members are renamed first, by one name table for the whole build (scripts/rollup-mangle-private.mjs), then
// terser minifies. terser's own property mangling works one chunk at a time: it gave a class's private member in an
// element's file the same short name as a private member of its base class in the bundle (MerchantElement's task and
// the menu's row renderer were both `M`, so the menu broke with "this.M is not a function"). Each gets a `$` name of its
// own, which nothing else in the build uses: a name esbuild picked could still be a minified Lit member's (`C`).
const minify = (format) => [
  manglePrivateMembers({ prefix: '$' }),
  terser({ ecma: 2021, module: format === 'es', compress: { passes: 3 }, format: { comments: false } }),
];

const bundlePlugins = (onDemand = {}) => [
  nodeResolve({ browser: true, exportConditions: ['production'] }),
  onDemandElementsRollup(undefined, onDemand),
  ts(),
  minifyTemplates(),
  litPolicyOnce(),
];

// Besides each element's file, one file with every element's (dist/merchant-elements-all.js, the classic build's
// merchant-elements-classic-all.js): the loader imports it rather than the elements' files when the page's tags would
// cost more apart (src/contract/element-files.ts). It is made from the element files once they are written, and their
// sizes and its own are written into the loader's table and into merchant-elements[-classic]-sizes.json
// (scripts/rollup-combined-elements.mjs).
const combinedOutput = (prefix, sharedFiles = () => ({})) => {
  // Named by its content once it is made: this placeholder is as long as the name it becomes.
  const fileName = `${prefix}all-${HASH_PLACEHOLDER}.js`;
  return {
    onDemand: { combined: fileName, sizes: SIZES_PLACEHOLDER },
    plugin: combinedElements({
      // In the loader table's order (all.ts's: the provider first, so the elements inside one find it defined).
      elements: registeredElements().map((name) => ({ tag: `merchant-${name}`, name })),
      fileName,
      listFileName: `${prefix}files.json`,
      chunkName: (chunk) => (chunk.isEntry ? null : chunkName(chunk)),
      sharedFiles,
    }),
  };
};
const moduleCombined = combinedOutput('merchant-elements-');
// The classic build's list names the ES build's language modules too: it imports them.
const classicCombined = combinedOutput('merchant-elements-classic-', () => moduleBuildLanguages());

const bundle = {
  input: 'src/bundle.ts',
  // The entry may export more than src/bundle.ts does: what its on-demand chunks import from it (Lit…), rather than
  // rollup moving all of it into a chunk of its own behind a facade.
  preserveEntrySignatures: 'allow-extension',
  // `production` keeps Lit's dev-mode warnings and checks out of the bundle.
  plugins: bundlePlugins(moduleCombined.onDemand),
  output: {
    dir: 'dist',
    format: 'es',
    sourcemap: true,
    entryFileNames: 'merchant-elements.js',
    chunkFileNames: chunkFileNames('merchant-elements-'),
    hashCharacters: 'hex',
    manualChunks: coreChunk('src/bundle.ts'),
    plugins: [...minify('es'), moduleCombined.plugin],
  },
};

// The classic script: the same code split the same way, made a classic script by scripts/rollup-classic-script.mjs;
// its on-demand chunks are its own (they read the classic script's Lit), but for the language modules (plain data),
// which it imports from beside itself as the ES build does.
/** The ES build's language modules (`i18n-de` → its file), from its file list. */
const moduleBuildLanguages = () => {
  const listFile = path.resolve(import.meta.dirname, 'dist/merchant-elements-files.json');
  const files = existsSync(listFile) ? JSON.parse(readFileSync(listFile, 'utf8')).files : {};
  return Object.fromEntries(Object.entries(files).filter(([name]) => isLanguage(name)));
};

// The language modules' names come from the ES build's file list (rollup builds this config's outputs one after
// the other, the ES build first).
const classicLanguages = {
  name: 'classic-language-modules',
  async resolveDynamicImport(specifier, importer) {
    if (typeof specifier !== 'string') return null;
    const name = onDemandName((await this.resolve(specifier, importer))?.id);
    if (!isLanguage(name)) return null;
    const file = moduleBuildLanguages()[name];
    if (!file) this.error(`${name}: not in dist/merchant-elements-files.json (the ES build writes it before the classic build).`);
    return { id: file, external: true };
  },
};

const classic = {
  input: 'src/bundle.ts',
  preserveEntrySignatures: 'allow-extension',
  plugins: [...bundlePlugins(classicCombined.onDemand), classicLanguages],
  output: {
    dir: 'dist',
    format: 'es',
    sourcemap: true,
    entryFileNames: 'merchant-elements.classic.js',
    chunkFileNames: chunkFileNames('merchant-elements-classic-'),
    hashCharacters: 'hex',
    manualChunks: coreChunk('src/bundle.ts'),
    plugins: [...minify('es'), classicScript({ name: 'MerchantElements', entryFileName: 'merchant-elements.classic.js' }), classicCombined.plugin],
  },
};

/**
 * Lit's hydration left out of the standalone script (1.8 KB min+gzip that it would carry inline): the takeover's
 * import of src/elements/shared/hydrate.ts gives no `hydrate`, so a server-rendered element is taken over the way
 * back takeover.ts has for a page without it (its own render after the server's markup, which then goes). The
 * standalone script is for hosts without CORS headers, not for the pages that compose server renders (they load the
 * module build and hint the module); its every other page pays nothing for hydration.
 */
function withoutHydration() {
  const stub = '\0merchant-no-hydration';
  return {
    name: 'merchant-without-hydration',
    resolveId(source, importer) {
      return source === './hydrate.ts' && importer?.endsWith(path.join('shared', 'takeover.ts')) ? stub : null;
    },
    load(id) {
      return id === stub ? 'export const hydrate = undefined;' : null;
    },
  };
}

// The standalone script, for hosts that send no CORS headers (src/standalone.ts): the classic build's elements are
// modules loaded with import(), which such a host refuses; this one file holds every element and every on-demand
// module but Lit's hydration (above).
const standalone = {
  input: 'src/standalone.ts',
  plugins: [withoutHydration(), ...bundlePlugins()],
  output: {
    file: 'dist/merchant-elements.standalone.js',
    format: 'iife',
    name: 'MerchantElements',
    inlineDynamicImports: true,
    sourcemap: true,
    plugins: minify('iife'),
  },
};

/**
 * The configurator's languages, each named in its own words (Español, Deutsch) by the build rather than by the page.
 * src/elements/i18n/languages.js's `nativeName` asks Intl.DisplayNames, and a page's first Intl.DisplayNames loads
 * ICU's display names: 30-40 ms of main thread on a desktop CPU, four times that on Lighthouse's phone, which the
 * configurator paid in its module's evaluation (demo/element-options.js names the languages at its top level), most
 * of its total blocking time (issue 29). The names are Intl's own, asked once here (Node's ICU); a code the build did
 * not name still goes to Intl. Everything else in languages.js is as written.
 */
function configuratorLanguageNames() {
  const languages = path.resolve('src/elements/i18n/languages.js');
  const named = '\0configurator-languages';
  return {
    name: 'configurator-language-names',
    async resolveId(source, importer) {
      if (!importer || importer === named) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved?.id === languages ? named : null;
    },
    async load(id) {
      if (id !== named) return null;
      const { languageCodes, nativeName } = await import(pathToFileURL(languages).href);
      const names = Object.fromEntries(languageCodes().map((code) => [code, nativeName(code)]));
      return [
        `import { nativeName as askIntl } from ${JSON.stringify(languages)};`,
        `export * from ${JSON.stringify(languages)};`,
        `const NAMES = ${JSON.stringify(names)};`,
        'export const nativeName = (code) => NAMES[code] ?? askIntl(code);',
      ].join('\n');
    },
  };
}

// The configurator's page script (demo/configurator.js with the element options and the languages it imports), as
// the demo server and a gateway serve it: one minified file (one request where there were three, one after the
// other), named by its content like the bundle's on-demand files (served `immutable`); its name is in
// dist/merchant-configurator-files.json, which both servers read to fill the page's `{{configuratorScript}}`.
const configuratorScript = {
  input: 'demo/configurator.js',
  plugins: [
    configuratorLanguageNames(),
    {
      // The list of languages holds each one's loader, import('./es.ts'), which only the elements call: left as written.
      name: 'configurator-no-language-modules',
      resolveDynamicImport: (specifier) => (typeof specifier === 'string' ? { id: specifier, external: true } : null),
    },
    {
      name: 'configurator-file-list',
      generateBundle(_options, bundle) {
        const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
        this.emitFile({ type: 'asset', fileName: 'merchant-configurator-files.json', source: `${JSON.stringify({ bundle: entry.fileName }, null, 2)}\n` });
      },
    },
  ],
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: 'merchant-configurator-[hash].js',
    hashCharacters: 'hex',
    sourcemap: true,
    plugins: [terser({ ecma: 2021, module: true, compress: { passes: 2 }, format: { comments: false } })],
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
export default [bundle, classic, standalone, configuratorScript, npm];
