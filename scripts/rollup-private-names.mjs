// A rollup plugin (both builds): shortens the names of our classes' private members.
//
// Private members are named `__camelCase` in src/ (TypeScript `private`, never a reactive property: a decorated
// property's name is a string Lit uses at run time, so those keep their names). This plugin gives each such name
// one short name, the same in every module (`__task` is `__a` in the base class and in the provider alike), so the
// npm build's modules stay consistent with each other and an application's bundler ships short names too.
// The table is built from the declarations in src/elements (sorted, so builds are deterministic); only those names
// are replaced, and only in our own sources (Lit's dev build has `__x` members of its own, never touched).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const DECLARATION = /\bprivate\s+(?:readonly\s+|async\s+|get\s+|set\s+)*(__[a-z]\w*)/g;

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sources(full) : e.name.endsWith('.ts') ? [full] : [];
  });
}

function shortName(i) {
  let s = '';
  do {
    s = String.fromCharCode(97 + (i % 26)) + s;
    i = Math.floor(i / 26) - 1;
  } while (i >= 0);
  return `__${s}`;
}

/** `__longName` -> `__a`, … for every private member declared under `dir`. */
export function privateNameTable(dir) {
  const names = new Set();
  for (const file of sources(dir)) for (const m of readFileSync(file, 'utf8').matchAll(DECLARATION)) names.add(m[1]);
  return new Map([...names].sort().map((name, i) => [name, shortName(i)]));
}

export function privateNamesPlugin(dir = path.resolve('src/elements')) {
  const table = privateNameTable(dir);
  const pattern = new RegExp(`\\b(${[...table.keys()].join('|')})\\b`, 'g');
  return {
    name: 'merchant-private-names',
    transform(code, id) {
      if (table.size === 0 || !/[\\/]src[\\/].*\.ts$/.test(id)) return null;
      pattern.lastIndex = 0;
      if (!pattern.test(code)) return null;
      return { code: code.replace(pattern, (name) => table.get(name)), map: null };
    },
  };
}
