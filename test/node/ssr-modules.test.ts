/**
 * src/ssr/modules.ts: a page composed of render-route fragments knows from the fragments which modules their takeover
 * will load (each element's file or the file with every element, by the loader's rule; a full menu's navigation and
 * tools; the language modules), and
 * hints exactly those, under the URL it loads the bundle from.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { renderElement } from '../../src/ssr/render.ts';
import { fragmentModules, modulePreloads } from '../../src/ssr/modules.ts';
import { buildFilesList, type BuildFiles } from '../../src/contract/element-files.ts';
import { setup, type Fixture } from './gateway-fixture.ts';

describe("a composed page's module hints, from its fragments", () => {
  let gateway: Fixture;
  const render = async (query: string) => {
    const response = await gateway.get(`/v1/locations/test-pizzeria/render/${query}`);
    assert.equal(response.status, 200, query);
    return response.text();
  };

  // The build's file lists (npm run build): each file's name by its content, and the sizes the loader's rule reads.
  const list = (classic = false) => JSON.parse(readFileSync(`dist/${buildFilesList(classic)}`, 'utf8')) as BuildFiles;
  /** The same list with no measured sizes: the loader keeps each element's own file. */
  const unmeasured = (files: BuildFiles): BuildFiles => ({ ...files, combined: 0 });

  before(async () => (gateway = await setup({ MERCHANT_LOG_LEVEL: 'silent' }, { renderElement })));
  after(() => gateway?.close());

  it("names each element's file and the language modules the fragments show, once each, in page order", async () => {
    const fragments = [await render('menu?format=short&locale=fr'), await render('hours'), await render('location?locale=fr-CA')];
    const files = unmeasured(list());
    const { menu, hours, location, hydrate, 'menu-navigation': navigation, 'menu-tools': tools, 'i18n-fr': fr, 'i18n-de': de } = files.files;
    assert.ok(menu && hours && location && hydrate && navigation && tools && fr && de, 'the build names every file');
    // The short menu's tabs and tools, which its view loaded (its fragment says so: the next test), after hydration.
    assert.deepEqual(fragmentModules(fragments, files), [menu, hours, location, hydrate, navigation, tools, fr]);
    // A fragment without `locale` shows the page's language; English has no module.
    assert.deepEqual(fragmentModules(fragments, files, { pageLocale: 'de-DE' }).slice(6), [fr, de]);
    assert.deepEqual(fragmentModules(fragments, files, { pageLocale: 'en' }).slice(6), [fr]);
    // The classic build's list names its own element files (the language modules are the same files in both builds).
    const classic = unmeasured(list(true));
    assert.deepEqual(fragmentModules(fragments, classic), [
      classic.files.menu,
      classic.files.hours,
      classic.files.location,
      classic.files.hydrate,
      classic.files['menu-navigation'],
      classic.files['menu-tools'],
      classic.files['i18n-fr'],
    ]);
    assert.notEqual(classic.files.menu, menu);
    assert.equal(
      modulePreloads(fragmentModules(fragments.slice(0, 1), files), 'https://cdn.example/me/1.2.0/merchant-elements.js'),
      `<link rel="modulepreload" href="https://cdn.example/me/1.2.0/${menu}">` +
        `<link rel="modulepreload" href="https://cdn.example/me/1.2.0/${hydrate}">` +
        `<link rel="modulepreload" href="https://cdn.example/me/1.2.0/${navigation}">` +
        `<link rel="modulepreload" href="https://cdn.example/me/1.2.0/${tools}">` +
        `<link rel="modulepreload" href="https://cdn.example/me/1.2.0/${fr}">`,
    );
  });

  it('names the file with every element when the build measured that the separate files would weigh more', async () => {
    // The sizes the build measured, as the loader's table and the demo server read them.
    const files = list();
    const names = ['menu', 'hours', 'location', 'photos', 'actions', 'nearby'];
    const fragments = await Promise.all(names.map((name) => render(name)));
    // A full menu loads its navigation and tools beside its data (the menu class's `modulesBesideData`).
    const besideData = [files.files['menu-navigation'], files.files['menu-tools']];
    assert.ok(besideData.every(Boolean), `the build names the menu's modules: ${JSON.stringify(besideData)}`);
    assert.deepEqual(fragmentModules(fragments, files), [files.files.all, files.files.hydrate, ...besideData]);
    assert.deepEqual(fragmentModules(fragments.slice(0, 1), files), [files.files.menu, files.files.hydrate, ...besideData]);
  });

  it("names what a fragment's view loaded past its element's rule: a short menu that needs its tabs and tools says so", async () => {
    const files = unmeasured(list());
    const besideData = [files.files['menu-navigation'], files.files['menu-tools']];
    // The test location's short menu has several menus and a long list: the render names both modules on the element.
    const short = await render('menu?format=short');
    assert.match(/<merchant-menu\s[^>]*>/.exec(short)![0], /\sdata-merchant-modules="menu-navigation menu-tools"/);
    assert.deepEqual(fragmentModules([short], files), [files.files.menu, files.files.hydrate, ...besideData]);
    // An element whose view loaded nothing more names nothing.
    assert.doesNotMatch(await render('hours'), /data-merchant-modules/);
    // Without the attribute (a fragment from before it), the short menu's rule alone: no modules beside its data.
    assert.deepEqual(fragmentModules([short.replace(/\sdata-merchant-modules="[^"]*"/, '')], files), [files.files.menu, files.files.hydrate]);
  });

  it('names nothing for a `lazy` fragment, whose element loads what it needs near the viewport, and counts the elements around the fragments', async () => {
    const files = list();
    const besideData = [files.files['menu-navigation'], files.files['menu-tools']];
    const [menu, ...below] = await Promise.all(
      ['menu', 'hours?lazy=', 'location?lazy=&locale=fr', 'photos?lazy=', 'actions?lazy=', 'nearby?lazy='].map(render),
    );
    for (const fragment of below) assert.match(/<merchant-[a-z]+\s[^>]*>/.exec(fragment)![0], /\slazy[\s>]/);
    // The lazy fragments leave the menu's own file (no combined file, no French module); without them it is the same.
    assert.deepEqual(fragmentModules([menu!, ...below], files), [files.files.menu, files.files.hydrate, ...besideData]);
    assert.deepEqual(fragmentModules(below, files), []);
    // The page's other elements (a provider around the fragments) load with the page: they count in the choice of files.
    assert.deepEqual(fragmentModules([menu!], unmeasured(files), { otherElements: ['merchant-provider'] }), [
      files.files.provider,
      files.files.menu,
      files.files.hydrate,
      ...besideData,
    ]);
    const every = await Promise.all(['hours', 'location', 'photos', 'actions', 'nearby'].map(render));
    assert.deepEqual(fragmentModules([menu!, ...every], files, { otherElements: ['merchant-provider'] }).slice(0, 1), [files.files.all]);
  });
});
