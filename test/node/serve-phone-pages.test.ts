/**
 * Every HTML page `npm start` serves is readable on a phone (issue 27): the gateway's, the sandbox's and the demo's
 * own pages, found ones and not-found ones, carry a viewport tag (without one, a phone lays the page out 980 px
 * wide and shrinks it).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServe, type Serving } from '../../src/cli/serve.ts';

let serving: Serving;
before(async () => {
  serving = await startServe({ port: 0, logLevel: 'silent' });
});
after(() => serving.close());

test('every HTML page of the gateway, the sandbox and the demo has a viewport tag', async () => {
  const pages = [
    `${serving.gatewayUrl}/`,
    `${serving.sandbox.url}/`,
    serving.sandbox.actionsUrl,
    serving.sandbox.publisherUrl,
    serving.demoUrl,
    serving.configuratorUrl,
    `${serving.demoUrl}no-such-page.html`,
  ];
  let html = 0;
  for (const url of pages) {
    const response = await fetch(url);
    const body = await response.text();
    if (!/text\/html/.test(response.headers.get('content-type') ?? '')) continue;
    html++;
    assert.match(body, /<meta name="viewport" content="width=device-width, initial-scale=1">/, `${url} has no viewport tag`);
  }
  assert.equal(html, pages.length, 'every page listed is an HTML page');
});
