// Removes the browser builds' outputs before `rollup -c` writes them again: rollup only adds and overwrites, so a
// chunk that was renamed or dropped would otherwise stay in dist/ and be served, tested and published.
// dist/node (the server and CLI, built by build-node.mjs) is left alone.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { root } from './elements.mjs';

const dist = path.join(root, 'dist');
rmSync(path.join(dist, 'npm'), { recursive: true, force: true });
for (const name of existsSync(dist) ? readdirSync(dist, { withFileTypes: true }) : []) {
  // The scripts, their maps, and the build's file lists (merchant-elements[-classic]-files.json: the classic build
  // reads the ES build's, so a stale one must not outlive a failed build).
  if (name.isFile() && /^merchant-(elements|configurator).*(\.js(\.map)?|-files\.json|-sizes\.json)$/.test(name.name)) rmSync(path.join(dist, name.name));
}
