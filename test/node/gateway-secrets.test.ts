import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SIGNING_KEY, gatewayFor, setup, startSandboxForTests } from './gateway-fixture.ts';
import { createLogger } from '../../src/adapters/node/logger.ts';

const leaks = (text: string) => text.includes(SIGNING_KEY) || text.includes(encodeURIComponent(SIGNING_KEY)) || /signature=(?!\[redacted\])/.test(text);

describe('the signing key never leaves the gateway', () => {
  it('is in no response, header, log line or error, across successes, errors and faults', async () => {
    const f = await setup({ MERCHANT_LOG_LEVEL: 'trace', MERCHANT_UPSTREAM_TIMEOUT_MS: '300' });
    const seen: string[] = [];
    const record = async (path: string, init?: RequestInit) => {
      const res = await f.get(path, init);
      seen.push(`${res.status} ${JSON.stringify([...res.headers])} ${await res.text()}`);
    };
    try {
      for (const path of [
        '/v1/locations/test-pizzeria/page',
        '/v1/locations/test-pizzeria/nearby?limit=3',
        '/v1/nearby?latitude=40.7&longitude=-74',
        '/v1/locations/nope',
        '/v1/locations/test-pizzeria?bad=1',
        '/v1/locations/test-pizzeria/nearby?limit=1000',
        '/metrics',
        '/readyz',
        '/v1/openapi.json',
      ])
        await record(path);
      await record('/v1/locations/test-pizzeria', { method: 'POST' });
      for (const fault of [{ status: 500 }, { malformed: true }, { drop: true }, { latencyMs: 1000 }, { status: 403 }, { status: 400 }]) {
        f.sb.controls.injectFault({ path: /^\/actions\//, ...fault });
        await record(`/v1/locations/${f.sb.dataset.idAt(50 + seen.length)}/actions`);
        f.sb.controls.clearFaults();
      }
      await f.gw.app.poller.pollOnce();
      await record('/metrics');
      assert.ok(f.logs.length > 10, 'logs were written');
      assert.ok(
        f.logs.some((l) => /"path":"\/locations\/[^"]+\/actions\/"/.test(l)),
        'upstream calls are logged, without credentials',
      );
      for (const text of [...seen, ...f.logs]) assert.ok(!leaks(text), text.slice(0, 300));
    } finally {
      await f.close();
    }
  });

  it('refused credentials are a 502 for the operator, naming no credential', async () => {
    const sb = await startSandboxForTests();
    const logs: string[] = [];
    const gw = await gatewayFor(sb, { MERCHANT_SIGNING_KEY: `${SIGNING_KEY}-wrong` }, {}, logs);
    try {
      const res = await fetch(`${gw.url}/v1/locations/test-pizzeria/actions`);
      const text = await res.text();
      assert.equal(res.status, 502);
      assert.equal(JSON.parse(text).error, 'UPSTREAM_AUTH');
      for (const t of [text, ...logs]) assert.ok(!t.includes(SIGNING_KEY) && !/signature=(?!\[redacted\])/.test(t), t);
    } finally {
      await gw.close();
      await sb.close();
    }
  });

  it('the logger scrubs the key and signatures from any field, however they got there', () => {
    const lines: string[] = [];
    const logger = createLogger('info', SIGNING_KEY, { write: (l: string) => void lines.push(l) });
    logger.info({ signingKey: SIGNING_KEY, nested: { note: `key ${SIGNING_KEY}`, url: '/x?client=a&signature=abc%3D' } }, `message with ${SIGNING_KEY}`);
    logger.error(new Error(`boom ${SIGNING_KEY}`));
    assert.equal(lines.length, 2);
    for (const line of lines) assert.ok(!leaks(line), line);
    assert.match(lines[0]!, /\[redacted\]/);
  });
});
