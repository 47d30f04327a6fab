import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { computeSignature } from '../../src/signing/signature.ts';
import { UpstreamClient, encodeStrict, query } from '../../src/gateway/upstream.ts';
import { GatewayError } from '../../src/gateway/errors.ts';

const KEY = 'test-signing-key-do-not-leak';
const CLIENT = 'test-client';

// A tiny fake upstream: routes by path, records every request.
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const routes = new Map<string, Handler>();
const seen: string[] = [];
const server = createServer((req, res) => {
  seen.push(req.url!);
  const path = req.url!.split('?')[0]!;
  const handler = routes.get(path);
  if (handler) return handler(req, res);
  res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'LOCATION_DOES_NOT_EXIST', message: 'no', status_code: 404 }));
});
let base = '';

function client(overrides: Partial<ConstructorParameters<typeof UpstreamClient>[0]> = {}) {
  return new UpstreamClient({
    actionsUrl: `${base}/actions`,
    publisherUrl: `${base}/publisher`,
    clientId: CLIENT,
    signingKey: KEY,
    signPublisher: false,
    // Far more than three attempts and their backoff (100 + 200 ms at most) take on a loaded machine: at 500 ms the
    // retry test timed out under a CI run's load. The deadline's own tests set a short one.
    timeoutMs: 10_000,
    retries: 2,
    maxBytes: 10_000,
    ...overrides,
  });
}

async function verify(url: string): Promise<boolean> {
  const path = url.replace(/^\/actions/, '');
  const i = path.indexOf('&signature=');
  const expected = await computeSignature(path.slice(0, i), KEY);
  return decodeURIComponent(path.slice(i + '&signature='.length)) === expected;
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

before(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(
  () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
);

describe('upstream client', () => {
  it('signs the exact bytes it sends, including characters the URL parser would re-encode', async () => {
    routes.set('/actions/locations/it%27s%20here/actions/', (_req, res) => json(res, 200, { actions: [] }));
    seen.length = 0;
    const path = `/locations/${encodeStrict("it's here")}/actions/${query({ type: "deal's", top: true })}`;
    const r = await client().get('actions', path);
    assert.equal(r.status, 200);
    assert.equal(seen.length, 1);
    assert.ok(seen[0]!.startsWith(`/actions${path}&client=${CLIENT}&signature=`));
    assert.ok(await verify(seen[0]!));
  });

  it('does not sign the publisher API unless configured to', async () => {
    routes.set('/publisher/locations/a/', (_req, res) => json(res, 200, { code: 200, data: { location_id: 'a' } }));
    seen.length = 0;
    const r = await client().get('publisher', '/locations/a/');
    assert.deepEqual(r.body, { location_id: 'a' });
    assert.equal(seen[0], '/publisher/locations/a/');
    await client({ signPublisher: true }).get('publisher', '/locations/a/');
    assert.match(seen[1]!, /\?client=test-client&signature=/);
  });

  it('retries 5xx with backoff, then answers 502', async () => {
    let calls = 0;
    routes.set('/actions/flaky', (_req, res) => (++calls < 3 ? json(res, 503, {}) : json(res, 200, { ok: 1 })));
    assert.deepEqual((await client().get('actions', '/flaky')).body, { ok: 1 });
    assert.equal(calls, 3);
    calls = 0;
    routes.set('/actions/down', (_req, res) => {
      calls++;
      json(res, 500, {});
    });
    await assert.rejects(client().get('actions', '/down'), (e: GatewayError) => e.status === 502 && e.code === 'UPSTREAM_ERROR');
    assert.equal(calls, 3);
  });

  it('does not retry a 400 and passes its error name on', async () => {
    let calls = 0;
    routes.set('/actions/bad', (_req, res) => {
      calls++;
      json(res, 400, { error: 'LIMIT_TOO_LARGE', message: 'limit 500 exceeds 100', status_code: 400 });
    });
    await assert.rejects(client().get('actions', '/bad'), (e: GatewayError) => e.status === 400 && e.code === 'LIMIT_TOO_LARGE');
    assert.equal(calls, 1);
  });

  it('answers 404 as data, and 401/403 as a 502 for the operator', async () => {
    assert.equal((await client().get('actions', '/nowhere')).status, 404);
    routes.set('/actions/denied', (_req, res) =>
      json(res, 403, { error: 'INVALID_SIGNATURE', message: `bad signature for ?client=${CLIENT}`, status_code: 403 }),
    );
    await assert.rejects(client().get('actions', '/denied'), (e: GatewayError) => e.status === 502 && e.code === 'UPSTREAM_AUTH');
  });

  it('gives up at the deadline with 504, retries included', async () => {
    routes.set('/actions/slow', (_req, res) => {
      setTimeout(() => json(res, 200, {}), 2000).unref();
    });
    await assert.rejects(client({ timeoutMs: 100 }).get('actions', '/slow'), (e: GatewayError) => e.status === 504 && e.code === 'UPSTREAM_TIMEOUT');
  });

  it('caps the body size and rejects malformed JSON', async () => {
    routes.set('/actions/huge', (_req, res) => {
      res.writeHead(200);
      res.end('['.padEnd(20_000, ' ') + ']');
    });
    await assert.rejects(client().get('actions', '/huge'), (e: GatewayError) => e.code === 'UPSTREAM_TOO_LARGE');
    routes.set('/actions/garbage', (_req, res) => {
      res.writeHead(200);
      res.end('{"actions": [');
    });
    await assert.rejects(client().get('actions', '/garbage'), (e: GatewayError) => e.code === 'UPSTREAM_MALFORMED' && e.status === 502);
  });

  it('answers a dropped connection with 502 after retrying', async () => {
    let calls = 0;
    routes.set('/actions/drop', (req) => {
      calls++;
      req.socket.destroy();
    });
    await assert.rejects(client().get('actions', '/drop'), (e: GatewayError) => e.code === 'UPSTREAM_UNAVAILABLE');
    assert.equal(calls, 3);
  });

  it('follows relative Link next links and absolute publisher next links, re-signing each', async () => {
    routes.set('/actions/locations/updated/', (req, res) => {
      const page = /location_id=b/.test(req.url!) ? 2 : 1;
      json(
        res,
        200,
        page === 1 ? [{ location_id: 'a' }] : [{ location_id: 'b' }],
        page === 1 ? { link: '</locations/updated/?since=2024-01-01T00%3A00%3A00Z&location_id=b>; rel="next"' } : {},
      );
    });
    seen.length = 0;
    const ids: string[] = [];
    for await (const page of client().pages('actions', '/locations/updated/?since=2024-01-01T00%3A00%3A00Z'))
      ids.push(...(page.body as { location_id: string }[]).map((x) => x.location_id));
    assert.deepEqual(ids, ['a', 'b']);
    assert.equal(seen.length, 2);
    for (const url of seen) assert.ok(await verify(url), url);

    routes.set('/publisher/locations/updated_since/', (req, res) => {
      const second = /page=2/.test(req.url!);
      json(res, 200, {
        code: 200,
        data: {
          results: [{ location_id: second ? 'd' : 'c' }],
          next: second ? null : `${base}/publisher/locations/updated_since/?date=2024-01-01&limit=1&page=2`,
        },
      });
    });
    const pids: string[] = [];
    for await (const page of client().pages('publisher', '/locations/updated_since/?date=2024-01-01&limit=1'))
      pids.push(...(page.body as { results: { location_id: string }[] }).results.map((x) => x.location_id));
    assert.deepEqual(pids, ['c', 'd']);
    assert.throws(() => client().relativeNext('publisher', 'http://evil.example/publisher/x'), /outside its base/);
  });

  it('never puts the key or a signature into an error', async () => {
    const paths = ['/down', '/slow', '/huge', '/garbage', '/denied', '/bad', '/drop'];
    for (const p of paths) {
      const error = await client({ timeoutMs: 100, retries: 0 })
        .get('actions', p)
        .then(
          () => null,
          (e) => e,
        );
      assert.ok(error instanceof GatewayError, p);
      const text = `${error.message} ${JSON.stringify(error.toResource())} ${error.stack}`;
      assert.ok(!text.includes(KEY) && !/signature=/.test(text) && !text.includes(CLIENT), p);
    }
  });
});

describe('redirects', () => {
  it('never follows one (the signed URL would go with it): 502, and nothing asked of the target', async () => {
    let targetAsked = 0;
    const target = createServer((_req, res) => {
      targetAsked++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    routes.set('/actions/locations/moved/actions/', (_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${(target.address() as AddressInfo).port}/elsewhere` }).end();
    });
    try {
      await assert.rejects(
        client({ retries: 0 }).get('actions', '/locations/moved/actions/'),
        (error: unknown) => error instanceof GatewayError && error.status === 502 && error.code === 'UPSTREAM_UNAVAILABLE',
      );
      assert.equal(targetAsked, 0);
    } finally {
      routes.delete('/actions/locations/moved/actions/');
      await new Promise<void>((resolve) => target.close(() => resolve()));
    }
  });
});
