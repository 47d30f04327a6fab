// Type declarations for the npm build: typescript@7 (`tsc -p tsconfig.build.json`) emits .d.ts files
// into dist/npm beside the JavaScript that rollup wrote there.
// Our sources import local files with `.ts` (allowImportingTsExtensions); tsc keeps those specifiers
// in declarations (imports and module augmentations) even with rewriteRelativeImportExtensions, and a consumer's TypeScript would then
// look for .ts files that are not published. So relative `.ts` specifiers become `.js` afterwards.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './elements.mjs';

const tsc = path.join(root, 'node_modules/.bin/tsc');
execFileSync(tsc, ['-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });

const relativeTs = /((?:from|import|declare module)\s*\(?\s*['"])(\.{1,2}\/[^'"]+?)\.ts(['"])/g;
let files = 0;
for (const entry of readdirSync(path.join(root, 'dist/npm'), { recursive: true })) {
  if (!String(entry).endsWith('.d.ts')) continue;
  const file = path.join(root, 'dist/npm', String(entry));
  const text = readFileSync(file, 'utf8');
  const rewritten = text.replace(relativeTs, '$1$2.js$3');
  if (rewritten !== text) writeFileSync(file, rewritten);
  files += 1;
}
console.log(`types: ${files} declaration files in dist/npm`);
