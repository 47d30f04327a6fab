import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox } from '../../src/sandbox/server.ts';
import { feedCommand, sandboxCommand } from '../../src/cli/sandbox.ts';

const sandbox = createSandbox();

const FIELDS = ['id', 'externalId', 'outOfBusiness', 'businessType', 'publishedAt', 'general', 'location', 'phones', 'hours', 'hasPhotos', 'isOwnerVerified'];
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

function assertRecordShape(record: any) {
  assert.deepEqual(Object.keys(record), FIELDS);
  assert.equal(typeof record.id, 'string');
  assert.match(record.id, /^[a-z0-9-]+$/);
  assert.equal(record.outOfBusiness, false);
  assert.match(record.publishedAt, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  assert.deepEqual(Object.keys(record.general), ['name', 'timeZone', 'desc', 'website']);
  const loc = record.location;
  assert.equal(loc.region, loc.state);
  assert.equal(loc.zipCode, loc.postcode);
  assert.equal(typeof loc.latitude, 'number');
  assert.equal(typeof loc.longitude, 'number');
  assert.ok(!('location' in record.general) && !('phones' in record.general) && !('hours' in record.general), 'top level, not under general');
  assert.match(record.phones.main, /^(\d{3}-\d{3}-\d{4})?$/);
  assert.ok(record.phones.fax === null || /^\d{3}-\d{3}-\d{4}$/.test(record.phones.fax));
  for (const [key, value] of Object.entries(record.hours) as Array<[string, any]>) {
    if (key === 'holidaySchedule') assert.equal(typeof value, 'string');
    else {
      assert.ok(DAYS.includes(key), key);
      assert.deepEqual(Object.keys(value), ['start', 'end']);
      assert.match(value.start, /^\d{2}:\d{2}[ap]m$/);
      assert.match(value.end, /^\d{2}:\d{2}[ap]m$/);
    }
  }
  assert.equal(typeof record.hasPhotos, 'boolean');
  assert.equal(typeof record.isOwnerVerified, 'boolean');
}

describe('Location Data Feed (spec 000)', () => {
  it('serves every location as a record in exactly the feed shape, as one JSON array', async () => {
    const response = await sandbox.fetch(new Request('http://x/feed/locations.json'));
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type')!, /application\/json/);
    const records = (await response.json()) as any[];
    assert.equal(records.length, sandbox.dataset.locationCount);
    assert.deepEqual(
      records.map((r) => r.id),
      [...sandbox.dataset.ids()],
    );
    records.forEach(assertRecordShape);
    assert.ok(records.some((r) => r.phones.fax === null) && records.some((r) => r.phones.fax !== null));
    assert.ok(records.some((r) => r.general.desc.includes('\n')));
    assert.ok(
      records.some((r) => Object.keys(r.hours).length === 1),
      'a location without published hours',
    );
    assert.ok(records.some((r) => r.hours.holidaySchedule !== ''));
  });

  it('agrees with the Publisher API on the same location', async () => {
    const records = (await (await sandbox.fetch(new Request('http://x/feed/locations.json'))).json()) as any[];
    const pub = (await (await sandbox.fetch(new Request('http://x/publisher/locations/test-pizzeria/'))).json()) as any;
    const rec = records.find((r) => r.id === 'test-pizzeria');
    assert.equal(rec.general.name, pub.data.name);
    assert.equal(rec.location.latitude, pub.data.location.latitude);
    assert.equal(rec.phones.main, pub.data.phone);
    assert.equal(rec.hours.mon?.start, pub.data.hours.Monday[0].opening);
  });

  it('`merchant-elements feed --out FILE` exports the same feed; bad flags are clear errors', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandbox-feed-'));
    try {
      const file = join(dir, 'feed.json');
      const log = console.log;
      console.log = () => {};
      try {
        assert.equal(await feedCommand(['--out', file, '--locations', '50', '--seed', '7']), 0);
      } finally {
        console.log = log;
      }
      const records = JSON.parse(await readFile(file, 'utf8'));
      assert.equal(records.length, 50);
      records.forEach(assertRecordShape);
      const served = createSandbox({ locations: 50, seed: 7 });
      assert.deepEqual(records, await (await served.fetch(new Request('http://x/feed/locations.json'))).json());
      await assert.rejects(feedCommand(['--locations', '5']), /--out/);
      await assert.rejects(feedCommand(['--out', file, '--locations', 'many']), /--locations/);
      await assert.rejects(feedCommand(['--out', file, '--bogus']), /bogus/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('`merchant-elements sandbox` rejects bad flags with a clear message', async () => {
    await assert.rejects(sandboxCommand(['--port', 'abc']), /--port must be a whole number/);
    await assert.rejects(sandboxCommand(['--port', '70000']), /--port must be at most 65535/);
    await assert.rejects(sandboxCommand(['--locations', '0']), /--locations/);
    await assert.rejects(sandboxCommand(['--client-id', '']), /--client-id/);
    await assert.rejects(sandboxCommand(['--nope']), /nope/);
  });
});
