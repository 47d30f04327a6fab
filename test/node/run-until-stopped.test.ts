import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runUntilStopped } from '../../src/cli/run-until-stopped.ts';

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  test(`runs until ${signal}, then closes, returns 0 and leaves no signal listener behind`, async () => {
    const before = { SIGINT: process.listenerCount('SIGINT'), SIGTERM: process.listenerCount('SIGTERM') };
    let closed = false;
    const running = runUntilStopped(async () => {
      closed = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(closed, false, 'nothing is closed before the signal');
    process.emit(signal);
    assert.equal(await running, 0);
    assert.equal(closed, true);
    assert.deepEqual({ SIGINT: process.listenerCount('SIGINT'), SIGTERM: process.listenerCount('SIGTERM') }, before);
  });
}
