// A rollup output plugin that adds to the script-tag build one file holding every element's registration
// (dist/merchant-elements-all-<hash>.js; classic: merchant-elements-classic-all-<hash>.js), and writes each element
// file's size and the combined file's, as served (gzip), into the loader's table (src/contract/element-files.ts
// decides with them).
//
// It also writes the build's file list, dist/merchant-elements[-classic]-files.json: every on-demand file's name by
// its module's name (the files are named by their content, `merchant-elements-menu-1a2b3c4d.js`) and the sizes. What
// names a file of the build outside the bundle reads it there: the demo server's and the configurator's hints, the
// WordPress plugin's (generated/element-files.json), the size report, the tests (src/contract/element-files.ts).
//
// Rollup puts a module in one chunk only, so the combined file cannot be a second chunk of the same graph: it is a
// second pass over this build's own output. Each element's file imports only the bundle (and its own on-demand
// modules with import()), so rollup joins the seven files into one module, renaming what clashes and keeping every
// other file (the bundle, the menu's tools…) an import of its own; terser then minifies the joined module.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import MagicString from 'magic-string';
import { rollup } from 'rollup';
import { minify } from 'terser';

/**
 * The string the loader's table holds until the sizes are measured (scripts/elements.mjs): replaced by the sizes, in
 * the table's order then the combined file's, comma-separated and padded to the same length (the source map holds).
 */
export const SIZES_PLACEHOLDER = `merchant-file-sizes${'#'.repeat(141)}`;

/** In the combined file's name until it is made: as long as the hash that replaces it (8 hex digits, as rollup's). */
export const HASH_PLACEHOLDER = 'xxxxxxxx';

const VIRTUAL_DIR = '/merchant-combined';
const gzip = (code) => gzipSync(code, { level: 9 }).length;

/**
 * The combined file's code with a yield to the browser after each element's registration but the last (a top-level
 * `await`; `import()` of the file still resolves once every element is defined). Defining an element upgrades every
 * tag of it on the page, and Lit renders each in that task's microtasks: with the seven registrations in one
 * evaluation, the file's evaluation and every element's first render were one long task (issue 29: the es page's
 * longest tasks were "v8.evaluateModule + RunMicrotasks"), where each element's own file, apart, is evaluated in a
 * task of its own. The yield is src/elements/shared/next-task.ts's `nextTask()` (scheduler.yield(), else a new task),
 * written here because the file imports nothing from the bundle but what the element files import.
 * @param {import('rollup').PluginContext} context
 * @param {string} code the joined element files
 * @param {number} count how many registrations the code must hold
 */
export function oneElementPerTask(context, code, count) {
  const registrations = context.parse(code).body.filter((node) => code.slice(node.start, node.end).includes('customElements.define('));
  if (registrations.length !== count) context.error(`The combined file holds ${registrations.length} registrations, not ${count}.`);
  const source = new MagicString(code);
  source.prepend('const nextTask = () => (globalThis.scheduler?.yield ? globalThis.scheduler.yield() : new Promise((resolve) => setTimeout(resolve)));\n');
  for (const node of registrations.slice(0, -1)) source.appendRight(node.end, '\nawait nextTask();');
  return source.toString();
}

/** The sizes, written over the placeholder to its length. */
export function sizesLiteral(sizes) {
  const text = sizes.join(',');
  if (text.length > SIZES_PLACEHOLDER.length) throw new Error(`The sizes (${text}) do not fit in the loader's placeholder.`);
  return text.padEnd(SIZES_PLACEHOLDER.length, ' ');
}

/**
 * @param {{ elements: {tag: string, name: string}[], fileName: string, listFileName: string,
 *   chunkName: (chunk: import('rollup').OutputChunk) => string | null, sharedFiles?: () => Record<string, string> }} options each element's tag and module name in
 *   the table's order, the combined file's name (with HASH_PLACEHOLDER where its hash goes), the name of the file list
 *   (for what writes a page's hints: the demo server, the configurator, the WordPress plugin), and each on-demand
 *   chunk's module name (null for the entry); `sharedFiles`: files of another build this one imports (by name)
 */
export function combinedElements({ elements, fileName: namePattern, listFileName, chunkName, sharedFiles = () => ({}) }) {
  return {
    name: 'merchant-combined-elements',
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byName = Object.fromEntries(chunks.flatMap((chunk) => (chunk.isEntry ? [] : [[chunkName(chunk), chunk.fileName]])));
      const files = elements.map(({ name }) => byName[name] ?? this.error(`${name}'s file is not in this build.`));
      const joined = await rollup({
        input: 'entry',
        treeshake: false,
        onwarn: (warning) => this.warn(warning.message),
        plugins: [
          {
            name: 'merchant-element-files',
            resolveId(source) {
              if (source === 'entry') return source;
              const name = source.replace(/^(\.|\/merchant-combined)\//, '');
              return files.includes(name) ? `${VIRTUAL_DIR}/${name}` : { id: `./${name}`, external: 'absolute' };
            },
            load(id) {
              if (id === 'entry') return files.map((file) => `import './${file}';`).join('\n');
              return bundle[id.slice(VIRTUAL_DIR.length + 1)]?.code ?? null;
            },
          },
        ],
      });
      const { output } = await joined.generate({ format: 'es', dir: VIRTUAL_DIR, entryFileNames: namePattern });
      await joined.close();
      const staggered = oneElementPerTask(this, output[0].code, elements.length);
      const { code } = await minify(staggered, { ecma: 2021, module: true, compress: { passes: 2 }, format: { comments: false } });
      const fileName = namePattern.replace(HASH_PLACEHOLDER, createHash('sha256').update(code).digest('hex').slice(0, HASH_PLACEHOLDER.length));
      this.emitFile({ type: 'asset', fileName, source: code });
      const sizes = [...files.map((file) => gzip(bundle[file].code)), gzip(code)];
      const entry = chunks.find((chunk) => chunk.isEntry);
      const list = {
        bundle: entry.fileName,
        files: { ...sharedFiles(), ...byName, all: fileName },
        elements: Object.fromEntries(elements.map(({ tag }, i) => [tag, sizes[i]])),
        combined: sizes.at(-1),
      };
      this.emitFile({ type: 'asset', fileName: listFileName, source: `${JSON.stringify(list, null, 2)}\n` });
      if (!entry.code.includes(SIZES_PLACEHOLDER)) this.error(`${entry.fileName} has no table of sizes to fill.`);
      if (!entry.code.includes(namePattern)) this.error(`${entry.fileName} does not import ${namePattern}.`);
      // Both as long as what they replace: the bundle's source map holds.
      entry.code = entry.code.replace(SIZES_PLACEHOLDER, sizesLiteral(sizes)).replaceAll(namePattern, fileName);
    },
  };
}
