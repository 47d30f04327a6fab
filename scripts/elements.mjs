// The list of elements, discovered from the tree rather than written down, so the builds, the size
// budgets, the exports map and the demo pick up a new element (or tolerate a missing one) by themselves.
// An element is a folder src/elements/<name>/ holding define.ts (registration) and merchant-<name>.ts
// (the class). Folders without define.ts (shared code) are not elements.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** @returns {{name: string, tag: string, define: string, classFile: string | null}[]} sorted by name; paths relative to the repo root */
export function listElements(base = root) {
  const dir = path.join(base, 'src/elements');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'define.ts')))
    .map((entry) => {
      const classFile = `src/elements/${entry.name}/merchant-${entry.name}.ts`;
      return {
        name: entry.name,
        tag: `merchant-${entry.name}`,
        define: `src/elements/${entry.name}/define.ts`,
        classFile: existsSync(path.join(base, classFile)) ? classFile : null,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The script-tag bundle's element table, `merchant-elements:on-demand` (its type: src/elements/on-demand.d.ts): each
 * element's tag and a function that imports its registration module, in the order of the one list,
 * src/elements/all.ts (its `export * from './<name>/define.ts';` lines). The bundle's loader (src/elements/autoload.ts)
 * imports an element's module when the page holds its tag, so each element is a chunk of its own; the npm index
 * exports all.ts itself. Made here, from all.ts, so that the list stays written once.
 */
export const ON_DEMAND_ELEMENTS = 'merchant-elements:on-demand';

/** The names all.ts registers, in its order. */
export function registeredElements(base = root) {
  const source = readFileSync(path.join(base, 'src/elements/all.ts'), 'utf8');
  return [...source.matchAll(/^export \* from '\.\/([a-z]+)\/define\.ts';$/gm)].map((match) => match[1]);
}

/**
 * The source of `merchant-elements:on-demand`: `export default [[tag, () => import(registration), size, firstData?, firstModules?, firstFormats?], …]`
 * and `export const combined = [() => import(every element's registration), size]` (null without a combined file).
 * `size`: the file's measured size, filled in by the build (`sizes`: its placeholder; without one, unknown).
 * An element whose folder has a `loader-hints.ts` gives the loader its own rule for what to start before its module
 * arrives, its exports (`firstData(element, endpoint, locationId)`: the URL of the data it will ask for first, or null; by
 * default its location's page data; `firstModules(element)`: starts the on-demand modules it will ask for with it;
 * `firstFormats(locale)`: makes the formatter its ready view makes first, for shared/warm-formats.ts).
 * That small module is imported statically, so it is in the bundle with the loader.
 */
/** The rules an element's `loader-hints.ts` may export, in the element table's order after the size. */
const HINT_RULES = ['firstData', 'firstModules', 'firstFormats'];

export function onDemandElementsSource(base = root, { combined = null, sizes = null } = {}) {
  const imports = [];
  const rows = registeredElements(base).map((name, index) => {
    const file = path.join(base, 'src/elements', name, 'define.ts');
    const hints = path.join(base, 'src/elements', name, 'loader-hints.ts');
    let row = `${JSON.stringify(`merchant-${name}`)}, () => import(${JSON.stringify(file)}), sizes[${index}]`;
    if (existsSync(hints)) {
      // Each rule the file exports, by name, in its column (`void 0` for one it has not): no namespace object to carry.
      const source = readFileSync(hints, 'utf8');
      const rules = HINT_RULES.map((rule) => (new RegExp(`^export (const|function) ${rule}\\b`, 'm').test(source) ? `${name}_${rule}` : null));
      const named = HINT_RULES.flatMap((rule, i) => (rules[i] ? [`${rule} as ${rules[i]}`] : []));
      imports.push(`import { ${named.join(', ')} } from ${JSON.stringify(hints)};`);
      while (rules.at(-1) === null) rules.pop();
      row += `, ${rules.map((rule) => rule ?? 'void 0').join(', ')}`;
    }
    return `  [${row}],`;
  });
  // The sizes are measured once the files are written (scripts/rollup-combined-elements.mjs fills the placeholder).
  const sizesSource = sizes === null ? '[]' : `${JSON.stringify(sizes)}.split(',').map(Number)`;
  const combinedSource = combined === null ? 'null' : `[() => import(${JSON.stringify(combined)}), sizes[${rows.length}]]`;
  return [...imports, `const sizes = ${sizesSource};`, `export default [\n${rows.join('\n')}\n];`, `export const combined = ${combinedSource};`, ''].join('\n');
}

/**
 * Resolves `merchant-elements:on-demand` in a rollup build. `combined`: the combined file's absolute path (it is made
 * by scripts/rollup-combined-elements.mjs, outside this build's graph: an external import), and the sizes' placeholder.
 */
export function onDemandElementsRollup(base = root, { combined = null, sizes = null } = {}) {
  const id = `\0${ON_DEMAND_ELEMENTS}`;
  const combinedId = '\0merchant-elements:combined';
  return {
    name: 'merchant-on-demand-elements',
    resolveId: (source) => {
      if (source === ON_DEMAND_ELEMENTS) return id;
      // Written as is: the file sits beside the bundle.
      if (source === combinedId && combined) return { id: `./${combined}`, external: 'absolute' };
      return null;
    },
    load: (loaded) => (loaded === id ? onDemandElementsSource(base, { combined: combined && combinedId, sizes }) : null),
  };
}

/** Resolves `merchant-elements:on-demand` in an esbuild build (the size estimates, the tests that bundle src/bundle.ts). */
export function onDemandElementsEsbuild(base = root) {
  return {
    name: 'merchant-on-demand-elements',
    setup(build) {
      build.onResolve({ filter: /^merchant-elements:on-demand$/ }, () => ({ path: ON_DEMAND_ELEMENTS, namespace: 'merchant-on-demand' }));
      build.onLoad({ filter: /.*/, namespace: 'merchant-on-demand' }, () => ({
        contents: onDemandElementsSource(base),
        loader: 'js',
        resolveDir: path.join(base, 'src/elements'),
      }));
    },
  };
}
