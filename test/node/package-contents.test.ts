/**
 * What the npm package carries for the owner (issue 27): the WordPress plugin's zip (docs/owner.md says where it
 * comes from without `npm run build`: the package, so any CDN serving it, and every gateway's /configurator), and
 * every file the gateway's configurator serves from an installed package (src/adapters/node/configurator.ts).
 *
 *   node --import tsx --test test/node/package-contents.test.ts        (needs `npm run build`)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { root } from './dist-helpers.ts';

test('the package carries the plugin zip and the configurator a gateway serves', () => {
  const [pack] = JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
  );
  const files = new Set((pack.files as { path: string }[]).map((file) => file.path));
  for (const file of [
    'dist/wordpress/merchant-elements.zip',
    'dist/merchant-elements.js',
    'dist/custom-elements.json',
    'demo/configurator.html',
    'demo/configurator.js',
    'demo/configurator.css',
    'demo/element-options.js',
    'demo/favicon.svg',
    'src/elements/i18n/languages.js',
    'docs/owner.md',
  ]) {
    assert.ok(files.has(file), `the package lacks ${file}`);
  }
  // Only what a gateway serves of demo/: not the showcase's pages.
  assert.deepEqual(
    [...files].filter((file) => file.startsWith('demo/') && !/configurator|element-options|favicon/.test(file)),
    [],
  );
});
