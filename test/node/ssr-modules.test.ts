/**
 * src/ssr/modules.ts: a page composed of render-route fragments knows from the fragments which modules their takeover
 * will load (each element's file or the file with every element, by the loader's rule; the language modules), and
 * hints exactly those, under the URL it loads the bundle from.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { renderElement } from '../../src/ssr/render.ts';
import { fragmentModules, modulePreloads } from '../../src/ssr/modules.ts';
import { elementSizesFile, type ElementFileSizes } from '../../src/contract/element-files.ts';
import { setup, type Fixture } from './gateway-fixture.ts';

describe("a composed page's module hints, from its fragments", () => {
  let gateway: Fixture;
  const render = async (query: string) => {
    const response = await gateway.get(`/v1/locations/test-pizzeria/render/${query}`);
    assert.equal(response.status, 200, query);
    return response.text();
  };

  before(async () => (gateway = await setup({ MERCHANT_LOG_LEVEL: 'silent' }, { renderElement })));
  after(() => gateway?.close());

  it("names each element's file and the language modules the fragments show, once each, in page order", async () => {
    const fragments = [await render('menu?format=short&locale=fr'), await render('hours'), await render('location?locale=fr-CA')];
    assert.deepEqual(fragmentModules(fragments), [
      'merchant-elements-menu.js',
      'merchant-elements-hours.js',
      'merchant-elements-location.js',
      'merchant-elements-i18n-fr.js',
    ]);
    // A fragment without `locale` shows the page's language; English has no module.
    assert.deepEqual(fragmentModules(fragments, { pageLocale: 'de-DE' }).slice(3), ['merchant-elements-i18n-fr.js', 'merchant-elements-i18n-de.js']);
    assert.deepEqual(fragmentModules(fragments, { pageLocale: 'en' }).slice(3), ['merchant-elements-i18n-fr.js']);
    assert.deepEqual(fragmentModules(fragments, { classic: true }).at(-1), 'merchant-elements-classic-i18n-fr.js');
    assert.equal(
      modulePreloads(fragmentModules(fragments.slice(0, 1)), 'https://cdn.example/me/1.2.0/merchant-elements.js'),
      '<link rel="modulepreload" href="https://cdn.example/me/1.2.0/merchant-elements-menu.js">' +
        '<link rel="modulepreload" href="https://cdn.example/me/1.2.0/merchant-elements-i18n-fr.js">',
    );
  });

  it('names the file with every element when the build measured that the separate files would weigh more', async () => {
    // The sizes the build measured (npm run build), as the loader's table and the demo server read them.
    const sizes = JSON.parse(readFileSync(`dist/${elementSizesFile()}`, 'utf8')) as ElementFileSizes;
    const names = ['menu', 'hours', 'location', 'photos', 'actions', 'nearby'];
    const fragments = await Promise.all(names.map((name) => render(name)));
    assert.deepEqual(fragmentModules(fragments, { sizes }), ['merchant-elements-all.js']);
    assert.deepEqual(fragmentModules(fragments.slice(0, 1), { sizes }), ['merchant-elements-menu.js']);
  });
});
