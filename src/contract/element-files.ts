/**
 * Which files a page with the script-tag bundle loads for its elements: each element's own file
 * (dist/merchant-elements-<name>.js), or the one file holding every element (dist/merchant-elements-all.js), whichever
 * is smaller. Each small file is compressed on its own, without the others' words, so the files of six or seven
 * elements weigh more than the one combined file; one or a few elements weigh less. The build measures each file as
 * served (gzip) and writes the sizes into the loader's table and into dist/merchant-elements-sizes.json, which the
 * demo server and the configurator read, so the loader and the hints of a page decide alike, here.
 */
import { elementModuleFile } from './page-data.ts';

/** The measured sizes (bytes, gzip) of each element's file, by tag, and of the combined file. */
export interface ElementFileSizes {
  readonly elements: Readonly<Record<string, number>>;
  readonly combined: number;
}

/** The file holding every element, beside the bundle (the classic build's: merchant-elements-classic-all.js). */
export function combinedElementsFile(classic = false): string {
  return `merchant-elements-${classic ? 'classic-' : ''}all.js`;
}

/**
 * Whether a page holding `tags` should load the combined file rather than each element's file: when the elements'
 * files would sum to more than it. Unknown sizes (a build that measured nothing) keep the files apart.
 */
export function prefersCombined(tags: Iterable<string>, sizes: ElementFileSizes | undefined): boolean {
  if (!sizes || !(sizes.combined > 0)) return false;
  let apart = 0;
  for (const tag of new Set(tags)) apart += sizes.elements[tag] ?? 0;
  return apart > sizes.combined;
}

/** The JSON file the build writes the sizes to, beside the bundle (`ElementFileSizes`). */
export function elementSizesFile(classic = false): string {
  return `merchant-elements-${classic ? 'classic-' : ''}sizes.json`;
}

/**
 * The files beside the bundle that a page holding `tags` loads for them (what its `<link rel="modulepreload">` hints
 * name): the combined file, or each element's own, as the loader will decide.
 */
export function elementFilesFor(tags: readonly string[], sizes: ElementFileSizes | undefined, classic = false): string[] {
  if (prefersCombined(tags, sizes)) return [combinedElementsFile(classic)];
  return [...new Set(tags)].map((tag) => elementModuleFile(tag, classic));
}
