/** Shared by the dist-* tests: where the built files are, and a clear failure when they are not built. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listElements } from '../../scripts/elements.mjs';
import { elementsOf, showsData } from '../../demo/element-options.js';
import { buildFilesList, type BuildFiles } from '../../src/contract/element-files.ts';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const at = (...parts: string[]) => path.join(root, ...parts);

/**
 * Every element, by tag, from the element folders (scripts/elements.mjs): each must be built, measured, documented
 * and demonstrated. Not a list kept here: test/node/element-list.test.ts checks the folders against the one list
 * (src/elements/all.ts) and every place derived from it.
 */
export const ELEMENT_TAGS = listElements(root).map((element) => element.tag);

/** The elements that show a location's data (all but the provider), from the built manifest. */
export function dataElementTags(): string[] {
  return elementsOf(JSON.parse(readBuilt('dist/custom-elements.json')))
    .filter(showsData)
    .map((element) => element.tagName);
}

/**
 * An on-demand file of the script-tag build (`menu`, `i18n-de`, `all`…) as the build named it, by its content, from
 * its file list (dist/merchant-elements[-classic]-files.json; src/contract/element-files.ts): `dist/<file>`.
 */
export function builtFile(name: string, classic = false): string {
  const list = JSON.parse(readBuilt(`dist/${buildFilesList(classic)}`)) as BuildFiles;
  const file = list.files[name];
  if (!file) throw new Error(`${name} is not in dist/${buildFilesList(classic)}.`);
  return `dist/${file}`;
}

export function readBuilt(relative: string): string {
  const file = at(relative);
  if (!existsSync(file)) throw new Error(`${relative} is missing: the dist-* tests need \`npm run build\` first (npm test runs it).`);
  return readFileSync(file, 'utf8');
}

/**
 * `npm start` as a person runs it (`node bin/merchant-elements.js serve --port 0`), read until the last line of its
 * banner. `output()` is what it printed so far (stdout and stderr); `exited` resolves with its exit code.
 */
export async function startServeProcess(
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; stdout(): string; output(): string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, [at('bin/merchant-elements.js'), 'serve', '--port', '0'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        if (stdout.includes('Press Ctrl+C')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`serve exited early (${code}): ${stdout}${stderr}`)));
    });
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return { child, stdout: () => stdout, output: () => stdout + stderr, exited };
}
