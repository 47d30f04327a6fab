// ESLint (flat config): `npm run lint`, which `npm test` runs first. Formatting is Prettier's job (.prettierrc.json),
// so eslint-config-prettier comes last and turns off every rule that would argue with it. See README, Development.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
// typescript-eslint from its workspace (tools/typescript-eslint), where the TypeScript 5 it parses with is installed
// (ours is 7: tsc only). By the workspace's package name: npm links it into node_modules.
import tseslint from 'merchant-elements-typescript-eslint';

/** Code that runs in a page: the elements and what they import, the demo's scripts, the WordPress plugin's. */
const BROWSER = [
  'src/elements/**',
  'src/client/**',
  'src/contract/**',
  'src/bundle.ts',
  'src/index.ts',
  'demo/**',
  'integrations/wordpress/assets/**',
  'test/browser/**',
];

export default defineConfig(
  {
    // Build output, installed packages, test artefacts, and what the build writes into the WordPress plugin's copy.
    ignores: ['dist/', 'coverage/', 'test-results/', '**/node_modules/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  lit.configs['flat/recommended'],
  wc.configs['flat/recommended'],
  {
    // Node by default (the gateway, sandbox, server rendering, scripts, benches, tests); the page side below.
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', globals: { ...globals.node } },
    rules: {
      // The elements' define.ts registers a tag only when nothing has yet (a second copy of the bundle on a page).
      'wc/guard-define-call': 'error',
      // `_` marks an argument a callback signature requires but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: BROWSER,
    // The demo's server (Node) sits in the demo's folder, beside the pages it serves.
    ignores: ['demo/server/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The block editor's and the settings page's scripts: WordPress's globals, no modules.
    files: ['integrations/wordpress/assets/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser, wp: 'readonly' } },
  },
  {
    // Browser tests run under Mocha (web-test-runner).
    files: ['test/browser/**'],
    languageOptions: { globals: { ...globals.mocha } },
  },
  {
    // Tests read response bodies (the upstream APIs', the gateway's) as untyped JSON, the way a client without our
    // types would: what a field holds is the assertion's subject, checked at run time, not a type to declare first.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);
