/** Shared by the dist-* tests: where the built files are, and a clear failure when they are not built. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const at = (...parts: string[]) => path.join(root, ...parts);

/** The seven tags issue 4 ships; every one must be built, measured, documented and demonstrated. */
export const REQUIRED_TAGS = [
  'merchant-actions',
  'merchant-hours',
  'merchant-location',
  'merchant-menu',
  'merchant-nearby',
  'merchant-photos',
  'merchant-provider',
];

export function readBuilt(relative: string): string {
  const file = at(relative);
  if (!existsSync(file)) throw new Error(`${relative} is missing: the dist-* tests need \`npm run build\` first (npm test runs it).`);
  return readFileSync(file, 'utf8');
}
