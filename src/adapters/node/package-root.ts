/** Where the package's own files are (demo/, dist/), for the Node side that reads them: the CLI and the Node adapter. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package root, found by walking up from this module to the package.json named merchant-elements: the same answer
 * from the sources (src/adapters/node/, run by tsx) as from the build (dist/node/cli.js), whose depths differ.
 */
export function packageRoot(from = fileURLToPath(import.meta.url)): string {
  let dir = path.dirname(from);
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'merchant-elements') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot find the merchant-elements package root');
    dir = parent;
  }
}
