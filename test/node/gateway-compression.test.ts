/** Issue 21: compressed answers, compressed once per cache fill, with Vary and ETags per representation. */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { nodeCompress } from '../../src/adapters/node/compress.ts';
import { chooseEncoding } from '../../src/gateway/encoding.ts';
import type { Compress } from '../../src/gateway/encoding.ts';
import { setup, type Fixture } from './gateway-fixture.ts';

// fetch decompresses by itself and hides what was sent: a raw node:http GET shows the bytes on the wire.
function raw(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

let f: Fixture;
const calls: string[] = [];
const counting: Compress = (body, encoding) => {
  calls.push(encoding);
  return nodeCompress(body, encoding);
};
before(async () => {
  f = await setup({ MERCHANT_RATE_LIMIT: '0', MERCHANT_LOG_LEVEL: 'silent' }, { compression: { compress: counting, encodings: ['br', 'gzip'] } });
});
after(() => f.close());

describe('compressed answers', () => {
  it('answers brotli, gzip or identity as Accept-Encoding asks, the same JSON, with Vary and an ETag per representation', async () => {
    const url = `${f.gw.url}/v1/locations/test-pizzeria/menus`;
    const identity = await raw(url);
    assert.equal(identity.status, 200);
    assert.equal(identity.headers['content-encoding'], undefined);
    assert.match(String(identity.headers.vary), /Accept-Encoding/);
    const br = await raw(url, { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(String(br.headers.vary), /Origin, Accept-Encoding|Accept-Encoding/);
    assert.ok(br.body.length < identity.body.length / 2, `brotli ${br.body.length} B vs ${identity.body.length} B`);
    assert.deepEqual(brotliDecompressSync(br.body), identity.body);
    const gz = await raw(url, { 'accept-encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.deepEqual(gunzipSync(gz.body), identity.body);
    const etags = [identity, br, gz].map((r) => r.headers.etag);
    assert.equal(new Set(etags).size, 3, `three representations, three ETags: ${etags}`);

    // A 304 for whichever representation the client holds, with the tag of the one it would get now.
    for (const held of etags) {
      const again = await raw(url, { 'accept-encoding': 'br', 'if-none-match': String(held) });
      assert.equal(again.status, 304, `If-None-Match ${held}`);
      assert.equal(again.headers.etag, br.headers.etag);
    }
    assert.equal((await raw(url, { 'accept-encoding': 'br;q=0, gzip;q=0' })).headers['content-encoding'], undefined);
  });

  it('compresses once per cache fill, not per request', async () => {
    calls.length = 0;
    const url = `${f.gw.url}/v1/locations/test-pizzeria/photos`;
    for (let i = 0; i < 20; i++) await raw(url, { 'accept-encoding': i % 2 ? 'br' : 'gzip' });
    assert.deepEqual(calls.sort(), ['br', 'gzip']);
  });

  it('a composed page is compressed on its first answer, for the ones after', async () => {
    const url = `${f.gw.url}/v1/locations/test-pizzeria/page`;
    await raw(url, { 'accept-encoding': 'br' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const page = await raw(url, { 'accept-encoding': 'br' });
    assert.equal(page.headers['content-encoding'], 'br');
    assert.ok(JSON.parse(brotliDecompressSync(page.body).toString()).location);
  });

  it("compresses a directory search's answer as it is sent (made per request, not cached), above the minimum size", async () => {
    await f.gw.app.directory!.ready();
    const url = `${f.gw.url}/v1/directory?q=a&limit=20`;
    const identity = await raw(url);
    assert.equal(identity.status, 200);
    assert.ok(identity.body.length >= 1024, `a search worth compressing: ${identity.body.length} B`);
    assert.equal(identity.headers['content-encoding'], undefined);
    assert.match(String(identity.headers.vary), /Accept-Encoding/);
    const br = await raw(url, { 'accept-encoding': 'gzip, br' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.deepEqual(brotliDecompressSync(br.body), identity.body);
    const gz = await raw(url, { 'accept-encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.deepEqual(gunzipSync(gz.body), identity.body);
    // A small answer goes as it is.
    const small = await raw(`${f.gw.url}/v1/directory?q=a&limit=1`, { 'accept-encoding': 'br' });
    assert.equal(small.status, 200);
    assert.equal(small.headers['content-encoding'], undefined);
  });

  it('reads Accept-Encoding as RFC 9110 says', () => {
    const both = { br: new Uint8Array(1), gzip: new Uint8Array(1) };
    assert.equal(chooseEncoding(undefined, both), null);
    assert.equal(chooseEncoding('gzip, br', both), 'br');
    assert.equal(chooseEncoding('br;q=0.5, gzip', both), 'gzip');
    assert.equal(chooseEncoding('*', both), 'br');
    assert.equal(chooseEncoding('*;q=0', both), null);
    assert.equal(chooseEncoding('identity', both), null);
    assert.equal(chooseEncoding('br', { gzip: new Uint8Array(1) }), null);
  });
});
