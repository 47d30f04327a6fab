/**
 * The server renderer for a gateway on Node, loaded when the first render is asked for: render.ts runs the elements
 * under Lit's DOM shim, which a gateway that never renders should not carry. Imported by a computed specifier, so
 * the server's TypeScript project (no DOM types) does not type-check the renderer's (tsconfig.ssr.json), and so the
 * server's build (scripts/build-node.mjs) keeps it a module of its own: from the sources under tsx this file loads
 * ./render.ts beside it; built, it is bundled into dist/node/cli.js and loads dist/node/ssr/render.js.
 */
import type { ElementRenderer, StyleHashes } from '../gateway/render-route.ts';

interface RendererModule {
  renderElement: ElementRenderer;
  styleHashes: () => Record<string, string>;
}

let loading: Promise<RendererModule> | undefined;

function loadRenderer(): Promise<RendererModule> {
  const specifier = new URL(import.meta.url.endsWith('.ts') ? './render.ts' : './ssr/render.js', import.meta.url).href;
  loading ??= import(specifier) as Promise<RendererModule>;
  return loading;
}

/** A renderer that loads the real one on first use. */
export const lazyRenderer: ElementRenderer = async (request) => (await loadRenderer()).renderElement(request);

/** The rendered stylesheets' hashes, loading the renderer on first use. */
export const lazyStyleHashes: StyleHashes = async () => (await loadRenderer()).styleHashes();
