/**
 * Issue 30: GET /v1/directory on the Node gateway. The directory is built from the sandbox's feeds (paging through
 * updated_since and the Actions API's /locations/), answers 503 DIRECTORY_BUILDING with its progress until then,
 * resumes an interrupted build from its journal, comes back after a restart without a rebuild, follows the change
 * feed (a location renamed upstream is found under its new name after one poll; one that closes is left out), and
 * answers bad input quickly with results or a clear 400, never calling the upstream.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DirectoryResponse } from '../../src/contract/index.ts';
import type { RunningGateway } from '../../src/adapters/node/server.ts';
import type { RunningSandbox } from '../../src/sandbox/server.ts';
import { gatewayFor, startSandboxForTests } from './gateway-fixture.ts';

const PAGE = 25;
const FEED = /^\/publisher\/locations\/updated_since\//;

let sb: RunningSandbox;
const dir = mkdtempSync(join(tmpdir(), 'directory-test-'));
before(async () => {
  sb = await startSandboxForTests();
});
after(async () => {
  await sb.close();
  rmSync(dir, { recursive: true, force: true });
});

async function search(gw: RunningGateway, query: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${gw.url}/v1/directory?${query}`, { headers });
  return { status: response.status, headers: response.headers, body: (await response.json()) as DirectoryResponse & Record<string, unknown> };
}

describe('the directory: built from the feeds', () => {
  it('pages through updated_since, answering 503 DIRECTORY_BUILDING with its progress until it is ready', async () => {
    sb.stats.reset();
    // Each feed page takes a while, so the build is seen under way.
    sb.controls.injectFault({ path: FEED, latencyMs: 40 });
    const gw = await gatewayFor(sb, {}, { directoryPageSize: PAGE });
    try {
      const first = await search(gw, 'q=nonna');
      assert.equal(first.status, 503);
      assert.equal(first.body.error, 'DIRECTORY_BUILDING');
      assert.equal(first.headers.get('retry-after'), '5');
      assert.match(String(first.body.message), /being built from the upstream's feeds: \d+/);
      // Meanwhile every other route answers: the build does not hold the gateway.
      assert.equal((await fetch(`${gw.url}/v1/locations/test-pizzeria`)).status, 200);
      let progress: { read: number; estimatedTotal: number | null } | undefined;
      while (!progress || progress.read === 0) {
        await new Promise((resolve) => setTimeout(resolve, 30));
        const answer = await search(gw, 'q=nonna');
        if (answer.status === 200) break;
        progress = answer.body.progress as typeof progress;
      }
      await gw.app.directory!.ready();
      const found = await search(gw, 'q=nonna');
      assert.equal(found.status, 200);
      assert.equal(found.body.results[0]!.id, 'test-pizzeria');
      assert.equal(gw.app.directory!.store.size, 200);
      // 200 locations, 25 a page: 8 pages (the last says next: null), each asked once, and one actions list.
      assert.equal(sb.stats.byPath(FEED), 8);
      assert.equal(sb.stats.byPath(/^\/actions\/locations\/(\?|$)/), 1);
      const withActions = (await search(gw, 'q=nonna')).body.results[0]!;
      assert.equal(withActions.hasActions, true);
    } finally {
      sb.controls.clearFaults();
      await gw.close();
    }
  });

  it('resumes an interrupted build from its journal, and comes back after a restart without a rebuild', async () => {
    const file = join(dir, 'resume', 'directory.jsonl');
    const env = { MERCHANT_DIRECTORY_FILE: file };
    sb.controls.injectFault({ path: FEED, latencyMs: 60 });
    const interrupted = await gatewayFor(sb, env, { directoryPageSize: PAGE });
    try {
      void interrupted.app.directory!.ready();
      while (interrupted.app.directory!.store.size < 3 * PAGE) await new Promise((resolve) => setTimeout(resolve, 10));
    } finally {
      await interrupted.close();
      sb.controls.clearFaults();
    }
    const readBefore = interrupted.app.directory!.store.size;
    assert.ok(readBefore < 200, `interrupted part-way (${readBefore} read)`);

    sb.stats.reset();
    const resumed = await gatewayFor(sb, env, { directoryPageSize: PAGE });
    try {
      await resumed.app.directory!.ready();
      assert.equal(resumed.app.directory!.store.size, 200);
      const pages = sb.stats.byPath(FEED);
      assert.ok(pages <= 8 - Math.floor(readBefore / PAGE) + 1, `resumed where it stopped: ${pages} pages asked after ${readBefore} were read`);
      assert.equal(sb.stats.byPath(/date=1970-01-01/), 0, 'the walk did not start again from the first day');
      assert.equal(sb.stats.byPath(/^\/actions\/locations\/(\?|$)/), 0, 'the actions list came from the journal');
      assert.equal((await search(resumed, 'q=nonna')).body.results[0]!.id, 'test-pizzeria');
    } finally {
      await resumed.close();
    }

    sb.stats.reset();
    const restarted = await gatewayFor(sb, env, { directoryPageSize: PAGE });
    try {
      await restarted.app.directory!.ready();
      assert.equal(restarted.app.directory!.store.size, 200);
      assert.equal(sb.stats.byPath(/date=1970-01-01/), 0, 'no rebuild after a restart');
      assert.equal((await search(restarted, 'q=nonna')).body.results[0]!.id, 'test-pizzeria');
    } finally {
      await restarted.close();
    }
  });
});

describe('the directory: kept current by the change feed', () => {
  let gw: RunningGateway;
  before(async () => {
    gw = await gatewayFor(sb);
    await gw.app.directory!.ready();
  });
  after(() => gw.close());

  it('finds a location renamed upstream under its new name after one poll, and leaves out one that closed', async () => {
    const renamed = sb.dataset.idAt(17);
    const oldName = sb.dataset.location(17).name;
    assert.deepEqual((await search(gw, `q=${encodeURIComponent('quokka zanzibar')}`)).body.results, []);
    sb.controls.rename(renamed, 'Quokka Zanzibar Kitchen');
    const closed = sb.dataset.idAt(18);
    sb.controls.closeDown(closed);
    await gw.app.poller.pollOnce();

    const found = await search(gw, `q=${encodeURIComponent('quokka zan')}`);
    assert.deepEqual(
      found.body.results.map((entry) => entry.id),
      [renamed],
    );
    assert.equal(found.body.results[0]!.name, 'Quokka Zanzibar Kitchen');
    const byOldName = await search(gw, `q=${encodeURIComponent(oldName)}&limit=50`);
    assert.ok(!byOldName.body.results.some((entry) => entry.id === renamed), 'not under its old name');
    const closedName = sb.dataset.location(18).name;
    const byClosedName = await search(gw, `q=${encodeURIComponent(closedName)}&limit=50`);
    assert.ok(!byClosedName.body.results.some((entry) => entry.id === closed), 'out of business: left out');
  });
});

describe('GET /v1/directory: the answer', () => {
  let gw: RunningGateway;
  before(async () => {
    gw = await gatewayFor(sb, { MERCHANT_RATE_LIMIT: '40', MERCHANT_MISS_RATE_LIMIT: '1', MERCHANT_CLIENT_IP_HEADER: 'x-forwarded-for' });
    await gw.app.directory!.ready();
  });
  after(() => gw.close());
  let client = 0;
  const as = () => ({ 'x-forwarded-for': `203.0.113.${++client}` });

  it('pages with the cursor: the pages put together are the one long answer', async () => {
    const headers = as();
    const whole = await search(gw, 'q=new&limit=50', headers);
    assert.ok(whole.body.total > 12, `enough matches to page (${whole.body.total})`);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof search>> = await search(gw, `q=new&limit=5${cursor ? `&cursor=${cursor}` : ''}`, headers);
      assert.equal(page.status, 200);
      assert.equal(page.body.total, whole.body.total);
      paged.push(...page.body.results.map((entry) => entry.id));
      cursor = page.body.next;
    } while (cursor && paged.length < 50);
    assert.deepEqual(paged, whole.body.results.map((entry) => entry.id).slice(0, paged.length));
  });

  it('searches near a point, nearest first, within the radius', async () => {
    const lat = sb.dataset.latitude(0);
    const lon = sb.dataset.longitude(0);
    const near = await search(gw, `latitude=${lat}&longitude=${lon}&radius=3000&limit=10`, as());
    assert.equal(near.status, 200);
    assert.equal(near.body.results[0]!.id, 'test-pizzeria');
    assert.equal(near.body.results[0]!.distance, 0);
    const distances = near.body.results.map((entry) => entry.distance!);
    assert.deepEqual(
      distances,
      [...distances].sort((a, b) => a - b),
    );
    assert.ok(distances.every((d) => d <= 3000));
    const pizzaNear = await search(gw, `q=pizz&latitude=${lat}&longitude=${lon}&radius=100000`, as());
    assert.ok(pizzaNear.body.results.every((entry) => entry.distance !== null));
  });

  it('answers bad input at once, with results or a clear 400, and never calls the upstream', async () => {
    sb.stats.reset();
    const headers = as();
    const cases: Array<[string, number, RegExp?]> = [
      ['q=', 400, /q.*is required/],
      ['q=%20%20', 400, /q.*is required/],
      [`q=${'pizza '.repeat(40)}`, 400, /at most 200 characters/],
      [`q=${'a '.repeat(9)}`, 400, /at most 8 words/],
      ['q=%25%25%25*_*', 400, /letter or a digit/],
      ['q=%3Cscript%3Ealert(1)%3C%2Fscript%3E', 200],
      ['q=%E5%AF%BF%E5%8F%B8', 200],
      ['q=NÖNNA', 200],
      ['latitude=40.7', 400, /longitude.*with the other/],
      ['q=pizza&cursor=abc', 400, /cursor/],
      ['q=pizza&cursor=5000', 400, /cursor/],
      ['q=pizza&limit=500', 400, /limit/],
      ['q=pizza&zzz=1', 400, /not a parameter/],
    ];
    for (const [query, status, message] of cases) {
      const answer = await search(gw, query, headers);
      assert.equal(answer.status, status, `${query}: ${JSON.stringify(answer.body)}`);
      if (status === 400) {
        assert.deepEqual(Object.keys(answer.body).sort(), ['error', 'message', 'status_code']);
        assert.match(String(answer.body.message), message!);
      }
    }
    // Accents and case fold away: NÖNNA finds Nonna.
    assert.equal((await search(gw, 'q=N%C3%96NNA', headers)).body.results[0]?.id, 'test-pizzeria');
    assert.equal(sb.stats.requests, 0, 'no search called the upstream');
  });

  it('obeys the rate limit; the miss budget is not spent, as a search never misses', async () => {
    const headers = as();
    // Spend the miss budget (1 a minute) on a made-up id: cold misses are refused from now on.
    assert.equal((await fetch(`${gw.url}/v1/locations/made-up-place-1`, { headers })).status, 404);
    assert.equal((await fetch(`${gw.url}/v1/locations/made-up-place-2`, { headers })).status, 429);
    const statuses: number[] = [];
    for (let i = 0; i < 45; i++) statuses.push((await search(gw, `q=pizza${i % 2 ? '' : '&limit=3'}`, headers)).status);
    assert.ok(
      statuses.slice(0, 30).every((s) => s === 200),
      `searches answer past the miss budget: ${statuses}`,
    );
    assert.ok(statuses.includes(429), 'the rate limit (40 a minute) still applies');
  });

  it('is off on request: 501 DIRECTORY_UNAVAILABLE saying why', async () => {
    const off = await gatewayFor(sb, { MERCHANT_DIRECTORY: 'off' });
    try {
      const answer = await search(off, 'q=pizza');
      assert.equal(answer.status, 501);
      assert.equal(answer.body.error, 'DIRECTORY_UNAVAILABLE');
      assert.match(String(answer.body.message), /MERCHANT_DIRECTORY=off/);
    } finally {
      await off.close();
    }
  });
});
