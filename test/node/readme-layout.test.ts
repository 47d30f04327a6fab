/**
 * The README's "Layout" is the tree: every path it names exists, and every folder of src/ (and each runtime's adapter,
 * each part of src/elements/, each kind of test) and of the repository's root is in it. A move that forgets the README,
 * or a new folder nobody described, fails here.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { listElements } from '../../scripts/elements.mjs';
import { at, root } from './dist-helpers.ts';

const readme = readFileSync(at('README.md'), 'utf8');
const section = readme.split(/^## Layout$/m)[1]?.split(/^## /m)[0] ?? '';
const block = section.match(/```text\n([\s\S]*?)```/)?.[1] ?? '';
/** Every path the block names: the first word of a line, and any `folder/:` in its text. */
const named = new Set(
  block.split('\n').flatMap((line) => {
    const [first = '', ...rest] = line.trim().split(/\s+/);
    return [first, ...rest.filter((word) => /^[a-z]+\/[\w/.-]*:$/.test(word)).map((word) => word.slice(0, -1))].filter(Boolean);
  }),
);
const elements = listElements(root).map((element) => element.name);
const expand = (entry: string) => (entry.includes('<name>') ? elements.map((name) => entry.replace('<name>', name)) : [entry]);
const entriesOf = (folder: string) =>
  readdirSync(at(folder), { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .map((entry) => (entry.isDirectory() ? `${path.posix.join(folder, entry.name)}/` : path.posix.join(folder, entry.name)));

test('the README has a Layout section that names paths', () => {
  assert.ok(named.size > 10, `no layout block under "## Layout" in README.md (found ${[...named].join(', ') || 'nothing'})`);
});

test("every path the README's layout names exists", () => {
  const missing = [...named].flatMap(expand).filter((entry) => !existsSync(at(entry)));
  assert.deepEqual(missing, [], 'README.md names paths that are not in the tree');
});

test("every folder of the tree is in the README's layout", () => {
  const described = new Set([...named].flatMap(expand));
  const folders = [
    ...entriesOf('.').filter(
      (entry) => entry.endsWith('/') && !['node_modules/', 'dist/', 'coverage/', 'test-results/', 'src/', 'test/', 'integrations/'].includes(entry),
    ),
    ...entriesOf('src').filter((entry) => !['src/elements/', 'src/adapters/'].includes(entry)),
    ...entriesOf('src/adapters'),
    ...entriesOf('src/elements'),
    ...entriesOf('test'),
    ...entriesOf('integrations'),
    ...entriesOf('demo').filter((entry) => entry.endsWith('/')),
  ].map((entry) => entry.replace(/^\.\//, ''));
  const undescribed = folders.filter((entry) => !described.has(entry));
  assert.deepEqual(undescribed, [], "these are in the tree but not in README.md's layout");
});
