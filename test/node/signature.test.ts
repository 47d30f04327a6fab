import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { computeSignature, signPath, signatureBase, stripCredentials } from '../../src/signing/signature.ts';

// The published vector (ARCHITECTURE.md, "The signature").
const KEY = 'QRFYeaX2m4gGlsmG-B5sqhS4DQS3wwpC-QupqYaxBoU';
const CLIENT = 'cn3l4kmhdcxejosjf6chfjoiq';

describe('signature', () => {
  it('reproduces the published test vector', async () => {
    const base = signatureBase('/locations/test-pizzeria/actions/?type=foodordering', CLIENT);
    assert.equal(base, '/locations/test-pizzeria/actions/?type=foodordering&client=cn3l4kmhdcxejosjf6chfjoiq');
    assert.equal(await computeSignature(base, KEY), 'cuP+jQO57X7E1rCT+vEoKxN2LNg=');
    assert.equal(await signPath('/locations/test-pizzeria/actions/?type=foodordering', CLIENT, KEY), `${base}&signature=cuP%2BjQO57X7E1rCT%2BvEoKxN2LNg%3D`);
  });

  it('starts the query with client= when the path has none', () => {
    assert.equal(signatureBase('/locations/', 'abc'), '/locations/?client=abc');
  });

  it('re-signs a link that already carries client and signature, keeping the other bytes as sent', async () => {
    const link = '/locations/updated/?since=2024-01-01T00%3A00%3A00Z&location_id=a&client=old&signature=xyz%3D';
    assert.equal(stripCredentials(link), '/locations/updated/?since=2024-01-01T00%3A00%3A00Z&location_id=a');
    const signed = await signPath(link, CLIENT, KEY);
    assert.match(signed, /^\/locations\/updated\/\?since=2024-01-01T00%3A00%3A00Z&location_id=a&client=cn3l4kmhdcxejosjf6chfjoiq&signature=/);
    assert.equal(signed.match(/signature=/g)?.length, 1);
  });
});
