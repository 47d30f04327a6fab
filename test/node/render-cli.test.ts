/**
 * `merchant-elements render`: the same HTML as the gateway's render route, for static sites and build steps.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { renderCommand } from '../../src/cli/render.ts';
import { renderElement } from '../../src/ssr/render.ts';
import { gatewayFor, startSandboxForTests } from './gateway-fixture.ts';
import type { RunningSandbox } from '../../src/sandbox/server.ts';
import type { RunningGateway } from '../../src/adapters/node/server.ts';

describe('merchant-elements render', () => {
  let sandbox: RunningSandbox;
  let gateway: RunningGateway;

  before(async () => {
    sandbox = await startSandboxForTests();
    gateway = await gatewayFor(sandbox, { MERCHANT_LOG_LEVEL: 'silent', MERCHANT_RATE_LIMIT: '0', MERCHANT_MISS_RATE_LIMIT: '0' }, { renderElement });
  });
  after(async () => {
    await gateway?.close();
    await sandbox?.close();
  });

  const run = async (args: string[]) => {
    let printed = '';
    const code = await renderCommand(args, (text) => (printed += text));
    return { code, printed };
  };

  it('prints the HTML the render route returns for the same element, attributes and gateway', async () => {
    const { code, printed } = await run(['--element', 'menu', '--location', 'test-pizzeria', '--format', 'short', '--endpoint', gateway.url]);
    assert.equal(code, 0);
    const route = await (await fetch(`${gateway.url}/v1/locations/test-pizzeria/render/menu?format=short`)).text();
    assert.equal(printed, `${route}\n`);
  });

  it('takes boolean attributes alone and --name=value', async () => {
    const { printed } = await run(['--element=actions', '--location=test-pizzeria', '--top', '--endpoint', gateway.url]);
    assert.match(printed, /<merchant-actions\s[^>]*\btop\b[^>]*>/);
    assert.equal((printed.match(/part="item/g) ?? []).length, 1, 'one main button');
  });

  it('says what is wrong: no element, an unknown attribute, an unknown location', async () => {
    await assert.rejects(run(['--location', 'test-pizzeria', '--endpoint', gateway.url]), /--element is required/);
    await assert.rejects(
      run(['--element', 'menu', '--colour', 'red', '--endpoint', gateway.url]),
      /"colour" is not an attribute of <merchant-menu> \(known: .*format/,
    );
    await assert.rejects(run(['--element', 'menu', '--location', 'no-such-place', '--endpoint', gateway.url]), /no location with id "no-such-place"/);
  });
});
