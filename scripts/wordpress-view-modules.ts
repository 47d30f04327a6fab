/**
 * The on-demand modules each element loads beside its data, by its attributes, for the WordPress plugin's preload
 * hints (generated/view-modules.json, written by scripts/build-wordpress.mjs; src/WordPress/PreloadHints.php reads it).
 * Read from the elements themselves: each class's `modulesBesideData` rule, through the server renderer's registry
 * (src/ssr/render.ts, which loads the elements under Lit's DOM shim), so no list of elements is kept here.
 *
 *   node --import tsx scripts/wordpress-view-modules.ts        prints the table
 */
export {};

const { modulesBesideDataTable } = await import('../src/ssr/render.ts');

process.stdout.write(
  `${JSON.stringify({ generated: "by scripts/build-wordpress.mjs from each element class's modulesBesideData; do not edit", elements: modulesBesideDataTable() }, null, 2)}\n`,
);
