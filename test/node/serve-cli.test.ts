/**
 * `npm start` is `node bin/merchant-elements.js serve`: the built CLI starts the sandbox, the gateway and
 * the demo, prints the URLs of the showcase and the configurator, serves them, and stops cleanly on
 * SIGTERM. (Needs the build, as on a fresh clone after `npm ci`.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { at, root } from './dist-helpers.ts';

test('npm start prints the showcase and configurator URLs and serves them; SIGTERM stops it', async () => {
  const child = spawn(process.execPath, [at('bin/merchant-elements.js'), 'serve', '--port', '0'], {
    cwd: root,
    env: { ...process.env, MERCHANT_LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = once(child, 'exit');
  try {
    // Read until the last line of the banner.
    await new Promise<void>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        if (stdout.includes('Press Ctrl+C')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`serve exited early (${code}): ${stdout}${stderr}`)));
    });
    const showcase = /Showcase\s+(http:\/\/\S+)/.exec(stdout)?.[1];
    const configurator = /Configurator\s+(http:\/\/\S+)/.exec(stdout)?.[1];
    const gateway = /Gateway\s+(http:\/\/\S+)/.exec(stdout)?.[1];
    assert.ok(showcase && configurator && gateway, stdout);
    assert.match(stdout, /Sandbox\s+Actions API http:\/\/127\.0\.0\.1:\d+\/actions/);
    for (const url of [showcase, configurator]) {
      const response = await fetch(url);
      assert.equal(response.status, 200, url);
      assert.match(await response.text(), /<script type="module" src="\/dist\/merchant-elements\.js"><\/script>/);
    }
    const health = await fetch(`${gateway}/healthz`);
    assert.equal(health.status, 200);
    await health.arrayBuffer();
  } finally {
    child.kill('SIGTERM');
  }
  const [code] = await exited;
  assert.equal(code, 0, stderr);
});
