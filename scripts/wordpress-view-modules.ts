/**
 * The on-demand modules each element loads beside its data, by its attributes, for the WordPress plugin's preload
 * hints (generated/view-modules.json, written by scripts/build-wordpress.mjs; src/WordPress/PreloadHints.php reads it).
 * Read from the elements themselves: each class's `modulesBesideData` rule, through the server renderer's registry
 * (src/ssr/render.ts, which loads the elements under Lit's DOM shim), so no list of elements is kept here. Beside
 * them, `serverRendered`: the modules a page with a server-rendered element loads (Lit's hydration), as the render
 * route's composers hint them (src/ssr/modules.ts).
 *
 *   node --import tsx scripts/wordpress-view-modules.ts        prints the table
 */
export {};

const { modulesBesideDataTable } = await import('../src/ssr/render.ts');
const { SERVER_RENDERED_MODULES } = await import('../src/ssr/modules.ts');

process.stdout.write(
  `${JSON.stringify({ generated: "by scripts/build-wordpress.mjs from each element class's modulesBesideData and src/ssr/modules.ts; do not edit", elements: modulesBesideDataTable(), serverRendered: SERVER_RENDERED_MODULES }, null, 2)}\n`,
);
