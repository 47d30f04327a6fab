// The template minifier of both browser builds: Lit's team's @lit-labs/rollup-plugin-minify-html-literals
// (html-minifier-next for html``, lightningcss for css``), a maintained plugin instead of a hand-written one.
// It runs after esbuild, on JavaScript, over our own sources only (Lit ships minified), and a template it
// cannot parse fails the build rather than shipping unminified without anyone noticing.
import minifyHTML from '@lit-labs/rollup-plugin-minify-html-literals';

export function minifyTemplates() {
  // keepClosingSlash: in an svg`` template, `<line/>` without its slash is an open element, and the next shape
  // would nest inside it (the close icon once lost a stroke that way). test/node/dist-svg.test.ts holds it.
  return minifyHTML({ include: ['src/**'], failOnError: true, options: { minifyOptions: { keepClosingSlash: true } } });
}
