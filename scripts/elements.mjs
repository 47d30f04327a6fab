// The list of elements, discovered from the tree rather than written down, so the builds, the size
// budgets, the exports map and the demo pick up a new element (or tolerate a missing one) by themselves.
// An element is a folder src/elements/<name>/ holding define.ts (registration) and merchant-<name>.ts
// (the class). Folders without define.ts (shared code) are not elements.
import { existsSync, readdirSync } from 'node:fs';
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
