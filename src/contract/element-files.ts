/**
 * Which files a page with the script-tag bundle loads for its elements: each element's own
 * (dist/merchant-elements-<name>-<hash>.js), or the one file holding every element (dist/merchant-elements-all-<hash>.js),
 * whichever is smaller. Each small file is compressed on its own, without the others' words, so the files of six or
 * seven elements weigh more than the one combined file; one or a few elements weigh less. The build measures each
 * file as served (gzip) and writes the sizes into the loader's table and, with every file's name, into the build's
 * file list (dist/merchant-elements-files.json, `BuildFiles`), which the demo server, the configurator, the WordPress
 * plugin and the size report read, so the loader and the hints of a page decide alike, here, and name the same files.
 *
 * Every file the bundle imports is named by its content (rollup's hash, 8 hex digits): a new build gives a changed
 * file a new name, so a server may let browsers keep these files for good (`IMMUTABLE_CACHE`); only the bundles a
 * script tag names (merchant-elements.js, .classic.js, .standalone.js) keep a stable address, served to be revalidated.
 */

/** The measured sizes (bytes, gzip) of each element's file, by tag, and of the combined file. */
export interface ElementFileSizes {
  readonly elements: Readonly<Record<string, number>>;
  readonly combined: number;
}

/**
 * The build's file list: the bundle's own (stable) name, each on-demand file's name by its module's name (`menu`,
 * `i18n-de`, `menu-tools`…; `all`: the combined file), and the element files' sizes.
 */
export interface BuildFiles extends ElementFileSizes {
  readonly bundle: string;
  readonly files: Readonly<Record<string, string>>;
}

/** The build's file list, beside the bundle (`BuildFiles`; the classic build's its own). */
export function buildFilesList(classic = false): string {
  return `merchant-elements-${classic ? 'classic-' : ''}files.json`;
}

/** What a server sends with a file named by its content: kept for a year, never revalidated. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * Whether a file of dist/ is named by its content (`merchant-elements-menu-1a2b3c4d.js`, the configurator's
 * `merchant-configurator-1a2b3c4d.js`), so may be kept for good.
 */
export function isContentHashed(fileName: string): boolean {
  return /^merchant-(elements|configurator)-([a-z0-9-]+-)?[0-9a-f]{8}\.js$/.test(fileName);
}

/** The file of element `tag` (`merchant-hours` → `merchant-elements-hours-<hash>.js`), as the build named it. */
export function elementFile(tag: string, list: BuildFiles): string | undefined {
  return list.files[tag.replace(/^merchant-/, '')];
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

/**
 * The files beside the bundle that a page holding `tags` loads for them (what its `<link rel="modulepreload">` hints
 * name): the combined file, or each element's own, as the loader will decide. None without a build to name them.
 */
export function elementFilesFor(tags: readonly string[], list: BuildFiles | undefined): string[] {
  if (!list) return [];
  if (prefersCombined(tags, list) && list.files.all) return [list.files.all];
  return [...new Set(tags)].flatMap((tag) => elementFile(tag, list) ?? []);
}
