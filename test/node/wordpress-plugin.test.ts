/**
 * The WordPress plugin as built (dist/wordpress): what the zip holds, that every PHP file parses, that the element
 * table matches the elements and never lets a post set what only the site may, that its version is the package's,
 * and what the Plugin Check asks of it (the WordPress versions it names are those the tests run, a translation
 * template with its strings and one text domain, the minified scripts' source named). The plugin at work in a real
 * WordPress is test/wordpress/.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { elementTable, languageTable, scriptFolder } from '../../scripts/build-wordpress.mjs';
import { ELEMENT_TAGS, at, builtFile, readBuilt } from './dist-helpers.ts';
import { NEWEST_WORDPRESS, WORDPRESS_VERSIONS } from '../wordpress/wordpress.ts';

const PLUGIN = 'dist/wordpress/merchant-elements';

/**
 * Every translation call in PHP files (by PHP's own tokenizer) with its text-domain argument as written: the gettext
 * functions, and those that load or name a domain's translations.
 */
const TEXT_DOMAINS_PHP = `<?php
$domain_at = array( '__' => 1, '_e' => 1, 'esc_html__' => 1, 'esc_html_e' => 1, 'esc_attr__' => 1, 'esc_attr_e' => 1,
  '_x' => 2, '_ex' => 2, 'esc_html_x' => 2, 'esc_attr_x' => 2, '_n' => 3, '_n_noop' => 2, '_nx' => 4, '_nx_noop' => 3,
  'translate' => 1, 'load_plugin_textdomain' => 0, 'load_textdomain' => 0, 'wp_set_script_translations' => 1 );
$calls = array();
foreach ( array_slice( $argv, 1 ) as $file ) {
  $tokens = array_values( array_filter( token_get_all( file_get_contents( $file ) ), function ( $t ) {
    return ! is_array( $t ) || ! in_array( $t[0], array( T_WHITESPACE, T_COMMENT, T_DOC_COMMENT ), true );
  } ) );
  foreach ( $tokens as $i => $t ) {
    if ( ! is_array( $t ) || T_STRING !== $t[0] || ! isset( $domain_at[ strtolower( $t[1] ) ] ) || ( $tokens[ $i + 1 ] ?? null ) !== '(' ) continue;
    $before = $tokens[ $i - 1 ] ?? null;
    if ( is_array( $before ) && in_array( $before[0], array( T_FUNCTION, T_OBJECT_OPERATOR, T_DOUBLE_COLON ), true ) ) continue;
    $args = array( '' );
    $depth = 0;
    for ( $j = $i + 1; $j < count( $tokens ); $j++ ) {
      $text = is_array( $tokens[ $j ] ) ? $tokens[ $j ][1] : $tokens[ $j ];
      if ( in_array( $text, array( '(', '[', '{' ), true ) && 0 === $depth++ ) continue;
      if ( in_array( $text, array( ')', ']', '}' ), true ) && 0 === --$depth ) break;
      if ( 1 === $depth && ',' === $text ) { $args[] = ''; continue; }
      $args[ count( $args ) - 1 ] .= $text;
    }
    $calls[] = array( 'at' => $file . ':' . $t[2], 'call' => $t[1], 'domain' => $args[ $domain_at[ strtolower( $t[1] ) ] ] ?? null );
  }
}
echo json_encode( $calls );
`;

function phpFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? phpFiles(path.join(dir, entry.name)) : entry.name.endsWith('.php') ? [path.join(dir, entry.name)] : [],
  );
}

describe('the WordPress plugin build', () => {
  it('zips the plugin under merchant-elements/ with its PHP, its own bundle and on-demand modules, and no source maps', () => {
    readBuilt('dist/wordpress/merchant-elements/merchant-elements.php'); // a clear message when not built
    const zip = unzipSync(new Uint8Array(readFileSync(at('dist/wordpress/merchant-elements.zip'))));
    const names = Object.keys(zip);
    assert.ok(
      names.every((name) => name.startsWith('merchant-elements/')),
      names.join(', '),
    );
    for (const file of [
      'merchant-elements.php',
      'uninstall.php',
      'readme.txt',
      'generated/elements.json',
      'generated/languages.json',
      'assets/editor/blocks-data.js',
      `${scriptFolder()}/merchant-elements.js`,
      `${scriptFolder()}/${path.basename(builtFile('i18n-fr'))}`,
      `${scriptFolder()}/${path.basename(builtFile('error-view'))}`,
      'generated/element-files.json',
      'generated/view-modules.json',
    ]) {
      assert.ok(names.includes(`merchant-elements/${file}`), file);
    }
    assert.deepEqual(
      names.filter((name) => name.endsWith('.map') || name.includes('classic')),
      [],
    );
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
    const table = JSON.parse(readBuilt(`${PLUGIN}/generated/elements.json`)) as Record<string, { attributes: Record<string, { kind: string }> }>;
    assert.deepEqual(Object.keys(table).sort(), ELEMENT_TAGS);
    for (const [tag, element] of Object.entries(table)) {
      for (const name of Object.keys(element.attributes)) {
        assert.ok(!['endpoint', 'allow-widget-scripts', 'state'].includes(name) && !/^on/i.test(name), `${tag} ${name}`);
      }
      assert.ok(element.attributes['location-id'], `${tag} takes a location id`);
    }
    assert.deepEqual(Object.keys(table['merchant-menu']!.attributes).sort(), [
      'dietary',
      'format',
      'full-menu-href',
      'heading-level',
      'lazy',
      'locale',
      'location-id',
      'no-print-button',
      'no-section-bar',
      'no-structured-data',
      'theme',
    ]);
    assert.equal(table['merchant-actions']!.attributes.top!.kind, 'boolean');
  });

  it("lists the elements' languages for the locale setting, from their one list, with each one's module", () => {
    const languages = JSON.parse(readBuilt(`${PLUGIN}/generated/languages.json`));
    assert.deepEqual(languages, languageTable());
    assert.equal(Object.keys(languages)[0], 'en', 'English (built in) first');
    for (const code of Object.keys(languages).slice(1)) assert.ok(readBuilt(`${PLUGIN}/${scriptFolder()}/${path.basename(builtFile(`i18n-${code}`))}`), code);
    assert.doesNotMatch(readFileSync(at('integrations/wordpress/src/WordPress/Settings.php'), 'utf8'), /'es'|Español/, 'no language is written into the PHP');
  });

  it('an on* or endpoint attribute in the manifest never reaches the table', () => {
    const manifest = {
      modules: [
        {
          declarations: [
            {
              customElement: true,
              tagName: 'merchant-x',
              title: 'X',
              icon: 'star-filled',
              attributes: [
                { name: 'onclick', type: { text: 'string' } },
                { name: 'endpoint', type: { text: 'string' } },
                { name: 'size', type: { text: "'s' | 'l'" } },
              ],
            },
          ],
        },
      ],
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

  it('names, as the WordPress versions it supports, the oldest and the newest the tests run it on', () => {
    const readme = readBuilt(`${PLUGIN}/readme.txt`);
    const main = readBuilt(`${PLUGIN}/merchant-elements.php`);
    assert.equal(/^Tested up to:\s*(\S+)$/m.exec(readme)?.[1], NEWEST_WORDPRESS, 'readme.txt: Tested up to');
    assert.equal(/^Requires at least:\s*(\S+)$/m.exec(readme)?.[1], WORDPRESS_VERSIONS[0], 'readme.txt: Requires at least');
    assert.equal(/^ \* Requires at least:\s*(\S+)$/m.exec(main)?.[1], WORDPRESS_VERSIONS[0], 'plugin header: Requires at least');
  });

  it('carries a translation template of its strings (zip included), in the one text domain every PHP file uses', () => {
    const pot = readBuilt(`${PLUGIN}/languages/merchant-elements.pot`);
    const msgids = new Set([...pot.matchAll(/^msgid "(.*)"$/gm)].map(([, id]) => id!.replace(/\\"/g, '"')));
    for (const known of ['The gateway URL the elements load their data from.', 'Test connection', 'Merchant Elements']) {
      assert.ok(msgids.has(known), `the .pot lists "${known}"`);
    }
    // Every string a PHP file translates is in the template.
    const settings = readBuilt(`${PLUGIN}/src/WordPress/Settings.php`);
    for (const [, id] of settings.matchAll(/\b(?:__|esc_html__|esc_html_e|esc_attr__|_e)\(\s*'((?:[^'\\]|\\.)*)'\s*,/g)) {
      assert.ok(msgids.has(id!.replace(/\\'/g, "'")), `Settings.php's "${id}" is in the .pot`);
    }
    const zip = unzipSync(new Uint8Array(readFileSync(at('dist/wordpress/merchant-elements.zip'))));
    assert.equal(new TextDecoder().decode(zip['merchant-elements/languages/merchant-elements.pot']), pot);

    if (spawnSync('php', ['--version']).status !== 0) assert.fail('php is not installed: apt-get install -y php-cli (.ci/run does)');
    const run = spawnSync('php', ['--', ...phpFiles(at(PLUGIN))], { input: TEXT_DOMAINS_PHP, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const calls = JSON.parse(run.stdout) as { at: string; call: string; domain: string | null }[];
    assert.ok(calls.length >= 20, `${calls.length} translation calls`);
    assert.deepEqual(
      calls.filter(({ domain }) => domain !== "'merchant-elements'"),
      [],
      'every call names the merchant-elements domain',
    );
    // WordPress (4.6+) loads a WordPress.org plugin's translations by itself: the Plugin Check discourages loading them.
    assert.deepEqual(
      calls.filter(({ call }) => /^load_(plugin_)?textdomain$/i.test(call)),
      [],
    );
    assert.match(readBuilt(`${PLUGIN}/merchant-elements.php`), /^ \* Text Domain:\s+merchant-elements\n \* Domain Path:\s+\/languages$/m);
  });

  it("docs/wordpress.md's table of the PHP against the TypeScript it mirrors matches the tree", () => {
    const docs = readFileSync(at('docs/wordpress.md'), 'utf8');
    const table = docs.slice(docs.indexOf('| PHP (`src/`) | TypeScript |')).split('\n\n')[0]!;
    assert.ok(table.length > 100, 'docs/wordpress.md has the table');
    // Names in a cell after the first with a folder are in that folder (`Normalize/Values.php`, `Hours.php`).
    const named = (cell: string, extension: RegExp) => {
      let folder = '';
      return [...cell.matchAll(/`([^`]+)`/g)]
        .map(([, name]) => name!)
        .filter((name) => extension.test(name) && !name.includes('*'))
        .map((name) => (name.includes('/') ? ((folder = path.dirname(name)), name) : path.join(folder, name)));
    };
    const rows = table
      .split('\n')
      .slice(2)
      .map((row) => row.split(' | '));
    const php = new Set(rows.flatMap(([cell]) => named(cell!, /\.php$/)));
    const ts = rows.flatMap(([, cell]) => named(cell ?? '', /\.[jt]s$/));
    const source = at('integrations/wordpress/src');
    const core = phpFiles(path.join(source, 'Gateway')).map((file) => path.relative(source, file));
    assert.deepEqual(
      core.filter((file) => !php.has(file)),
      [],
      'every PHP file of the core is in the table',
    );
    assert.deepEqual(
      [...php].filter((file) => !existsSync(path.join(source, file))),
      [],
      'every PHP file the table names exists',
    );
    assert.deepEqual(
      ts.filter((file) => !existsSync(at(file))),
      [],
      'every TypeScript module the table names exists',
    );
  });

  it("the readme says where the minified scripts' readable source is and how they are built", () => {
    const readme = readBuilt(`${PLUGIN}/readme.txt`);
    const section = /^== Source code ==\n([\s\S]*?)(?=^== )/m.exec(readme)?.[1] ?? '';
    assert.match(section, /https:\/\/github\.com\/merchant-elements\/merchant-elements\b/);
    assert.match(section, /`src\/`/);
    assert.match(section, /`npm run build`/);
    assert.match(section, /`assets\/js\/`/);
  });
});
