#!/usr/bin/env node
// The CLI entry. dist/node/cli.js (from src/cli/main.ts) is built by `npm run prepare` (run by `npm ci`).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = fileURLToPath(new URL('../dist/node/cli.js', import.meta.url));
if (!existsSync(built)) {
  console.error('merchant-elements: the CLI is not built yet. Run `npm ci` (or `npm run prepare`) first.');
  process.exit(1);
}
const { main } = await import(built);
process.exitCode = await main(process.argv.slice(2));
