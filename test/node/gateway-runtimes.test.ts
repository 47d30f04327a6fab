/**
 * Issue 21: the same gateway on Node, workerd, Deno and Bun, under the same contract and fault tests. Each runtime is
 * started as a user would (`merchant-elements gateway --runtime X --port 0`, the built dist/node and dist/edge)
 * against one sandbox in this process, configured only by environment variables.
 *
 * The clock cannot be moved in another process: "stale" is reached by a 1 s TTL and a short wait.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { RunningSandbox } from '../../src/sandbox/server.ts';
import { RUNTIMES } from '../../src/cli/runtimes.ts';
import { SIGNING_KEY, baseEnv, startSandboxForTests } from './gateway-fixture.ts';

const CLI = new URL('../../bin/merchant-elements.js', import.meta.url).pathname;
const ORIGIN = 'https://shop.example';

let sb: RunningSandbox;
before(async () => {
  assert.ok(existsSync(new URL('../../dist/edge/worker.js', import.meta.url)), 'run `npm run build` first (dist/edge)');
  sb = await startSandboxForTests();
});
after(() => sb.close());

/** A GET that shows the bytes on the wire (fetch would decompress). */
function raw(url: string, headers: Record<string, string>): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

interface Started {
  url: string;
  child: ChildProcess;
  output: string[];
  stop(): Promise<number | null>;
}

async function startCli(runtime: string, env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, [CLI, 'gateway', '--runtime', runtime, '--port', '0'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${runtime}: no listening line in 60 s:\n${output.join('')}`)), 60_000);
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        output.push(chunk);
        const match = /gateway \(\w+\) listening on (http:\/\/\S+)|gateway listening on (http:\/\/\S+)/.exec(output.join(''));
        if (match) {
          clearTimeout(timer);
          resolve(match[1] ?? match[2]!);
        }
      });
    }
    void exited.then((code) => reject(new Error(`${runtime}: exited (${code}) before listening:\n${output.join('')}`)));
  });
  return {
    url,
    child,
    output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

const ENV = {
  MERCHANT_CACHE_TTL: '1',
  MERCHANT_CACHE_STALE_WHILE_REVALIDATE: '0',
  MERCHANT_UPSTREAM_RETRIES: '0',
  MERCHANT_UPSTREAM_TIMEOUT_MS: '2000',
  MERCHANT_RATE_LIMIT: '100',
  MERCHANT_MISS_RATE_LIMIT: '5',
  // Every test speaks for its own client address, the same way on every runtime.
  MERCHANT_CLIENT_IP_HEADER: 'x-forwarded-for',
  MERCHANT_LOG_LEVEL: 'debug',
};

for (const runtime of RUNTIMES) {
  describe(`the gateway on ${runtime}`, { timeout: 120_000 }, () => {
    let gw: Started;
    const seen: string[] = [];
    let address = 0;
    /** A client of its own (x-forwarded-for), so no test spends another's rate limit or miss budget. */
    const client = () => {
      const ip = `198.51.100.${++address}`;
      return async (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) => {
        const res = await fetch(gw.url + path, { ...init, headers: { 'x-forwarded-for': ip, ...init.headers } });
        const body = await res.text();
        seen.push(body, JSON.stringify([...res.headers]));
        return { status: res.status, headers: res.headers, body, json: () => JSON.parse(body) };
      };
    };
    let n = 0;
    const id = () => sb.dataset.idAt(30 + RUNTIMES.indexOf(runtime) * 20 + n++);

    before(async () => {
      gw = await startCli(runtime, baseEnv(sb, ENV));
    });
    after(async () => {
      const code = await gw.stop();
      assert.equal(code, 0, `${runtime} stopped on SIGTERM with exit code 0:\n${gw.output.join('')}`);
    });

    it('answers the contract: a location, its menus, and the signed actions', async () => {
      const get = client();
      const location = await get(`/v1/locations/test-pizzeria`);
      assert.equal(location.status, 200, location.body);
      assert.equal(location.json().location.id, 'test-pizzeria');
      assert.equal(location.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.equal(location.headers.get('x-content-type-options'), 'nosniff');
      // The sandbox refuses a wrong signature: actions only come back if the gateway signed them right.
      const actions = await get(`/v1/locations/test-pizzeria/actions`);
      assert.equal(actions.status, 200, actions.body);
      assert.ok(Array.isArray(actions.json().actions) && actions.json().actions.length > 0);
    });

    it('answers errors as the error resource', async () => {
      const get = client();
      const unknown = await get('/v1/locations/made-up-place-0001');
      assert.equal(unknown.status, 404);
      assert.deepEqual(unknown.json(), { error: 'LOCATION_DOES_NOT_EXIST', message: unknown.json().message, status_code: 404 });
      const nowhere = await get('/v1/nowhere');
      assert.equal(nowhere.status, 404);
      assert.equal(nowhere.json().error, 'NOT_FOUND');
      const post = await get('/v1/locations/test-pizzeria', { method: 'POST' });
      assert.equal(post.status, 405);
      assert.equal(post.json().error, 'METHOD_NOT_ALLOWED');
      const bad = await get('/v1/locations/test-pizzeria/menus?format=huge');
      assert.equal(bad.status, 400, bad.body);
    });

    it('answers the directory, built from the feeds on the first search (workerd: 501, saying why)', async () => {
      const get = client();
      let answer = await get('/v1/directory?q=nonna');
      if (runtime === 'workerd') {
        assert.equal(answer.status, 501, answer.body);
        assert.equal(answer.json().error, 'DIRECTORY_UNAVAILABLE');
        assert.match(answer.json().message, /Cloudflare Workers.*Node, Deno or Bun/);
        return;
      }
      for (let waited = 0; answer.status === 503 && waited < 30_000; waited += 200) {
        assert.equal(answer.json().error, 'DIRECTORY_BUILDING');
        await new Promise((resolve) => setTimeout(resolve, 200));
        answer = await get('/v1/directory?q=nonna');
      }
      assert.equal(answer.status, 200, answer.body);
      assert.equal(answer.json().results[0].id, 'test-pizzeria');
      const bad = await get(`/v1/directory?q=${'x'.repeat(201)}`);
      assert.equal(bad.status, 400);
    });

    it('sends an ETag and answers 304 to it', async () => {
      const get = client();
      const path = `/v1/locations/${id()}/menus`;
      const first = await get(path);
      assert.equal(first.status, 200);
      const etag = first.headers.get('etag');
      assert.match(etag ?? '', /^(W\/)?"[^"]+"$/);
      const again = await get(path, { headers: { 'if-none-match': etag! } });
      assert.equal(again.status, 304);
      assert.equal(again.body, '');
      assert.equal(again.headers.get('etag'), etag);
    });

    it('serves the last good copy when the upstream fails (stale-if-error), and the error resource when there is none', async () => {
      const get = client();
      const good = id();
      const cold = id();
      const first = await get(`/v1/locations/${good}`);
      assert.equal(first.status, 200);
      await new Promise((resolve) => setTimeout(resolve, 1200)); // past the 1 s TTL
      sb.controls.injectFault({ path: /^\/publisher\/locations\/[^/]+\/$/, status: 500 });
      try {
        const stale = await get(`/v1/locations/${good}`);
        assert.equal(stale.status, 200);
        assert.equal(stale.headers.get('x-cache'), 'stale-if-error');
        assert.equal(stale.body, first.body);
        const failed = await get(`/v1/locations/${cold}`);
        assert.equal(failed.status, 502);
        assert.equal(failed.json().error, 'UPSTREAM_ERROR');
        assert.equal(failed.headers.get('cache-control'), 'no-store');
      } finally {
        sb.controls.clearFaults();
      }
    });

    it('coalesces concurrent cold requests into one upstream call, charged to one request', async () => {
      const get = client();
      const path = `/v1/locations/${id()}/menus`;
      sb.stats.reset();
      const answers = await Promise.all(Array.from({ length: 60 }, () => get(path)));
      assert.deepEqual([...new Set(answers.map((a) => a.status))], [200]);
      assert.equal(new Set(answers.map((a) => a.body)).size, 1);
      assert.equal(sb.stats.requests, 1);
      // The miss budget (5) paid once: the same client's next cold resources still answer.
      for (let i = 0; i < 3; i++) assert.equal((await get(`/v1/locations/${id()}/photos`)).status, 200);
    });

    it('limits a client: 429 with Retry-After past the rate limit and past the miss budget', async () => {
      const misses = client();
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await misses(`/v1/locations/never-${runtime}-${i}`)).status);
      assert.deepEqual(statuses.slice(0, 5), [404, 404, 404, 404, 404]);
      assert.ok(
        statuses.slice(5).every((s) => s === 429),
        `miss budget of 5: ${statuses}`,
      );

      const get = client();
      let limited: Awaited<ReturnType<typeof get>> | undefined;
      for (let i = 0; i < 105 && !limited; i++) {
        const res = await get('/healthz-is-not-this/v1');
        if (res.status === 429) limited = res;
      }
      assert.ok(limited, 'the rate limit of 100 a minute was reached');
      assert.equal(limited.json().error, 'RATE_LIMITED');
      assert.match(limited.headers.get('retry-after') ?? '', /^\d+$/);
    });

    it("answers compressed as Accept-Encoding asks (workerd: left to Cloudflare's edge)", async () => {
      const url = `${gw.url}/v1/locations/test-pizzeria/menus`;
      const identity = await raw(url, { 'x-forwarded-for': '192.0.2.77' });
      const gz = await raw(url, { 'x-forwarded-for': '192.0.2.77', 'accept-encoding': 'gzip' });
      seen.push(JSON.stringify(gz.headers));
      if (runtime === 'workerd') {
        assert.equal(gz.headers['content-encoding'], undefined);
        return;
      }
      assert.equal(gz.headers['content-encoding'], 'gzip');
      assert.match(String(gz.headers.vary), /Accept-Encoding/i);
      assert.notEqual(gz.headers.etag, identity.headers.etag, 'the gzip representation has an ETag of its own (or a weak one)');
      assert.deepEqual(gunzipSync(gz.body), identity.body);
    });

    it('answers CORS for allowed origins only', async () => {
      const get = client();
      const allowed = await get('/v1/locations/test-pizzeria', { headers: { origin: ORIGIN } });
      assert.equal(allowed.headers.get('access-control-allow-origin'), ORIGIN);
      assert.match(allowed.headers.get('vary') ?? '', /Origin/i);
      const other = await get('/v1/locations/test-pizzeria', { headers: { origin: 'https://evil.example' } });
      assert.equal(other.headers.get('access-control-allow-origin'), null);
      const preflight = await get('/v1/locations/test-pizzeria', { method: 'OPTIONS', headers: { origin: ORIGIN, 'access-control-request-method': 'GET' } });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers.get('access-control-allow-origin'), ORIGIN);
      const refused = await get('/v1/locations/test-pizzeria', {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
      });
      assert.equal(refused.status, 403);
    });

    it('never lets the signing key reach a response or the log', () => {
      assert.ok(seen.length > 50, 'the responses of the tests above were kept');
      for (const text of seen) assert.ok(!text.includes(SIGNING_KEY) && !/signature=/i.test(text), `leak in a response: ${text.slice(0, 200)}`);
      const log = gw.output.join('');
      assert.match(log, /upstream/, 'the log has the upstream calls (debug level), so there was something to leak');
      assert.ok(!log.includes(SIGNING_KEY), 'the key is not in the log');
      assert.ok(!/signature=(?!\[redacted\])/i.test(log), 'no signature value in the log');
    });
  });
}

describe('--runtime', () => {
  it('refuses an unknown runtime, naming the valid ones', async () => {
    const child = spawn(process.execPath, [CLI, 'gateway', '--runtime', 'nodejs', '--port', '0'], {
      env: { PATH: process.env.PATH ?? '', ...baseEnv(sb) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.equal(code, 1);
    assert.match(stderr, /unknown runtime "nodejs"; valid runtimes: node, workerd, deno, bun/);
  });
});
