/**
 * The browser bundle of an earlier commit, built beside this checkout, for benches that measure a change against
 * what it replaced in the same run (bench/ssr-showcase.ts: the client showcase with the bundle before and after the
 * takeover moved into it).
 *
 * The commit's sources (`git archive`) are unpacked into a temporary directory that shares this checkout's
 * node_modules, and its own rollup config builds them there: the same build as that commit's `npm run build` for
 * the browser products. Kept per commit under the system's temporary directory, so a second run reuses it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './lib.ts';

/** The commit before one bundle took over server-rendered elements itself (the last one with merchant-elements-ssr.js). */
export const TWO_BUNDLES_COMMIT = '26eb69a';

/** The dist/ directory of `ref`'s browser build (built on first use). */
export function distOf(ref: string): string {
  const commit = execFileSync('git', ['rev-parse', '--short=12', `${ref}^{commit}`], { cwd: root, encoding: 'utf8' }).trim();
  const dir = path.join(os.tmpdir(), `merchant-elements-dist-${commit}`);
  const dist = path.join(dir, 'dist');
  if (existsSync(path.join(dist, 'merchant-elements.js'))) return dist;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C "${dir}"`], { cwd: root, stdio: 'inherit' });
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  console.log(`bench: building the browser bundle of ${commit} in ${dir}`);
  execFileSync(process.execPath, [path.join(root, 'node_modules/rollup/dist/bin/rollup'), '-c', '--silent'], { cwd: dir, stdio: 'inherit' });
  return dist;
}
