/**
 * The WordPress plugin as built (dist/wordpress): what the zip holds, that every PHP file parses, that the element
 * table matches the elements and never lets a post set what only the site may, and that its version is the
 * package's. The plugin at work in a real WordPress is test/wordpress/.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { elementTable } from '../../scripts/build-wordpress.mjs';
import { REQUIRED_TAGS, at, readBuilt } from './dist-helpers.ts';

const PLUGIN = 'dist/wordpress/merchant-elements';

function phpFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? phpFiles(path.join(dir, entry.name)) : entry.name.endsWith('.php') ? [path.join(dir, entry.name)] : []);
}

describe('the WordPress plugin build', () => {
  it('zips the plugin under merchant-elements/ with its PHP, its own bundle and on-demand modules, and no source maps', () => {
    readBuilt('dist/wordpress/merchant-elements/merchant-elements.php'); // a clear message when not built
    const zip = unzipSync(new Uint8Array(readFileSync(at('dist/wordpress/merchant-elements.zip'))));
    const names = Object.keys(zip);
    assert.ok(names.every((name) => name.startsWith('merchant-elements/')), names.join(', '));
    for (const file of ['merchant-elements.php', 'uninstall.php', 'readme.txt', 'includes/elements.json', 'assets/editor/blocks-data.js', 'assets/js/merchant-elements.js', 'assets/js/merchant-elements-i18n-fr.js', 'assets/js/merchant-elements-error-view.js']) {
      assert.ok(names.includes(`merchant-elements/${file}`), file);
    }
    assert.deepEqual(names.filter((name) => name.endsWith('.map') || name.includes('classic')), []);
  });

  it('every PHP file parses (php -l)', (t) => {
    if (spawnSync('php', ['--version']).status !== 0) {
      assert.fail('php is not installed: apt-get install -y php-cli (.ci/run does)');
    }
    const files = phpFiles(at(PLUGIN));
    assert.ok(files.length >= 9, `${files.length} PHP files`);
    for (const file of files) {
      const lint = spawnSync('php', ['-l', file], { encoding: 'utf8' });
      assert.equal(lint.status, 0, `${file}: ${lint.stdout}${lint.stderr}`);
    }
    t.diagnostic(`${files.length} PHP files`);
  });

  it('the element table has every element, and no attribute a post must not set', () => {
    const table = JSON.parse(readBuilt(`${PLUGIN}/includes/elements.json`)) as Record<string, { attributes: Record<string, { kind: string }> }>;
    assert.deepEqual(Object.keys(table).sort(), REQUIRED_TAGS);
    for (const [tag, element] of Object.entries(table)) {
      for (const name of Object.keys(element.attributes)) {
        assert.ok(!['endpoint', 'allow-widget-scripts', 'state'].includes(name) && !/^on/i.test(name), `${tag} ${name}`);
      }
      assert.ok(element.attributes['location-id'], `${tag} takes a location id`);
    }
    assert.deepEqual(Object.keys(table['merchant-menu']!.attributes).sort(), ['dietary', 'format', 'heading-level', 'lazy', 'locale', 'location-id', 'no-structured-data', 'theme']);
    assert.equal(table['merchant-actions']!.attributes.top!.kind, 'boolean');
  });

  it('an on* or endpoint attribute in the manifest never reaches the table', () => {
    const manifest = {
      modules: [{ declarations: [{ customElement: true, tagName: 'merchant-x', attributes: [
        { name: 'onclick', type: { text: 'string' } }, { name: 'endpoint', type: { text: 'string' } }, { name: 'size', type: { text: "'s' | 'l'" } },
      ] }] }],
    };
    assert.deepEqual(elementTable(manifest)['merchant-x'].attributes, {
      size: { kind: 'choice', values: ['s', 'l'], valueLabels: { s: 's', l: 'l' }, default: '', label: 'Size', description: '' },
    });
  });

  it("carries the package's version in its header, its constant and its readme", () => {
    const { version } = JSON.parse(readBuilt('package.json')) as { version: string };
    const main = readBuilt(`${PLUGIN}/merchant-elements.php`);
    assert.match(main, new RegExp(`\\* Version:\\s+${version.replace(/\./g, '\\.')}\\n`));
    assert.match(main, new RegExp(`'MERCHANT_ELEMENTS_VERSION', '${version.replace(/\./g, '\\.')}'`));
    assert.match(readBuilt(`${PLUGIN}/readme.txt`), new RegExp(`Stable tag: ${version.replace(/\./g, '\\.')}\\n`));
  });
});
