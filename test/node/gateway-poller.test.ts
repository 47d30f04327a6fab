import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setup } from './gateway-fixture.ts';

describe('change-feed poller', () => {
  it('follows both update feeds and makes changed locations refresh, keeping the rest cached', async () => {
    const f = await setup({ MERCHANT_LOG_LEVEL: 'silent', MERCHANT_CACHE_TTL: '86400' });
    try {
      const changed = f.sb.dataset.idAt(3);
      const unchanged = f.sb.dataset.idAt(4);
      for (const id of [changed, unchanged]) await (await f.get(`/v1/locations/${id}/page`)).arrayBuffer();
      f.sb.stats.reset();

      f.sb.controls.touch(changed);
      const seen = await f.gw.app.poller.pollOnce();
      assert.ok(seen.actions.includes(changed), 'actions feed lists the change');
      assert.ok(seen.publisher.includes(changed), 'publisher feed lists the change');
      assert.ok(!seen.actions.includes(unchanged));
      assert.ok(f.sb.stats.byPath(/^\/actions\/locations\/updated\/\?since=.*&signature=/) >= 1, 'the feed request is signed');

      f.sb.stats.reset();
      const refreshed = await f.get(`/v1/locations/${changed}`);
      assert.equal(refreshed.headers.get('x-cache'), 'miss');
      await refreshed.arrayBuffer();
      const kept = await f.get(`/v1/locations/${unchanged}`);
      assert.equal(kept.headers.get('x-cache'), 'hit');
      await kept.arrayBuffer();
      assert.equal(f.sb.stats.byPath(new RegExp(`^/publisher/locations/${changed}/$`)), 1);
      assert.equal(f.sb.stats.byPath(new RegExp(`^/publisher/locations/${unchanged}/$`)), 0);
    } finally {
      await f.close();
    }
  });

  it('follows and re-signs next links across pages', async () => {
    const f = await setup({ MERCHANT_LOG_LEVEL: 'silent' }, { pollPageSize: 2 });
    try {
      const ids = Array.from({ length: 5 }, (_, i) => f.sb.dataset.idAt(20 + i));
      for (const id of ids) f.sb.controls.touch(id);
      f.sb.stats.reset();
      const seen = await f.gw.app.poller.pollOnce();
      for (const id of ids) assert.ok(seen.actions.includes(id) && seen.publisher.includes(id), id);
      // Five changes at two per page: at least three pages of each feed, every actions page signed anew.
      assert.ok(f.sb.stats.byPath(/^\/actions\/locations\/updated\/\?.*&signature=/) >= 3);
      assert.ok(f.sb.stats.byPath(/^\/publisher\/locations\/updated_since\//) >= 3);
    } finally {
      await f.close();
    }
  });
});
