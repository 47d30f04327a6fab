/**
 * custom-elements.json is generated from the elements' JSDoc, lists every element with documented
 * attributes, and the element reference (docs/elements-reference.md, and the README block when the
 * README carries the markers) is generated from it: a stale reference fails here.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { listElements } from '../../scripts/elements.mjs';
import { END, START, elementsOf, expectedOutputs, renderReference, withReadmeBlock } from '../../scripts/elements-reference.mjs';
import { at, readBuilt, ELEMENT_TAGS, root } from './dist-helpers.ts';

const manifest = JSON.parse(readBuilt('dist/custom-elements.json'));
const declarations = elementsOf(manifest);

test('the manifest lists every element, once, with its published module', () => {
  const tags = declarations.map((d: { tagName: string }) => d.tagName);
  assert.deepEqual(
    tags,
    listElements(root).map((e) => e.tag),
  );
  for (const mod of manifest.modules) assert.match(mod.path, /^dist\/npm\/.+\.js$/, `module path ${mod.path} is not a published file`);
});

test('every element and every attribute is documented', () => {
  for (const d of declarations) {
    assert.ok((d.summary ?? d.description ?? '').trim(), `<${d.tagName}> has no description`);
    for (const a of d.attributes ?? []) assert.ok(a.description?.trim(), `<${d.tagName} ${a.name}> has no description`);
    if (d.tagName !== 'merchant-provider') {
      const names = (d.attributes ?? []).map((a: { name: string }) => a.name);
      for (const shared of ['endpoint', 'location-id', 'locale', 'lazy', 'theme'])
        assert.ok(names.includes(shared), `<${d.tagName}> does not list the shared attribute ${shared}`);
      assert.ok(
        (d.events ?? []).some((e: { name: string }) => e.name === 'merchant-load'),
        `<${d.tagName}> does not document merchant-load`,
      );
      assert.ok((d.cssParts ?? []).length > 0, `<${d.tagName}> documents no CSS part`);
    }
  }
});

test('package.json points its customElements field at the generated manifest', () => {
  const pkg = JSON.parse(readFileSync(at('package.json'), 'utf8'));
  assert.equal(pkg.customElements, 'dist/custom-elements.json');
});

test('docs/elements-reference.md (and the README block) are generated from the manifest and up to date', () => {
  for (const { file, text } of expectedOutputs(root)) {
    assert.ok(existsSync(file), `${file} is missing: run \`npm run docs:elements\``);
    assert.equal(readFileSync(file, 'utf8'), text, `${file} is out of date with custom-elements.json: run \`npm run docs:elements\``);
  }
  const reference = readFileSync(at('docs/elements-reference.md'), 'utf8');
  for (const tag of ELEMENT_TAGS) assert.ok(reference.includes(`## \`<${tag}>\``), `the reference has no section for ${tag}`);
});

test('the README carries the element reference or links to the generated one', () => {
  const readme = readFileSync(at('README.md'), 'utf8');
  assert.ok(
    readme.includes(START) || readme.includes('docs/elements-reference.md'),
    'README.md neither embeds the generated reference nor links docs/elements-reference.md',
  );
});

test('the reference renderer documents attributes, events, slots, parts and custom properties', () => {
  const sample = {
    modules: [
      {
        path: 'x.js',
        declarations: [
          {
            customElement: true,
            tagName: 'x-demo',
            name: 'XDemo',
            summary: 'A demo.',
            attributes: [{ name: 'format', fieldName: 'format', type: { text: "'a' | 'b'" }, default: "'a'", description: 'Which.' }],
            events: [{ name: 'x-load', description: 'Loaded.' }],
            slots: [{ name: 'error', description: 'Replaces the error view.' }],
            cssParts: [{ name: 'base', description: 'The wrapper.' }],
            cssProperties: [{ name: '--x-color', description: 'Text colour.' }],
          },
        ],
      },
    ],
  };
  const text = renderReference(sample);
  for (const expected of ['## `<x-demo>`', "`'a' \\| 'b'`", '`x-load`', '`error`', '`base`', '`--x-color`'])
    assert.ok(text.includes(expected), `missing ${expected}`);
  const readme = `intro\n${START}\nold\n${END}\noutro\n`;
  assert.match(withReadmeBlock(readme, text), /intro\n<!-- elements-reference:start -->\n[\s\S]*## `<x-demo>`[\s\S]*<!-- elements-reference:end -->\noutro/);
});
