/**
 * Issue 11: no import circle anywhere in src (type-only and dynamic imports included: the translations once made
 * a 36-file circle through them). dpdm walks the imports with TypeScript's own parser; it carries its own
 * TypeScript 5, where madge wants the project's TypeScript as a peer (7 here) and cannot be installed beside it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseCircular, parseDependencyTree } from 'dpdm';

async function circles(cwd: string, minimumFiles = 1): Promise<string[][]> {
  const tree = await parseDependencyTree('**/*.ts', { cwd, context: cwd, transform: false, skipDynamicImports: false, tsconfig: undefined });
  assert.ok(Object.keys(tree).length >= minimumFiles, `only ${Object.keys(tree).length} files were read`);
  return parseCircular(tree);
}

test('src has no import circle', async () => {
  const found = await circles(path.resolve('src'), 100);
  assert.deepEqual(
    found.map((circle) => circle.join(' > ')),
    [],
  );
});

test('the check finds a circle, through a type-only import too', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'circles-'));
  try {
    writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './b.ts';\nexport type A = { b?: B };\n");
    writeFileSync(path.join(dir, 'b.ts'), "import type { A } from './a.ts';\nexport type B = { a?: A };\n");
    writeFileSync(path.join(dir, 'c.ts'), "export const c = () => import('./d.ts');\n");
    writeFileSync(path.join(dir, 'd.ts'), "export const d = () => import('./c.ts');\n");
    const found = (await circles(dir)).map((circle) =>
      circle
        .map((file) => path.basename(file))
        .sort()
        .join(','),
    );
    assert.deepEqual(found.sort(), ['a.ts,b.ts', 'c.ts,d.ts']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
