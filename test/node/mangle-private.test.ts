/**
 * The npm build's private-member renaming (scripts/rollup-mangle-private.mjs) gives the same names whatever order
 * rollup renders the chunks in (it renders them concurrently): the size budgets are checked to the byte, and a
 * name table that depended on timing made the sizes differ from one build to the next.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { manglePrivateMembers } from '../../scripts/rollup-mangle-private.mjs';

const CHUNKS: Record<string, string> = {
  'a.js': 'export class A { constructor() { this.__alpha = 1; this.__beta = 2; } get __gamma() { return this.__alpha; } }',
  'b.js': 'export class B { constructor() { this.__delta = 1; this.__alpha = 3; } }',
  'c.js': 'export class C { constructor() { this.__epsilon = 1; this.__zeta = this.__beta; } }',
};

/** Renders every chunk, starting them in `order`, with each one's result released after `delays[file]` ms. */
async function render(order: string[], delays: Record<string, number>) {
  // The two hooks the plugin has, called the way rollup calls them (only the fields they read).
  const plugin = manglePrivateMembers() as unknown as {
    renderStart(): void;
    renderChunk(code: string, chunk: { fileName: string }, options: unknown, meta: { chunks: Record<string, unknown> }): Promise<{ code: string }>;
  };
  plugin.renderStart();
  const meta = { chunks: Object.fromEntries(Object.keys(CHUNKS).map((file) => [file, {}])) };
  const started = order.map(async (file) => {
    await new Promise((resolve) => setTimeout(resolve, delays[file]));
    return [file, (await plugin.renderChunk(CHUNKS[file]!, { fileName: file }, {}, meta)).code] as const;
  });
  return Object.fromEntries(await Promise.all(started));
}

test('the same short names whatever order the chunks are rendered in', async () => {
  const forward = await render(['a.js', 'b.js', 'c.js'], { 'a.js': 0, 'b.js': 5, 'c.js': 10 });
  const backward = await render(['c.js', 'b.js', 'a.js'], { 'a.js': 10, 'b.js': 5, 'c.js': 0 });
  assert.deepEqual(backward, forward);
  // Renamed, and one table for all: __alpha has one name in a.js and b.js, and no two members share one.
  for (const code of Object.values(forward)) assert.doesNotMatch(code, /__[a-z]/);
  const names = (code: string) => [...code.matchAll(/this\.(\w+)/g)].map((m) => m[1]);
  assert.equal(names(forward['a.js']!)[0], names(forward['b.js']!)[1], '__alpha is renamed the same in both chunks');
  assert.notEqual(names(forward['b.js']!)[0], names(forward['b.js']!)[1]);
});
