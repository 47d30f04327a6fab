import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { verifySignature } from '../../src/sandbox/auth.ts';
import { signPath } from '../../src/signing/signature.ts';

const CLIENT = 'client-under-test';
const KEY = 'QRFYeaX2m4gGlsmG-B5sqhS4DQS3wwpC-QupqYaxBoU';
const credentials = { clientId: CLIENT, signingKey: KEY };

const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join('/')}/`);
const pair = fc
  .tuple(fc.stringMatching(/^[a-z_]{1,8}$/), fc.stringMatching(/^[A-Za-z0-9%.:-]{0,16}$/))
  .filter(([name]) => name !== 'client' && name !== 'signature')
  .map(([k, v]) => `${k}=${v}`);
const query = fc.array(pair, { maxLength: 4 }).map((pairs) => (pairs.length ? `?${pairs.join('&')}` : ''));

/** A different printable ASCII character at one position (never the same byte). */
function mutate(text: string, at: number, delta: number): string {
  const i = at % text.length;
  const code = 33 + ((text.charCodeAt(i) - 33 + 1 + (delta % 93)) % 94);
  return text.slice(0, i) + String.fromCharCode(code) + text.slice(i + 1);
}

const verifies = (signed: string) =>
  verifySignature(signed, credentials).then(
    () => true,
    () => false,
  );

describe('signature property (fast-check)', () => {
  it('any request signed with the configured key verifies', async () => {
    await fc.assert(
      fc.asyncProperty(path, query, async (p, q) => {
        assert.equal(await verifies(await signPath(p + q, CLIENT, KEY)), true);
      }),
      { numRuns: 300 },
    );
  });

  it('changing any byte of the path or the query makes it fail', async () => {
    await fc.assert(
      fc.asyncProperty(path, query, fc.nat(), fc.nat(92), async (p, q, at, delta) => {
        const signed = await signPath(p + q, CLIENT, KEY);
        const signedPart = signed.slice(0, signed.indexOf('&client='));
        const i = at % signedPart.length;
        const changed = mutate(signedPart, i, delta) + signed.slice(signedPart.length);
        fc.pre(changed !== signed);
        assert.equal(await verifies(changed), false, changed);
      }),
      { numRuns: 300 },
    );
  });

  it('signing with any other key makes it fail', async () => {
    await fc.assert(
      fc.asyncProperty(path, query, fc.nat(), fc.nat(92), async (p, q, at, delta) => {
        const otherKey = mutate(KEY, at, delta);
        fc.pre(otherKey !== KEY);
        assert.equal(await verifies(await signPath(p + q, CLIENT, otherKey)), false);
      }),
      { numRuns: 300 },
    );
  });
});
