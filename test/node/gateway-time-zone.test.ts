/** Issue 13: the time zone is known whenever the location is, through the real gateway over the whole sandbox. */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningSandbox } from '../../src/sandbox/server.ts';
import type { RunningGateway } from '../../src/adapters/node/server.ts';
import { gatewayFor, startSandboxForTests } from './gateway-fixture.ts';

let sb: RunningSandbox;
let gw: RunningGateway;
before(async () => {
  sb = await startSandboxForTests();
  gw = await gatewayFor(sb, { MERCHANT_RATE_LIMIT: '0', MERCHANT_MISS_RATE_LIMIT: '0' });
});
after(async () => {
  await gw.close();
  await sb.close();
});

describe('time zones over the whole sandbox', () => {
  it('every location has an IANA zone; the ones the upstream left empty are inferred from their coordinates', async () => {
    const sources = { upstream: 0, inferred: 0 };
    for (let i = 0; i < sb.dataset.locationCount; i++) {
      const upstreamZone = sb.dataset.location(i).timeZone;
      const { location } = await (await fetch(`${gw.url}/v1/locations/${sb.dataset.idAt(i)}`)).json();
      assert.ok(location.timeZone, `${location.id} has no time zone`);
      assert.doesNotThrow(() => new Intl.DateTimeFormat('en', { timeZone: location.timeZone }), location.timeZone);
      assert.equal(location.timeZoneSource, upstreamZone === '' ? 'inferred' : 'upstream', location.id);
      sources[location.timeZoneSource as keyof typeof sources]++;
    }
    assert.ok(sources.inferred > 0, 'the sandbox has locations with an empty upstream zone');
    assert.ok(sources.upstream > sources.inferred);
  });
});
