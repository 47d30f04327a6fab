import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSandbox, SANDBOX_DEFAULTS } from '../../src/sandbox/server.ts';
import { signPath } from '../../src/signing/signature.ts';

// Action icons and deal images are served by the sandbox itself, so demo pages work offline and under a strict CSP.
describe('sandbox action assets', () => {
  const sandbox = createSandbox({ locations: 60 });
  const ORIGIN = 'http://sandbox.test';

  async function allActions(): Promise<Array<Record<string, any>>> {
    const actions: Array<Record<string, any>> = [];
    for (const id of sandbox.dataset.ids()) {
      const path = await signPath(`/locations/${id}/actions/`, SANDBOX_DEFAULTS.clientId, SANDBOX_DEFAULTS.signingKey);
      const response = await sandbox.fetch(new Request(`${ORIGIN}/actions${path}`));
      assert.equal(response.status, 200);
      actions.push(...(await response.json()).actions);
    }
    return actions;
  }

  it('points suggested_cta_asset and image_url at the sandbox origin, and serves them as images', async () => {
    const actions = await allActions();
    const urls = actions.flatMap((a) => [a.suggested_cta_asset, a.attributes?.image_url]).filter((u) => typeof u === 'string');
    assert.ok(
      urls.some((u) => u.includes('/assets/cta/')),
      'some actions have icons',
    );
    assert.ok(
      urls.some((u) => u.includes('/assets/deals/')),
      'some deals have images',
    );
    for (const url of urls.slice(0, 20)) {
      assert.ok(url.startsWith(`${ORIGIN}/assets/`), url);
      const image = await sandbox.fetch(new Request(url));
      assert.equal(image.status, 200, url);
      assert.equal(image.headers.get('content-type'), 'image/svg+xml');
      assert.match(await image.text(), /^<svg /);
    }
  });

  it('answers an unknown asset with the error resource', async () => {
    const response = await sandbox.fetch(new Request(`${ORIGIN}/assets/cta/..%2Fsecret`));
    assert.equal(response.status, 404);
    assert.equal((await response.json()).error, 'NOT_FOUND');
  });
});
