/**
 * Bundle sizes: min, gzip (level 9) and brotli (quality 11) of every shipped entry, each against Lit
 * alone built with the same tool and settings in the same run.
 *
 * - dist/merchant-elements.js (ES) and dist/merchant-elements.classic.js (IIFE) are read as built by
 *   rollup.config.mjs; the baseline is `export * from 'lit'` bundled by rollup with the same plugins
 *   (node-resolve browser + production conditions, terser ecma 2021, two passes, no comments), in the
 *   same format.
 * - Each element's npm entry (dist/npm/elements/<name>/define.js) is bundled with its dependencies and
 *   minified by esbuild the way an application's bundler would (as scripts/size.mjs does); the baseline
 *   is `export * from 'lit'` through the same esbuild call.
 * A second baseline row, "Lit + the Lit packages the elements use" (lit and
 * @lit/context), shows what of the size is the elements' own code.
 *
 *   node --import tsx bench/size-bundles.ts        (needs `npm run build` first; bench/run.ts builds)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { rollup, type OutputOptions } from 'rollup';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { environment, figure, isMain, printResult, root, writeResult, type BenchResult, type Figure } from './lib.ts';
import { listElements } from '../scripts/elements.mjs';
import { ENTRY_BUILD_OPTIONS } from '../scripts/size.mjs';

const LIT_ALONE = `export * from 'lit';\n`;
const LIT_STACK = `export * from 'lit';\nexport * from '@lit/context';\n`;

interface Sizes {
  min: number;
  gzip: number;
  brotli: number;
}

export function sizes(bytes: Uint8Array): Sizes {
  return {
    min: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** Writes a temporary entry inside the repo so that bare imports resolve from its node_modules. */
function tempEntry(name: string, code: string): string {
  const dir = path.join(root, 'node_modules/.cache/merchant-bench');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.js`);
  writeFileSync(file, code);
  return file;
}

/** Rollup with the script-tag bundle's settings (rollup.config.mjs). */
async function rollupBytes(code: string, name: string, format: 'es' | 'iife'): Promise<Uint8Array> {
  const bundle = await rollup({
    input: tempEntry(name, code),
    plugins: [nodeResolve({ browser: true, exportConditions: ['production'] })],
    onwarn: () => {},
  });
  try {
    const output: OutputOptions = {
      format,
      name: format === 'iife' ? 'LitAlone' : undefined,
      plugins: [terser({ ecma: 2021, module: format === 'es', compress: { passes: 2 }, format: { comments: false } })],
    };
    const { output: chunks } = await bundle.generate(output);
    return new TextEncoder().encode(chunks[0].code);
  } finally {
    await bundle.close();
  }
}

/**
 * The entry chunk only, built with the npm entries' settings (scripts/size.mjs), so the on-demand language modules
 * are not counted.
 */
async function esbuildBytes(entry: { file?: string; code?: string }): Promise<Uint8Array> {
  const result = await build({
    ...(entry.file ? { entryPoints: [entry.file] } : { stdin: { contents: entry.code!, resolveDir: root, loader: 'js' as const } }),
    ...ENTRY_BUILD_OPTIONS,
    outdir: path.join(root, '.bench-virtual'),
  });
  const [entryFile] = Object.entries(result.metafile!.outputs).find(([, output]) => output.entryPoint || output.inputs['<stdin>']) ?? [];
  return (result.outputFiles.find((output) => entryFile && output.path === path.resolve(root, entryFile)) ?? result.outputFiles[0]!).contents;
}

function rows(subject: string, own: Sizes, baselineSubject: string, base: Sizes, detail?: Record<string, unknown>): Figure[] {
  return (['min', 'gzip', 'brotli'] as const).map((metric) =>
    figure(subject, metric, own[metric], 'bytes', { subject: baselineSubject, value: base[metric] }, detail),
  );
}

export async function runSizeBench(): Promise<BenchResult> {
  const figures: Figure[] = [];
  const notes: string[] = [];

  const litEs = sizes(await rollupBytes(LIT_ALONE, 'lit-alone', 'es'));
  const litIife = sizes(await rollupBytes(LIT_ALONE, 'lit-alone-iife', 'iife'));
  const stackEs = sizes(await rollupBytes(LIT_STACK, 'lit-stack', 'es'));
  const litEsbuild = sizes(await esbuildBytes({ code: LIT_ALONE }));
  const stackEsbuild = sizes(await esbuildBytes({ code: LIT_STACK }));

  for (const [file, base, baseName] of [
    ['dist/merchant-elements.js', litEs, 'Lit alone (rollup, ES, same settings)'],
    ['dist/merchant-elements.classic.js', litIife, 'Lit alone (rollup, IIFE, same settings)'],
  ] as const) {
    const full = path.join(root, file);
    if (!existsSync(full)) {
      notes.push(`${file} is missing (run \`npm run build\`): not measured.`);
      continue;
    }
    figures.push(...rows(file, sizes(readFileSync(full)), baseName, base));
  }
  figures.push(...rows('Lit + @lit/context (rollup, ES)', stackEs, 'Lit alone (rollup, ES, same settings)', litEs));

  const elements = listElements(root) as { name: string; tag: string }[];
  for (const element of elements) {
    const entry = path.join(root, `dist/npm/elements/${element.name}/define.js`);
    if (!existsSync(entry)) {
      notes.push(`dist/npm/elements/${element.name}/define.js is missing (run \`npm run build\`): not measured.`);
      continue;
    }
    figures.push(
      ...rows(`${element.tag} npm entry + deps (esbuild)`, sizes(await esbuildBytes({ file: entry })), 'Lit alone (esbuild, same settings)', litEsbuild),
    );
  }
  figures.push(...rows('Lit + @lit/context (esbuild)', stackEsbuild, 'Lit alone (esbuild, same settings)', litEsbuild));

  return {
    bench: 'size',
    title: 'Bundle sizes (bytes): min, gzip -9, brotli q11, against Lit alone',
    method:
      'dist/merchant-elements.js and .classic.js as built by rollup.config.mjs, against `export * from "lit"` bundled by rollup with the same plugins and format. ' +
      'Each element npm entry (dist/npm/elements/<name>/define.js) bundled and minified by esbuild (bundle, code-split: entry chunk only, minify, esm, es2021), against `export * from "lit"` through the same esbuild call. ' +
      'Sizes are deterministic for given sources.',
    date: new Date().toISOString(),
    environment: environment(),
    figures,
    notes,
  };
}

if (isMain(import.meta.url)) {
  const result = await runSizeBench();
  writeResult(result);
  printResult(result);
}
