/**
 * Signing belongs in the gateway only: no browser product carries HMAC code, a signing key, or any
 * module of the server side (src/gateway, src/sandbox, src/signing). Runs on the built dist/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SANDBOX_DEFAULTS } from '../../src/sandbox/server.ts';
import { at } from './dist-helpers.ts';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const browserFiles = [
  at('dist/merchant-elements.js'),
  at('dist/merchant-elements.classic.js'),
  ...filesUnder(at('dist/npm')).filter((file) => file.endsWith('.js')),
];

test('no browser product contains signing code, the signing key or server modules', () => {
  assert.ok(browserFiles.length > 3, 'the browser products are built');
  for (const file of browserFiles) {
    const code = readFileSync(file, 'utf8');
    assert.doesNotMatch(code, /createHmac|HMAC|SIGNING_KEY|signing_?key/i, file);
    assert.ok(!code.includes(SANDBOX_DEFAULTS.signingKey), `${file} contains the sandbox key`);
    assert.doesNotMatch(code, /src\/(gateway|sandbox|signing)\//, file);
  }
});

test('no browser source imports server code', () => {
  const sources = [...filesUnder(at('src/elements')), ...filesUnder(at('src/client')), at('src/index.ts')];
  for (const file of sources.filter((f) => f.endsWith('.ts'))) {
    const code = readFileSync(file, 'utf8');
    assert.doesNotMatch(code, /from ['"][^'"]*\/(gateway|sandbox|signing)\//, file);
  }
});
