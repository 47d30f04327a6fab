/**
 * One element list, derived everywhere: an element is its folder (src/elements/<name>/define.ts and
 * merchant-<name>.ts, whose class JSDoc carries its @title, @icon and @summary) and one line in src/elements/all.ts.
 * This fails when an element is missing from any place that should have it: the one list, the npm index and the
 * script-tag bundles, the manifest (with its title, icon and summary), the WordPress blocks, the configurator, the
 * server renderer and the render CLI, the render route's documented path, and the reserved heights.
 *
 * Needs `npm run build` (the manifest, the bundles and the WordPress build are read from dist/).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { listElements, onDemandElementsSource, registeredElements } from '../../scripts/elements.mjs';
import { elementTable } from '../../scripts/build-wordpress.mjs';
import { elementsOf, showsData, type ManifestElement } from '../../demo/element-options.js';
import { openApiDocument } from '../../src/gateway/openapi.ts';
import { renderableElements } from '../../src/cli/render.ts';
import { at, readBuilt, root } from './dist-helpers.ts';

const folders = listElements(root);
const tags = folders.map((element) => element.tag);
const manifest = JSON.parse(readBuilt('dist/custom-elements.json'));
const declared: ManifestElement[] = elementsOf(manifest);
const byTag = new Map(declared.map((element) => [element.tagName, element]));
/** The elements that show a location's data (MerchantElement's subclasses): not the provider, which only groups them. */
const dataTags = declared.filter(showsData).map((element) => element.tagName);

/** The element names the one list registers, in its order: `export * from './<name>/define.ts';` lines. */
const listed = (): string[] => registeredElements(root);

/** The files of the TypeScript side and its build, where a second list would hide: the sources, the build scripts and configs. */
function typeScriptSide(): string[] {
  return [
    ...readdirSync(at('src'), { recursive: true }).map((file) => path.join('src', String(file))),
    ...readdirSync(at('scripts')).map((file) => path.join('scripts', file)),
    ...readdirSync(root).filter((file) => /\.(mjs|js|json)$/.test(file) && !file.startsWith('package')),
  ].filter((file) => /\.(ts|mts|js|mjs|json)$/.test(file));
}

describe('one element list, derived everywhere', () => {
  it('there are elements to check', () => {
    assert.ok(folders.length > 1, 'no element folder found under src/elements/');
    assert.ok(dataTags.length > 0 && dataTags.length < tags.length, 'the manifest marks no element, or every one, as showing data');
  });

  it('the one list (src/elements/all.ts) names every element folder, once, and nothing else', () => {
    const names = listed();
    assert.equal(new Set(names).size, names.length, `a line appears twice in src/elements/all.ts: ${names.join(', ')}`);
    assert.deepEqual([...names].sort(), folders.map((element) => element.name).sort(), 'src/elements/all.ts and the element folders differ');
    assert.equal(names[0], 'provider', 'the provider is registered first, so the elements inside one find it defined');
  });

  it('the npm index and the script-tag bundle are the one list (no list of their own)', () => {
    const index = readFileSync(at('src/index.ts'), 'utf8');
    assert.match(index, /^export \* from '\.\/elements\/all\.ts';$/m, 'src/index.ts does not export src/elements/all.ts');
    // The bundle loads each element on demand from the table made of all.ts at build time (scripts/elements.mjs).
    const bundle = readFileSync(at('src/bundle.ts'), 'utf8');
    assert.match(
      bundle,
      /^import elements, \{ combined \} from 'merchant-elements:on-demand';$/m,
      'src/bundle.ts does not load the elements of src/elements/all.ts',
    );
    for (const [file, source] of [
      ['src/index.ts', index],
      ['src/bundle.ts', bundle],
    ])
      assert.doesNotMatch(source, /\/define\.ts'/, `${file} lists a registration file itself`);
    assert.deepEqual(
      [...onDemandElementsSource(root).matchAll(/\["(merchant-[a-z]+)", \(\) => import\(/g)].map((match) => match[1]),
      listed().map((name) => `merchant-${name}`),
      "the bundle's table is all.ts's list, in its order",
    );
  });

  it('every element is registered and exported by the built npm index and the bundles', () => {
    const index = readBuilt('dist/npm/index.js');
    const bundles = ['dist/merchant-elements.js', 'dist/merchant-elements.classic.js'].map((file) => [file, readBuilt(file)] as const);
    for (const { name, tag } of folders) {
      assert.ok(index.includes(`import "./elements/${name}/define.js";`), `dist/npm/index.js does not register <${tag}>`);
      const className = byTag.get(tag)?.name;
      assert.ok(
        className && new RegExp(`export \\{[^}]*\\b${className}\\b`).test(index),
        `dist/npm/index.js does not export ${className ?? `the class of <${tag}>`}`,
      );
      for (const [file, code] of bundles) assert.ok(code.includes(`"${tag}"`), `<${tag}> is not loaded by ${file}`);
    }
  });

  it('every element has its title, icon and summary in the manifest, from its class JSDoc', () => {
    assert.deepEqual(
      declared.map((element) => element.tagName),
      tags,
      'the manifest and the element folders differ',
    );
    for (const element of declared) {
      for (const field of ['title', 'icon', 'summary'] as const) {
        assert.ok(typeof element[field] === 'string' && element[field].trim(), `<${element.tagName}> has no ${field} (its class needs a @${field})`);
      }
      assert.match(element.icon, /^[a-z0-9-]+$/, `<${element.tagName}>'s @icon is a dashicon name without "dashicons-"`);
    }
  });

  it('the WordPress plugin has a block for every element, with its title and icon (no made-up fallback)', () => {
    const table = elementTable(manifest);
    assert.deepEqual(Object.keys(table).sort(), tags);
    const built = JSON.parse(readBuilt('dist/wordpress/merchant-elements/generated/elements.json'));
    assert.deepEqual(Object.keys(built).sort(), tags, 'the built plugin is stale: npm run build');
    for (const { name, tag } of folders) {
      const element = byTag.get(tag)!;
      const block = JSON.parse(readBuilt(`dist/wordpress/merchant-elements/blocks/${name}/block.json`));
      assert.equal(block.title, element.title, `the ${name} block's title`);
      assert.equal(block.icon, element.icon, `the ${name} block's icon`);
      assert.equal(table[tag]!.title, element.title);
    }
    const untitled = { modules: [{ declarations: [{ customElement: true, tagName: 'merchant-untitled', summary: 'No title.', attributes: [] }] }] };
    assert.throws(() => elementTable(untitled), /<merchant-untitled> has no title or icon/);
  });

  it('the configurator offers every element that shows data, under its title', () => {
    const configurator = readFileSync(at('demo/configurator.js'), 'utf8');
    assert.match(configurator, /elementsOf\([^)]*\)\)\.filter\(showsData\)/, "the configurator offers the manifest's data elements");
    assert.match(configurator, /text: element\.title/, "the configurator shows each element's title");
  });

  it('the server renderer and the render CLI render every element that shows data', async () => {
    assert.deepEqual(await renderableElements(), dataTags.map((tag) => tag.replace(/^merchant-/, '')).sort());
  });

  it("the render route's documented path takes every element's name", () => {
    const route = (openApiDocument().paths as Record<string, { get: { parameters: { name: string; schema: { pattern?: string; enum?: string[] } }[] } }>)[
      '/v1/locations/{id}/render/{element}'
    ]!;
    const schema = route.get.parameters.find((parameter) => parameter.name === 'element')!.schema;
    assert.equal(schema.enum, undefined, 'a hand-kept list of element names in the OpenAPI document');
    for (const tag of dataTags) assert.match(tag.replace(/^merchant-/, ''), new RegExp(schema.pattern!));
  });

  it('the reserved-heights script measures the elements the manifest says show data, and names none itself', () => {
    const script = readFileSync(at('scripts/measure-reserved-heights.ts'), 'utf8');
    assert.match(script, /elementsOf\(manifest\)\s*\.filter\(showsData\)/);
    for (const tag of tags) assert.ok(!script.includes(`'${tag}`) && !script.includes(` ${tag},`), `scripts/measure-reserved-heights.ts names <${tag}>`);
  });
  it('outside its folder, only the one list names an element: no file of the TypeScript side or its build imports or lists its modules', () => {
    // Where a second list would hide: the sources, the build scripts and configs. The element's own folder, and
    // src/elements/all.ts (the list), may. A path into an element's folder, written out or imported, is a naming.
    const sources = typeScriptSide();
    const folderOf = (file: string) => folders.find(({ name }) => file.startsWith(path.join('src/elements', name) + path.sep))?.name;
    const found: string[] = [];
    for (const file of sources) {
      if (file === path.join('src/elements/all.ts')) continue;
      const text = readFileSync(at(file), 'utf8');
      for (const [, spec] of text.matchAll(/['"`]((?:\.{1,2}\/|src\/elements\/)[^'"`\s]*)['"`]/g)) {
        const target = spec!.startsWith('src/') ? spec! : path.join(path.dirname(file), spec!);
        const named = folderOf(path.normalize(target));
        if (named && named !== folderOf(file)) found.push(`${file} names ${named} (${spec})`);
      }
    }
    assert.deepEqual(found, [], 'an element named outside its folder: derive it from the element list (scripts/elements.mjs) instead');
  });

  it("outside its folder, no code writes an element's tag name (a selector, a string): the element keeps the rule", () => {
    // Comments may speak of an element; code may not pick one out by name, as a print selector listing three did.
    // Three places may, each for a reason:
    // - the shared base and the script-tag bundle's loader find the enclosing provider by its tag (customElements.get,
    //   closest): the provider is the other end of the elements' context protocol, and importing its folder to learn
    //   the name would define it;
    // - scripts/size.mjs's ELEMENT_BUDGETS and PAGE_BUDGETS: measurements keyed by product (an element's npm entry, a
    //   page with that element), data about the built files rather than a list of elements (one missing from
    //   ELEMENT_BUDGETS takes the default budget); held below and in dist-size.test.ts to real elements.
    const allowed = new Map([
      [path.join('src/elements/shared/merchant-element.ts'), new Set(['merchant-provider'])],
      [path.join('src/elements/autoload.ts'), new Set(['merchant-provider'])],
    ]);
    const sources = typeScriptSide().filter((file) => file !== path.join('src/elements/all.ts'));
    const tagName = new RegExp(`(?<![\\w-])(${tags.join('|')})(?![\\w-])`, 'g');
    const found: string[] = [];
    for (const file of sources) {
      const own = folders.find(({ name }) => file.startsWith(path.join('src/elements', name) + path.sep))?.tag;
      let code = readFileSync(at(file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:\\'"`])\/\/.*$/gm, '$1');
      if (file === path.join('scripts/size.mjs')) code = code.replace(/(ELEMENT|PAGE)_BUDGETS = \{[^}]*\}/g, '');
      for (const [tag] of code.matchAll(tagName)) if (tag !== own && !allowed.get(file)?.has(tag)) found.push(`${file} names <${tag}>`);
    }
    assert.deepEqual(found, [], 'an element picked out by name outside its folder: give the rule to the element');
  });

  it("scripts/size.mjs's own budgets are for elements that exist", async () => {
    const { ELEMENT_BUDGETS } = await import('../../scripts/size.mjs');
    const stale = Object.keys(ELEMENT_BUDGETS).filter((tag) => !tags.includes(tag));
    assert.deepEqual(stale, [], 'ELEMENT_BUDGETS names an element that is not in src/elements/');
  });
});
