/**
 * `npm start` is `node bin/merchant-elements.js serve`: the built CLI starts the sandbox, the gateway and
 * the demo, prints the URLs of the showcase and the configurator, serves them, and stops cleanly on
 * SIGTERM. (Needs the build, as on a fresh clone after `npm ci`.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServeProcess } from './dist-helpers.ts';

test('npm start prints the showcase and configurator URLs and serves them; SIGTERM stops it', async () => {
  const serving = await startServeProcess({ ...process.env, MERCHANT_LOG_LEVEL: 'silent' });
  const stdout = serving.stdout();
  try {
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
    serving.child.kill('SIGTERM');
  }
  assert.equal(await serving.exited, 0, serving.output());
});
