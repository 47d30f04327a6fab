/**
 * The template minifier (scripts/rollup-minify-literals.mjs) shrinks our css``/html`` text without changing what
 * the browser sees: quoted CSS strings, calc()'s required spaces, descendant combinators and ${} expressions stay.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { minifyCss, minifyLiterals } from '../../scripts/rollup-minify-literals.mjs';

test('css: whitespace, comments and optional spaces go; strings, calc() operators and descendant combinators stay', () => {
  const css = `
    /* a comment */
    :host([state='loading']) .base {
      gap: calc(var(--_space) / 4) calc(var(--_space) * 0.75);
      width: calc(100% - 2px);
    }
    .item > div,
    [role="tab"] ~ [aria-selected='true'] {
      flex: 1 1 20rem;
      aspect-ratio: 16 / 9;
    }
    .a .period + .period::before {
      content: ', ';
      quotes: "\\201C" "\\201D";
    }
  `;
  assert.equal(
    minifyCss(css),
    ` :host([state=loading]) .base{gap:calc(var(--_space)/4) calc(var(--_space) * .75);width:calc(100% - 2px)}` +
      `.item>div,[role=tab] ~ [aria-selected=true]{flex:1 1 20rem;aspect-ratio:16/9}` +
      `.a .period + .period::before{content:', ';quotes:"\\201C" "\\201D"}`,
  );
});

test('css: attribute values that are not plain words keep their quotes', () => {
  assert.equal(minifyCss(`[href^='https://x'] , [lang='en-US']{color:red}`), `[href^='https://x'],[lang=en-US]{color:red}`);
  assert.equal(minifyCss(`[data-x='1a'] {color:red}`), `[data-x='1a']{color:red}`);
});

test('html: line breaks collapse to one space; expressions and nested templates are minified or kept as they are', () => {
  const code = 'const t = html`<ul>\n    <li>${a ? html`<b>\n  x</b>` : "keep\\n  this"}</li>\n  </ul>`;';
  assert.equal(minifyLiterals(code), 'const t = html`<ul> <li>${a ? html`<b> x</b>` : "keep\\n  this"}</li> </ul>`;');
});
