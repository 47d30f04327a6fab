// A Node module hook (module.register) for the server renderer run from the sources (src/ssr/render.ts registers
// it under tsx): each module of src/elements/ is loaded with its templates minified as the browser builds minify
// them (scripts/rollup-minify-templates.mjs), so the digests Lit's hydration compares are the same on both sides.
// It runs after tsx's own hook (hooks registered later run first and call the earlier ones through nextLoad), on
// the JavaScript tsx made.
import { fileURLToPath } from 'node:url';
import { minifyModuleTemplates } from './rollup-minify-templates.mjs';

const ELEMENTS = fileURLToPath(new URL('../src/elements/', import.meta.url));

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  if (!url.startsWith('file:') || loaded.source == null) return loaded;
  const file = fileURLToPath(new URL(new URL(url).pathname, 'file:'));
  if (!file.startsWith(ELEMENTS) || !file.endsWith('.ts')) return loaded;
  return { ...loaded, source: await minifyModuleTemplates(String(loaded.source), file) };
}
