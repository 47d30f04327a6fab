// A rollup output plugin that adds to the script-tag build one file holding every element's registration
// (dist/merchant-elements-all.js; classic: merchant-elements-classic-all.js), and writes each element file's size and
// the combined file's, as served (gzip), into the loader's table (src/contract/element-files.ts decides with them).
//
// Rollup puts a module in one chunk only, so the combined file cannot be a second chunk of the same graph: it is a
// second pass over this build's own output. Each element's file imports only the bundle (and its own on-demand
// modules with import()), so rollup joins the seven files into one module, renaming what clashes and keeping every
// other file (the bundle, the menu's tools…) an import of its own; terser then minifies the joined module.
import { gzipSync } from 'node:zlib';
import { rollup } from 'rollup';
import { minify } from 'terser';

/**
 * The string the loader's table holds until the sizes are measured (scripts/elements.mjs): replaced by the sizes, in
 * the table's order then the combined file's, comma-separated and padded to the same length (the source map holds).
 */
export const SIZES_PLACEHOLDER = `merchant-file-sizes${'#'.repeat(141)}`;

const VIRTUAL_DIR = '/merchant-combined';
const gzip = (code) => gzipSync(code, { level: 9 }).length;

/** The sizes, written over the placeholder to its length. */
export function sizesLiteral(sizes) {
  const text = sizes.join(',');
  if (text.length > SIZES_PLACEHOLDER.length) throw new Error(`The sizes (${text}) do not fit in the loader's placeholder.`);
  return text.padEnd(SIZES_PLACEHOLDER.length, ' ');
}

/**
 * @param {{ elements: {tag: string, file: string}[], fileName: string, sizesFileName: string }} options each element's
 *   tag and file name in the table's order, the combined file's name, and the name of the JSON file the sizes are
 *   written to as well (for what writes a page's hints: the demo server, the configurator, the WordPress plugin)
 */
export function combinedElements({ elements, fileName, sizesFileName }) {
  const files = elements.map(({ file }) => file);
  return {
    name: 'merchant-combined-elements',
    async generateBundle(_options, bundle) {
      for (const file of files) if (bundle[file]?.type !== 'chunk') this.error(`${file} is not in this build.`);
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
      const { output } = await joined.generate({ format: 'es', dir: VIRTUAL_DIR, entryFileNames: fileName });
      await joined.close();
      const { code } = await minify(output[0].code, { ecma: 2021, module: true, compress: { passes: 2 }, format: { comments: false } });
      this.emitFile({ type: 'asset', fileName, source: code });
      const sizes = [...files.map((file) => gzip(bundle[file].code)), gzip(code)];
      const sizesJson = { elements: Object.fromEntries(elements.map(({ tag }, i) => [tag, sizes[i]])), combined: sizes.at(-1) };
      this.emitFile({ type: 'asset', fileName: sizesFileName, source: `${JSON.stringify(sizesJson, null, 2)}\n` });
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
      if (!entry.code.includes(SIZES_PLACEHOLDER)) this.error(`${entry.fileName} has no table of sizes to fill.`);
      entry.code = entry.code.replace(SIZES_PLACEHOLDER, sizesLiteral(sizes));
    },
  };
}
