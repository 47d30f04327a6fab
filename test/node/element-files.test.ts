/**
 * The one rule for what a page with the script-tag bundle loads for its elements (src/contract/element-files.ts): the
 * file holding every element when the page's elements' own files would sum to more than it, else each element's file;
 * and the sizes the build measured (dist/merchant-elements-files.json, the loader's table) make a page with every
 * element take the combined file and a page with one element its own.
 *
 *   node --import tsx --test test/node/element-files.test.ts        (needs `npm run build`)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildFilesList, elementFilesFor, isContentHashed, prefersCombined, type BuildFiles, type ElementFileSizes } from '../../src/contract/element-files.ts';
import { root } from './dist-helpers.ts';
import { registeredElements } from '../../scripts/elements.mjs';

const sizes: ElementFileSizes = { elements: { 'merchant-a': 4_000, 'merchant-b': 3_000, 'merchant-c': 2_000 }, combined: 6_500 };

test('the combined file is chosen only when the files apart would weigh more', () => {
  assert.equal(prefersCombined([], sizes), false);
  assert.equal(prefersCombined(['merchant-a'], sizes), false);
  assert.equal(prefersCombined(['merchant-a', 'merchant-b'], sizes), true, '7,000 apart > 6,500');
  assert.equal(prefersCombined(['merchant-a', 'merchant-c'], sizes), false, '6,000 apart < 6,500');
  assert.equal(prefersCombined(['merchant-a', 'merchant-c', 'merchant-c'], sizes), false, 'a tag counts once');
  assert.equal(prefersCombined(['merchant-a', 'merchant-b', 'merchant-unknown'], sizes), true);
});

test('without measured sizes the files stay apart', () => {
  assert.equal(prefersCombined(['merchant-a', 'merchant-b', 'merchant-c'], undefined), false);
  assert.equal(prefersCombined(['merchant-a', 'merchant-b', 'merchant-c'], { elements: sizes.elements, combined: Number.NaN }), false);
});

test("the files a page loads are named from the build's list, none without one", () => {
  const list: BuildFiles = {
    ...sizes,
    bundle: 'merchant-elements.js',
    files: {
      a: 'merchant-elements-a-0123abcd.js',
      b: 'merchant-elements-b-4567ef01.js',
      c: 'merchant-elements-c-89abcdef.js',
      all: 'merchant-elements-all-fedcba98.js',
    },
  };
  assert.deepEqual(elementFilesFor(['merchant-a', 'merchant-c', 'merchant-a'], list), ['merchant-elements-a-0123abcd.js', 'merchant-elements-c-89abcdef.js']);
  assert.deepEqual(elementFilesFor(['merchant-a', 'merchant-b'], list), ['merchant-elements-all-fedcba98.js']);
  assert.deepEqual(elementFilesFor(['merchant-a'], undefined), [], 'no build, no hint');
  assert.equal(buildFilesList(), 'merchant-elements-files.json');
  assert.equal(buildFilesList(true), 'merchant-elements-classic-files.json');
  assert.ok(isContentHashed('merchant-elements-menu-tools-1a2b3c4d.js'));
  for (const stable of [
    'merchant-elements.js',
    'merchant-elements.classic.js',
    'merchant-elements.standalone.js',
    'merchant-elements-menu.js',
    'merchant-elements-files.json',
  ])
    assert.ok(!isContentHashed(stable), stable);
});

for (const [label, prefix] of [
  ['module', 'merchant-elements-'],
  ['classic', 'merchant-elements-classic-'],
] as const) {
  test(`${label} build: the sizes written are the files' as served, and a page with every element takes the combined file`, () => {
    const measured = JSON.parse(readFileSync(path.join(root, `dist/${prefix}files.json`), 'utf8')) as BuildFiles;
    const gzip = (file: string) => gzipSync(readFileSync(path.join(root, 'dist', file)), { level: 9 }).length;
    const tags = registeredElements(root).map((name) => `merchant-${name}`);
    assert.deepEqual(Object.keys(measured.elements), tags, "the loader table's order");
    for (const name of registeredElements(root)) {
      assert.match(measured.files[name]!, new RegExp(`^${prefix}${name}-[0-9a-f]{8}\\.js$`), name);
      assert.equal(measured.elements[`merchant-${name}`], gzip(measured.files[name]!), name);
    }
    assert.equal(measured.combined, gzip(measured.files.all!));
    // The loader's table holds the same figures (the bundle's filled-in placeholder).
    const bundle = readFileSync(path.join(root, `dist/merchant-elements${label === 'classic' ? '.classic' : ''}.js`), 'utf8');
    assert.ok(bundle.includes(`"${[...Object.values(measured.elements), measured.combined].join(',')} `), 'the bundle carries the sizes');
    assert.equal(prefersCombined(tags, measured), true);
    for (const tag of tags) assert.equal(prefersCombined([tag], measured), false, tag);
  });
}
