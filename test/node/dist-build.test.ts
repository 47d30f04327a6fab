/**
 * The browser builds: the script-tag bundle (ES module and classic script) is self-contained and
 * registers every element; the npm build has one entry per element with Lit external, type
 * declarations, source maps, and a package.json exports/sideEffects map that points at real files.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { existsSync, readdirSync } from 'node:fs';
import vm from 'node:vm';
import { build } from 'esbuild';
import { listElements, onDemandElementsEsbuild } from '../../scripts/elements.mjs';
import { LANGUAGES } from '../../scripts/size.mjs';
import { at, builtFile, readBuilt, root } from './dist-helpers.ts';

const elements = listElements(root);
const pkg = JSON.parse(readBuilt('package.json'));

/** Static imports of a built file, as esbuild sees them (everything external, nothing bundled). */
async function importsOf(file: string, kind: 'import-statement' | 'dynamic-import' = 'import-statement'): Promise<string[]> {
  const result = await build({ entryPoints: [at(file)], bundle: true, write: false, metafile: true, packages: 'external', logLevel: 'silent', format: 'esm' });
  const input = Object.entries(result.metafile.inputs).find(([name]) => at(name) === at(file))!;
  return input[1].imports.filter((i) => i.kind === kind).map((i) => i.path);
}

const LANGUAGE_CHUNKS = LANGUAGES.map((lang) => builtFile(`i18n-${lang}`));
/**
 * The modules the bundle imports on demand, but the languages: the error view, the JSON-LD writers and the script writer
 * they share (asked for beside them: one round trip), the menu's navigation, diner tools and print, the lightbox, the
 * essentials row; Lit's hydration, which the takeover loads on a page with a server-rendered element; and the file holding every element, which the loader imports instead of the elements' own files on a
 * page where they would weigh more (src/contract/element-files.ts).
 */
const ON_DEMAND_MODULES = [
  'all',
  'error-view',
  'json-ld',
  'menu-json-ld',
  'hours-json-ld',
  'menu-navigation',
  'menu-tools',
  'photos-lightbox',
  'print',
  'actions-essentials',
  'hydrate',
];
/** Each element's own file (its class, styles and strings), which the bundle's loader imports when the page holds its tag. */
const ELEMENT_MODULES = elements.map((e) => e.name);
/** The ES build's on-demand chunks: the languages (plain data, the classic build's too) and its own copies of the modules. */
const ON_DEMAND_CHUNKS = [...LANGUAGE_CHUNKS, ...[...ELEMENT_MODULES, ...ON_DEMAND_MODULES].map((name) => builtFile(name))];
/** The classic build's on-demand chunks: the same languages, and its own copies of the modules. */
const CLASSIC_ON_DEMAND_CHUNKS = [...LANGUAGE_CHUNKS, ...[...ELEMENT_MODULES, ...ON_DEMAND_MODULES].map((name) => builtFile(name, true))];
/** What the on-demand modules may import besides their own build's bundle: the JSON-LD writers' shared chunk. */
const SHARED_CHUNKS = [builtFile('json-ld')];
const CLASSIC_SHARED_CHUNKS = [builtFile('json-ld', true)];

test('every element has its registration file and its class file', () => {
  assert.ok(elements.length > 0, 'no element folder found');
  for (const e of elements) assert.ok(e.classFile, `${e.tag} has no class file merchant-${e.name}.ts`);
});

test('dist/merchant-elements.js is one self-contained ES module that loads every element on demand', async () => {
  const code = readBuilt('dist/merchant-elements.js');
  assert.deepEqual(await importsOf('dist/merchant-elements.js'), [], 'the script-tag bundle must not import anything (Lit is inside)');
  // Only the on-demand modules are loaded later, from beside the bundle, when a page needs them: each element's own
  // file, and the modules the elements' views load (the menu's are imported by the menu's file, and so on).
  const fromBundle = (await importsOf('dist/merchant-elements.js', 'dynamic-import')).map((p) => path.basename(p));
  const fromElements = await Promise.all(ELEMENT_MODULES.map((name) => importsOf(builtFile(name), 'dynamic-import')));
  const fromModules = await Promise.all(ON_DEMAND_MODULES.map((name) => importsOf(builtFile(name), 'dynamic-import')));
  assert.deepEqual(
    [...new Set([...fromBundle, ...fromElements.flat(), ...fromModules.flat()].map((p) => path.basename(p)))].sort(),
    ON_DEMAND_CHUNKS.map((c) => path.basename(c)).sort(),
  );
  for (const name of ELEMENT_MODULES) assert.ok(fromBundle.includes(path.basename(builtFile(name))), `the bundle does not load ${name}'s file`);
  // The combined file registers every element, as their own files do, importing the bundle alone too.
  assert.deepEqual(await importsOf(builtFile('all')), ['dist/merchant-elements.js'], 'the combined file imports more than the bundle');
  const combined = readBuilt(builtFile('all'));
  for (const { tag } of elements) assert.ok(combined.includes(`"${tag}"`), `${tag} is not registered in the combined file`);
  // Each element is one file: it imports the bundle alone (what elements share is in the bundle), so it is fetched
  // with the data, never a file that asks for another before the element can be defined.
  for (const name of ELEMENT_MODULES)
    assert.deepEqual(await importsOf(builtFile(name)), ['dist/merchant-elements.js'], `${name}'s file imports more than the bundle`);
  for (const chunk of LANGUAGE_CHUNKS) assert.deepEqual(await importsOf(chunk), [], `${chunk} must be plain data`);
  // The other on-demand modules import Lit and the elements' shared code like any module: from the bundle.
  for (const chunk of [...ON_DEMAND_CHUNKS, ...SHARED_CHUNKS]) {
    assert.ok(existsSync(at(chunk)), `${chunk} is missing`);
    for (const imported of await importsOf(chunk)) {
      assert.ok(
        [...SHARED_CHUNKS, 'dist/merchant-elements.js'].includes(path.relative(root, path.resolve(root, imported))),
        `${chunk} imports ${imported}: on-demand modules may import only the bundle and their shared chunk`,
      );
    }
  }
  for (const { tag } of elements) assert.ok(code.includes(`"${tag}"`), `${tag} is not registered in the bundle`);
  assert.ok(!code.includes('Lit is in dev mode'), "Lit's development build was bundled instead of the production one");
  assert.ok(existsSync(at('dist/merchant-elements.js.map')), 'source map missing');
  // Minified: far smaller than the same code bundled without minification, and no comments left.
  const plain = await build({
    entryPoints: [at('src/bundle.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    logLevel: 'silent',
    conditions: ['production'],
    plugins: [onDemandElementsEsbuild(root)],
  });
  assert.ok(code.length < plain.outputFiles[0]!.text.length * 0.7, 'the bundle is not minified');
  assert.ok(!code.includes('/**'), 'the bundle still holds comments');
});

test('the classic build is a plain script (no import, export or import.meta) that loads every element on demand', async () => {
  const code = readBuilt('dist/merchant-elements.classic.js');
  assert.doesNotThrow(() => new vm.Script(code, { filename: 'merchant-elements.classic.js' }), 'not valid as a classic script');
  assert.ok(!code.includes('import.meta'));
  for (const { tag } of elements) assert.ok(code.includes(`"${tag}"`), `${tag} is not registered in the classic build`);
  // It imports its on-demand modules from beside itself (resolved against its own URL, not the page's): those the ES
  // bundle imports (each element's file, the languages, the error view), in their classic copies but the languages.
  const moduleNames = new Map([...ELEMENT_MODULES, ...ON_DEMAND_MODULES].map((name) => [path.basename(builtFile(name)), name]));
  const classicName = (file: string) => (moduleNames.has(file) ? path.basename(builtFile(moduleNames.get(file)!, true)) : file);
  const fromScript = (await importsOf('dist/merchant-elements.js', 'dynamic-import')).map((p) => classicName(path.basename(p)));
  assert.ok(fromScript.length > ELEMENT_MODULES.length);
  for (const chunk of fromScript)
    assert.match(code, new RegExp(`new URL\\("(\\./)?${path.basename(chunk).replaceAll('.', '\\.')}"`), `${chunk} is not resolved against the script's URL`);
});

test("the classic build's on-demand modules read what they import from the classic script, never from the ES build", async () => {
  const code = readBuilt('dist/merchant-elements.classic.js');
  const key = code.match(/globalThis\[Symbol\.for\("(merchant-elements\.classic@[0-9a-f]{16})"\)\]\?\?=/)?.[1];
  assert.ok(key, 'the classic script shares nothing with its on-demand modules');
  for (const chunk of [...CLASSIC_ON_DEMAND_CHUNKS, ...CLASSIC_SHARED_CHUNKS]) {
    assert.ok(existsSync(at(chunk)), `${chunk} is missing`);
    for (const imported of await importsOf(chunk))
      assert.ok(
        CLASSIC_SHARED_CHUNKS.includes(path.relative(root, path.resolve(root, imported))),
        `${chunk} imports ${imported}: the classic build's on-demand modules may import only their shared chunk`,
      );
    const text = readBuilt(chunk);
    if (text.includes('globalThis[Symbol.for("merchant-elements.classic@')) assert.ok(text.includes(key), `${chunk} reads another build's script`);
  }
});

test('registration is guarded, so a second copy of the bundle does not throw', () => {
  for (const e of elements) {
    const define = readBuilt(`dist/npm/elements/${e.name}/define.js`);
    assert.match(define, new RegExp(`customElements\\.get\\(['"]${e.tag}['"]\\)`), `${e.define} must check customElements.get('${e.tag}') before defining`);
  }
});

test('npm build: one entry per element, Lit external, declarations and source maps', async () => {
  for (const e of elements) {
    for (const file of [`elements/${e.name}/define`, `elements/${e.name}/merchant-${e.name}`]) {
      for (const ext of ['.js', '.js.map', '.d.ts']) assert.ok(existsSync(at('dist/npm', file + ext)), `dist/npm/${file}${ext} is missing`);
    }
    const imports = await importsOf(`dist/npm/elements/${e.name}/merchant-${e.name}.js`);
    assert.ok(
      imports.some((i) => i === 'lit' || i.startsWith('lit/')),
      `${e.tag}'s class should import lit as a dependency`,
    );
  }
  assert.ok(existsSync(at('dist/npm/index.js')) && existsSync(at('dist/npm/index.d.ts')));
  // No file of the npm build may point at a .ts source or a node_modules path.
  for (const entry of readdirSync(at('dist/npm'), { recursive: true })) {
    const name = String(entry);
    if (!/\.(js|d\.ts)$/.test(name)) continue;
    const text = readBuilt(`dist/npm/${name}`);
    assert.ok(!/from\s*['"][^'"]+\.ts['"]/.test(text), `dist/npm/${name} imports a .ts file`);
    assert.ok(!text.includes('node_modules/'), `dist/npm/${name} refers to node_modules`);
  }
});

test('npm build: importing one element class pulls in neither its registration nor other elements', async () => {
  for (const e of elements.filter((x) => x.name !== 'provider')) {
    const result = await build({
      stdin: {
        contents: `import { ${className(e.tag)} } from './dist/npm/elements/${e.name}/merchant-${e.name}.js'; globalThis.x = ${className(e.tag)};`,
        resolveDir: root,
      },
      bundle: true,
      write: false,
      format: 'esm',
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]!.text;
    assert.ok(!code.includes(`customElements.define("${e.tag}"`), `${e.tag}: the class module must not register itself`);
    for (const other of elements) {
      if (other.name === e.name || other.name === 'provider') continue;
      assert.ok(!code.includes(`class ${className(other.tag)} `), `${e.tag} pulls in ${other.tag}`);
    }
  }
});

function className(tag: string): string {
  return tag.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase());
}

/** Minimal glob for package.json `sideEffects` entries (`*` within a segment, `**` across). */
function globToRegExp(glob: string): RegExp {
  const anyDirs = '\u0000'; // holds the place of `**/` while `*` is rewritten (no glob has a NUL)
  const source = glob
    .replace(/^\.\//, '')
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*\*\//g, anyDirs)
    .replace(/\*/g, '[^/]*')
    .replaceAll(anyDirs, '(?:.*/)?');
  return new RegExp(`^${source}$`);
}

test('package.json: sideEffects names only registration files, the index and the bundles', () => {
  const patterns = (pkg.sideEffects as string[]).map(globToRegExp);
  const hasSideEffects = (file: string) => patterns.some((p) => p.test(file));
  for (const e of elements) {
    assert.ok(hasSideEffects(`dist/npm/elements/${e.name}/define.js`), `${e.name}/define.js must be listed as having side effects`);
    assert.ok(!hasSideEffects(`dist/npm/elements/${e.name}/merchant-${e.name}.js`), `${e.name}'s class module must be side-effect free`);
  }
  assert.ok(hasSideEffects('dist/npm/index.js'));
  assert.ok(!hasSideEffects('dist/npm/client/api.js'));
});

/** Resolves a subpath through the exports map the way Node does for these simple patterns. */
function resolveExport(subpath: string): string | undefined {
  const exportsMap = pkg.exports as Record<string, string | { types: string; default: string }>;
  const pick = (target: string | { default: string }) => (typeof target === 'string' ? target : target.default);
  if (exportsMap[subpath]) return pick(exportsMap[subpath]!);
  const patterns = Object.keys(exportsMap)
    .filter((k) => k.includes('*'))
    .sort((a, b) => b.indexOf('*') - a.indexOf('*'));
  for (const key of patterns) {
    const [prefix, suffix] = key.split('*') as [string, string];
    if (subpath.startsWith(prefix) && subpath.endsWith(suffix) && subpath.length >= key.length - 1) {
      const match = subpath.slice(prefix.length, subpath.length - suffix.length);
      return pick(exportsMap[key]!).replaceAll('*', match);
    }
  }
  return undefined;
}

test('package.json: exports, types and customElements point at built files', () => {
  const subpaths = ['.', './merchant-elements.js', './merchant-elements.classic.js', './custom-elements.json', './package.json'];
  for (const e of elements) subpaths.push(`./${e.name}`, `./elements/${e.name}`);
  for (const subpath of subpaths) {
    const target = resolveExport(subpath);
    assert.ok(target, `exports has no entry for ${subpath}`);
    assert.ok(existsSync(at(target)), `exports["${subpath}"] -> ${target} does not exist`);
  }
  assert.equal(resolveExport('./menu'), './dist/npm/elements/menu/define.js');
  assert.equal(resolveExport('./elements/menu'), './dist/npm/elements/menu/merchant-menu.js');
  for (const field of ['main', 'module', 'types', 'customElements'])
    assert.ok(existsSync(at(pkg[field])), `package.json ${field} -> ${pkg[field]} does not exist`);
});
