// The template minifier of both browser builds: Lit's team's @lit-labs/rollup-plugin-minify-html-literals
// (html-minifier-next for html``, lightningcss for css``), a maintained plugin instead of a hand-written one.
// It runs after esbuild, on JavaScript, over our own sources only (Lit ships minified), and a template it
// cannot parse fails the build rather than shipping unminified without anyone noticing.
//
// The server renders the same minified templates (src/ssr/render.ts): Lit's hydration in the browser finds each
// template by a digest of its strings, so the server's must be the browser's. The server build (scripts/build-node.mjs)
// and, from the sources, a module hook (scripts/minify-templates-hook.mjs) call `minifyModuleTemplates`: the same
// minifier with the same options.
import minifyHTML from '@lit-labs/rollup-plugin-minify-html-literals';
import { minifyHTMLLiterals } from '@lit-labs/rollup-plugin-minify-html-literals/lib/minify-html-literals.js';

// keepClosingSlash: in an svg`` template, `<line/>` without its slash is an open element, and the next shape
// would nest inside it (the close icon once lost a stroke that way). test/node/dist-svg.test.ts holds it.
const options = { minifyOptions: { keepClosingSlash: true } };

export function minifyTemplates() {
  return minifyHTML({ include: ['src/**'], failOnError: true, options });
}

/** One module's code (TypeScript or JavaScript) with its templates minified as the browser builds minify them. */
export async function minifyModuleTemplates(code, fileName) {
  const minified = await minifyHTMLLiterals(code, { ...options, fileName });
  return minified ? minified.code : code;
}
