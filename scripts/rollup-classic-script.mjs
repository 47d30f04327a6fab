// A rollup output plugin that makes the classic-script build (dist/merchant-elements.classic.js) out of an ES build
// with code splitting, so its on-demand modules can import Lit and the elements' shared modules like any module.
//
// A classic script cannot be imported from, and rollup's IIFE format cannot split code. So the classic build is
// built as ES chunks, as the module build is, and then:
// - the entry chunk becomes a classic script: wrapped in a function, its `export { … }` replaced by an object the
//   on-demand chunks read (a property of globalThis named by a Symbol.for key that holds a hash of the build, so a
//   different build on the same page never mixes with this one), and the public exports (the element classes)
//   returned into the `MerchantElements` global, as rollup's IIFE format did;
// - each on-demand chunk's `import { … } from './merchant-elements.classic.js'` becomes a read of that object (the
//   chunks are ES modules loaded with `import()`, after the script has run: the object is there);
// - the script's own `import()`s resolve against the script's URL (`scriptUrl`), not the page's, and its
//   `import.meta.url` is that URL.
// The same thing webpack does for its classic-script chunks (a global its runtime and chunks share), without a
// runtime: rollup resolves every binding at build time.
//
// It runs after terser (renderChunk, in plugin order: the entry is minified as a module, which its wrapping function
// keeps it, strict mode included) and parses the code rather than matching text.
import { createHash } from 'node:crypto';
import MagicString from 'magic-string';

/** A property name as written in an object literal or a destructuring pattern: bare when it can be. */
const propertyName = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/**
 * Replaced in every chunk by a hash of the build's modules as each chunk is rendered (same length, so source maps
 * hold): before rollup names the on-demand chunks by their content, so a chunk's name covers the key it reads.
 */
const PLACEHOLDER = 'merchant-elements.classic@################';

/** The names a module exports, through `export * from` too (rollup lists those as `*` by their source). */
async function exportedNames(context, id) {
  const names = [];
  for (const [source, bindings] of Object.entries(context.getModuleInfo(id).exportedBindings ?? {})) {
    for (const binding of bindings) {
      if (binding !== '*') names.push(binding);
      else names.push(...(await exportedNames(context, (await context.resolve(source, id)).id)));
    }
  }
  return names;
}

/**
 * @param {{ name: string, entryFileName: string }} options the global's name (it holds what the entry module exports,
 *   as rollup's IIFE format's `name` does) and the entry chunk's file name
 */
export function classicScript({ name, entryFileName }) {
  let key = '';
  const isEntryImport = (source) => source.replace(/^\.\//, '') === entryFileName;
  return {
    name: 'merchant-classic-script',
    renderStart() {
      // The build's modules, as rollup loaded and transformed them: what the chunks' code is made from.
      const modules = createHash('sha256');
      for (const id of [...this.getModuleIds()].sort())
        modules
          .update(id)
          .update('\0')
          .update(this.getModuleInfo(id)?.code ?? '');
      key = `Symbol.for(${JSON.stringify(PLACEHOLDER.replace(/#+/, modules.digest('hex').slice(0, 16)))})`;
    },
    resolveImportMeta(property, { chunkId }) {
      // A classic script has no `import.meta`: the entry's address is the script's, read as it runs.
      return property === 'url' && chunkId === entryFileName ? 'scriptUrl' : null;
    },
    renderDynamicImport({ chunk }) {
      // A classic script's `import()` resolves against the page: the entry's are made relative to the script.
      return chunk.isEntry ? { left: 'import(new URL(', right: ', scriptUrl).href)' } : null;
    },
    async renderChunk(code, chunk) {
      const source = new MagicString(code);
      const program = this.parse(code);
      if (chunk.isEntry) {
        const shared = [];
        for (const node of program.body) {
          if (node.type === 'ImportDeclaration') this.error(`${chunk.fileName} imports ${node.source.value}: a classic script cannot.`);
          if (node.type !== 'ExportNamedDeclaration') continue;
          if (node.declaration || node.source) this.error(`${chunk.fileName}: unexpected export form at ${node.start}.`);
          for (const { local, exported } of node.specifiers) shared.push([exported.name, local.name]);
          source.remove(node.start, node.end);
        }
        const object = (pairs) => `{${pairs.map(([exported, local]) => `${propertyName(exported)}:${local}`).join(',')}}`;
        const publicExports = await exportedNames(this, chunk.facadeModuleId);
        const publicPairs = shared.filter(([exported]) => publicExports.includes(exported));
        // document.currentScript is read while the script runs: it is null afterwards.
        source.prepend(`var ${name}=(function(){"use strict";const scriptUrl=document.currentScript?.src||location.href;`);
        // The first copy of this very build on the page keeps its object: its elements are the ones registered (a
        // second copy registers none), so its chunks must read its modules (the i18n's loaded languages, say).
        source.append(`globalThis[${key}]??=${object(shared)};return ${object(publicPairs)}})();\n`);
      } else {
        for (const node of program.body) {
          if (node.type !== 'ImportDeclaration' || !isEntryImport(node.source.value)) continue;
          const bindings = node.specifiers.map((s) => {
            if (s.type !== 'ImportSpecifier') this.error(`${chunk.fileName}: only named imports of the entry are supported.`);
            return `${propertyName(s.imported.name)}:${s.local.name}`;
          });
          source.overwrite(node.start, node.end, `const{${bindings.join(',')}}=globalThis[${key}];`);
        }
      }
      return { code: source.toString(), map: source.generateMap({ hires: true }) };
    },
  };
}
