/**
 * The terminal of a new user (issue 19): `npm ci` prints no engine warning (every dependency accepts the Node
 * versions the project says it supports), and `npm start` prints only its friendly lines (no raw JSON log line),
 * and every address it prints answers with a page, not an error, when opened.
 *
 *   node --import tsx --test test/node/serve-terminal.test.ts        (needs `npm run build`)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { at, startServeProcess } from './dist-helpers.ts';

/** npm's own range semantics (semver ships no types; the few functions used here). */
const semver = createRequire(import.meta.url)('semver') as {
  subset(range: string, superset: string, options?: object): boolean;
  satisfies(version: string, range: string): boolean;
  coerce(version: string): { version: string } | null;
};

test('every dependency accepts every Node version the project supports (npm ci: no EBADENGINE)', () => {
  const manifest = JSON.parse(readFileSync(at('package.json'), 'utf8'));
  const lock = JSON.parse(readFileSync(at('package-lock.json'), 'utf8'));
  const supported: string = manifest.engines.node;
  const refusing: string[] = [];
  for (const [name, entry] of Object.entries<{ engines?: { node?: string }; optional?: boolean }>(lock.packages)) {
    const wanted = entry.engines?.node;
    if (!name || entry.optional || !wanted) continue;
    if (!semver.subset(supported, wanted, { includePrerelease: false })) refusing.push(`${name} wants node ${wanted}`);
  }
  assert.deepEqual(refusing, [], `the project supports node ${supported}`);
  // The README says the same.
  const readme = readFileSync(at('README.md'), 'utf8');
  const said = /Requirements: Node ([\d.]+)\+/.exec(readme)?.[1];
  assert.ok(said && semver.satisfies(semver.coerce(said)!.version, supported), `README says Node ${said}+, package.json ${supported}`);
  assert.ok(!semver.satisfies('20.0.0', supported) || refusing.length === 0);
});

test('npm start prints friendly lines only, and every address it prints answers', async () => {
  const env = { ...process.env };
  delete env.MERCHANT_LOG_LEVEL;
  const serving = await startServeProcess(env);
  try {
    await new Promise((resolve) => setTimeout(resolve, 300)); // a log line written just after the banner
    const stdout = serving.stdout();
    const lines = serving.output().split('\n');
    assert.deepEqual(
      lines.filter((line) => line.trim().startsWith('{')),
      [],
      'no raw JSON log line',
    );
    const urls = [...stdout.matchAll(/https?:\/\/[^\s)]+/g)].map((m) => m[0]);
    assert.ok(urls.length >= 8, stdout);
    const failing: string[] = [];
    for (const url of urls) {
      const response = await fetch(url);
      const type = response.headers.get('content-type') ?? '';
      await response.arrayBuffer();
      if (response.status !== 200) failing.push(`${url}: ${response.status} ${type}`);
    }
    assert.deepEqual(failing, [], 'every printed address answers');
  } finally {
    serving.child.kill('SIGTERM');
  }
  await serving.exited;
});
