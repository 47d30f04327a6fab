/**
 * The built bundles' SVG icons keep their shape (issue 19: the close "×" was drawn as one stroke). The template
 * minifier once dropped the self-closing slashes of svg`` shapes, so `<line/><line/>` became `<line><line>` and the
 * second line nested inside the first (not drawn). Every shape element in every built browser file is either
 * self-closed or closed before the next tag; and the close icon has both strokes.
 *
 *   node --import tsx --test test/node/dist-svg.test.ts        (needs `npm run build`)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { at, builtFile, readBuilt } from './dist-helpers.ts';

const SHAPES = 'line|polyline|polygon|path|circle|rect|ellipse';

function builtFiles(): string[] {
  const top = readdirSync(at('dist'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `dist/${f}`);
  const npm = (readdirSync(at('dist/npm'), { recursive: true }) as string[]).filter((f) => f.endsWith('.js')).map((f) => path.join('dist/npm', f));
  return [...top, ...npm];
}

test('every SVG shape in the built files is closed, so none nests in another', () => {
  const files = builtFiles();
  assert.ok(files.includes('dist/merchant-elements.js'), 'the script-tag bundle is built');
  let shapes = 0;
  for (const file of files) {
    const text = readBuilt(file);
    for (const match of text.matchAll(new RegExp(`<(${SHAPES})\\b[^<>]*>`, 'g'))) {
      shapes++;
      const [tag, name] = match;
      if (tag.endsWith('/>')) continue;
      const after = text.slice(match.index + tag.length);
      assert.ok(after.startsWith(`</${name}>`), `${file}: ${tag} is left open (followed by ${JSON.stringify(after.slice(0, 40))})`);
    }
  }
  assert.ok(shapes > 0, 'the bundles have SVG icons');
});

test('the close icon draws two strokes', () => {
  // The lightbox, and its close button, are a module loaded on demand.
  const bundle = readBuilt(builtFile('photos-lightbox'));
  // The icon next to the close button's label: either two lines or one path with two segments (two M commands).
  const near = bundle.slice(bundle.indexOf('part="button close"'));
  const icon = /<(line|path)\b[^<>]*>(?:<\/\1>)?(?:<line\b[^<>]*\/>)?/.exec(near);
  assert.ok(icon, 'the close button has an icon');
  const lines = near.slice(0, 400).match(/<line\b[^<>]*\/>/g) ?? [];
  const pathD = /<path d="([^"]*)"\/>/.exec(near.slice(0, 400))?.[1] ?? '';
  const strokes = lines.length || (pathD.match(/M/gi) ?? []).length;
  assert.equal(strokes, 2, `the × has two strokes: ${near.slice(0, 300)}`);
});
