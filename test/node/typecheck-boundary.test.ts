/**
 * Issue 11: the boundary between browser and server code is held by the compiler. A browser file that imports a
 * `node:` module or reads `process`, or a server file that touches `document`, fails `npm run typecheck`. Checked on
 * throwaway files type-checked with the real project settings (tsconfig.browser.json, tsconfig.server.json). The gateway's
 * adapters for runtimes without Node (tsconfig.edge.json) have neither `node:` modules nor the DOM.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve('.');
const tsc = path.join(root, 'node_modules/.bin/tsc');
let dir = '';

/** Type-checks `source` as a file of the `side` project; resolves to tsc's output, empty when it passes. */
async function check(side: 'browser' | 'server' | 'edge', source: string): Promise<string> {
  const name = `${side}-${Math.random().toString(36).slice(2)}`;
  writeFileSync(path.join(dir, `${name}.ts`), source);
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify({ extends: `../tsconfig.${side}.json`, include: [`${name}.ts`] }));
  try {
    await run(tsc, ['-p', path.join(dir, `${name}.json`)], { cwd: root });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

describe('the browser/server boundary in the type checker', () => {
  // Inside the repository, so the configs' `extends` and node_modules resolve as for the real sources.
  before(() => {
    dir = mkdtempSync(path.join(root, '.typecheck-boundary-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('a browser file may use the DOM; a server file may use node: modules', async () => {
    assert.equal(await check('browser', 'export const title = (): string => document.title;\n'), '');
    assert.equal(await check('server', "import { readFileSync } from 'node:fs';\nexport const read = (): string => readFileSync('x', 'utf8');\n"), '');
  });

  it('a browser file importing a node: module fails', async () => {
    const output = await check('browser', "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n");
    assert.match(output, /error TS\d+: .*node:fs/);
  });

  it('a browser file reading process fails', async () => {
    assert.match(await check('browser', 'export const mode = process.env.NODE_ENV;\n'), /error TS\d+: Cannot find name 'process'/);
  });

  it('a server file using document fails', async () => {
    assert.match(await check('server', 'export const title = (): string => document.title;\n'), /error TS\d+: Cannot find name 'document'/);
  });

  it('an adapter for Workers, Deno or Bun may use the web platform, but neither node: modules nor process nor document', async () => {
    assert.equal(await check('edge', 'export const answer = (): Response => new Response(new CompressionStream("gzip").readable);\n'), '');
    assert.match(await check('edge', "import { gzip } from 'node:zlib';\nexport const zip = gzip;\n"), /error TS\d+: .*node:zlib/);
    assert.match(await check('edge', 'export const mode = process.env.NODE_ENV;\n'), /error TS\d+: Cannot find name 'process'/);
    assert.match(await check('edge', 'export const title = (): string => document.title;\n'), /error TS\d+: Cannot find name 'document'/);
  });
});
