/**
 * The template minifier as the builds configure it (scripts/rollup-minify-templates.mjs, Lit's
 * @lit-labs/rollup-plugin-minify-html-literals): our css``/html`` text shrinks, and what the browser sees does
 * not change (quoted CSS strings, calc()'s required spaces, descendant combinators, ${} expressions stay).
 */
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { minifyTemplates } from '../../scripts/rollup-minify-templates.mjs';

type Transform = (code: string, id: string) => Promise<{ code: string } | undefined>;

async function run(code: string, id = path.resolve('src/elements/x/x.ts')): Promise<string | undefined> {
  const plugin = minifyTemplates();
  const context = { warn: (message: unknown) => assert.fail(String(message)), error: (message: unknown) => assert.fail(String(message)) };
  const result = await (plugin.transform as unknown as Transform).call(context, code, id);
  return result?.code;
}

test('css``: whitespace and comments go; strings, calc() operators and descendant combinators stay', async () => {
  const source = `const s = css\`
    /* a comment */
    :host([state='loading']) .base {
      width: calc(100% - 2px);
    }
    .a .period + .period::before {
      content: ', ';
    }
  \`;`;
  const out = await run(source);
  assert.ok(out, 'the source was transformed');
  assert.ok(out.length < source.length * 0.8, out);
  assert.doesNotMatch(out, /a comment/);
  assert.match(out, /calc\(100% - 2px\)/);
  assert.match(out, /content:", "|content:', '/);
  assert.match(out, /\.a \.period\+\.period:+before/);
});

test('html``: line-break whitespace collapses, expressions and nested templates stay', async () => {
  const source = 'const t = html`<ul>\n      <li class="item">${a ? html`<b>\n   x</b>` : "keep\\n  this"}</li>\n    </ul>`;';
  const out = await run(source);
  assert.ok(out);
  assert.doesNotMatch(out, /\n\s+</);
  assert.match(out, /\$\{a \? html`<b>/);
  assert.match(out, /"keep\\n {2}this"/);
});

test('files outside src/ (Lit itself) are left alone', async () => {
  assert.equal(await run('const s = css`  a { color : red }  `;', path.resolve('node_modules/lit/index.js')), undefined);
});
