// Size budgets, enforced by `npm test` (test/node/dist-size.test.ts) and printed by `npm run size`.
//   - dist/merchant-elements.js (and the classic build): what every element shares (Lit, @lit/task, @lit/context, the
//     base element, the request cache, the takeover) and the loader that imports each element's own file
//     (dist/merchant-elements-<name>.js) when the page holds its tag, min+gzip <= BUDGETS.bundle.
//   - what a page loads with the script tag (every file, each compressed on its own, as served): a page with one
//     element (the bundle and that element's file), and a page with every element; each <= its PAGE_BUDGETS entry.
//   - each language module (dist/merchant-elements-i18n-<lang>-<hash>.js), loaded on demand: <= 3 KB.
//   - each element's npm entry (dist/npm/elements/<name>/define.js) bundled with Lit and minified
//     the way an application's bundler would (esbuild), min+gzip <= 13 KB, or its own budget (ELEMENT_BUDGETS).
// KB here is 1000 bytes (the stricter reading). gzip level 9 (what CDNs serve); brotli is printed too.
// Sizes are deterministic for given sources, so a budget check is a stable test.
// A product over its budget must be listed in scripts/size-ceilings.json with a ceiling it may not grow past
// (a ratchet for the products still above budget, and only for them: the test fails when a listed product
// meets its budget, so the entry is removed then). `npm run size` reports against the budgets regardless.
//   node scripts/size.mjs [--bundle-budget BYTES] [--element-budget BYTES] [--language-budget BYTES]   exits 1 over budget
//   node scripts/size.mjs --record    rewrites the ceilings: today's size of each product over budget
//   node scripts/size.mjs --explain   also lists what the full bundle is made of (minified bytes per source)
//   node scripts/size.mjs --src [name]  estimates from the sources without building (e.g. --src menu)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { LANGUAGES as LANGUAGE_MODULES } from '../src/elements/i18n/languages.js';
import { listElements, onDemandElementsEsbuild, root } from './elements.mjs';

// language: each on-demand language module (every language but English), our own limit so translations cannot quietly grow.
// bundle: 20 KB until 2026-11-26, when issues 25, 26, 27 and 28 part 2 landed together and the classic build measured
// 21,255 B: what each added, measured on its own branch against 977c81b (19,384 B), is in docs/distribution.md ("Why
// the budgets moved"). 2026-11-27, issue 28 part 3 (the on-demand modules import Lit; the classic build's own chunks):
// the classic build measured 21,241 B (the module build 21,122). The same day, after issue 25's incremental search and
// print copies and issue 29's JSON-LD writer fetched beside its schema module merged: 21,394 B (module build 21,277;
// docs/distribution.md, "After the merges of 2026-11-27"). 2026-11-27, issue 29's long tasks (long-tasks branch): each
// element shows data that arrived with others' in a task of its own (a yield after the load), the menu's first screen
// first and the rest in the next task, the section bar measured when idle: +255 B on both builds (classic 21,649, module
// 21,532, measured against a77edf3's 21,394 / 21,277). The budget is that measurement.
// 2026-11-27 (bundle branch, issue 25's size condition): each element is a file of its own that the bundle's loader
// imports when the page holds its tag (src/elements/autoload.ts), and the bundle keeps what they share. Measured:
// 14,186 B (module build), 14,293 B (classic); the budget is 20 KB, the guide's, with room for the shared code to grow
// by review rather than by accident: what a page loads is bounded by PAGE_BUDGETS besides.
// standalone: dist/merchant-elements.standalone.js, every element and every on-demand module in one classic script, for
// hosts that send no CORS headers (src/standalone.ts); its measurement on 2026-11-27 (bundle branch), 34,108 B, and
// after the second session's merges (the long tasks' yield, the menu's first screen, the search's highlight), 34,995 B;
// with the private members' `$` names (bundle2 branch, see PAGE_BUDGETS), 35,004 B; with a taken-over element keeping
// the server's JSON-LD (ssr-live branch, see PAGE_BUDGETS), 35,115 B; with the menu's idle section-bar measurement
// cancelled when the menu leaves the page (tidy2 branch: the cancel, and one private member more in the one table of
// private names), 35,140 B on the merged tree; with the JSON-LD written when the browser is idle (client-ready branch,
// issue 29: whenIdle and the controller's cancellable wait), 35,191 B (+51); with issue 29 part 3's takeover work (ssr-takeover branch, see PAGE_BUDGETS: a server-rendered
// element's first update waits for its load, Intl formatters made once a page), the merged tree's
// measurement, 35,316 B; with the menu's section bar measured once laid out (lh-bytes branch, issue 29's "forced
// reflow": a ResizeObserver's first report, when-laid-out.ts, beside when-idle.ts, which the JSON-LD now uses), the
// merged tree's measurement, 35,391 B; with the menu class's rule for the modules it loads beside its data
// (`modulesBesideData`, which pages read to hint them with its file), 35,438 B (+47); with a client-rendered element's
// first update waiting for its load when the load settles before the next frame (ready-first branch, issue 29: no
// loading view when the data is at hand, src/elements/shared/ready-first.ts), 35,532 B (+94); with a menu's rest after
// its first screen rendered with it when shorter than it (the same branch), 35,555 B (+23); with Lit's hydration for
// server-rendered elements (hydrate branch, issue 29 part 3, measured against 9d07ec0 with measure() on both trees:
// @lit-labs/ssr-client's hydrate, which this one script carried inline where the bundle loads it on demand, and the
// takeover's hydration path), +1,880 B; then (hydrate, second session, measured against e6bde50) the standalone script
// leaves hydration out (its server-rendered elements are taken over: rollup.config.mjs `withoutHydration`), keeping
// only the takeover's path to it, +485 B on e6bde50's; the merged tree's measurement, 36,040 B; a short menu asking for its navigation and tools at once, 36,041 B (+1);
// the loader prefetching a short menu's own request with the page data (load-task branch, issue 29: each element's
// `firstData` in its loader-hints.ts, the short menus' URL declared there once), 36,047 B (+6, measured against e6035b5);
// the first Intl formatters made while the page waits (intl-warm branch, src/elements/shared/warm-formats.ts, +110 B
// against e6035b5), the merged tree's measurement, 36,161 B; a full menu's navigation and tools kept once settled
// (src/elements/menu/menu-modules.ts, one import() each a page), 36,136 B (-25); the warm-up's rules moved into the
// elements' loader-hints.ts, which this script has no table of, so it makes no formatters ahead, 36,018 B (-118); the
// menu reading its settled modules through functions (the classic build's chunks copy a shared `let` once), 36,032 B;
// the page claimed by the first copy of the elements to run (src/elements/shared/registration.ts: beside the bundle that
// ran first this script registers nothing; rollup's `document.currentScript` read for its address), 36,167 B (+135);
// a dish's photo last in its row's markup with its own grid cell (the ninth session), 36,170 B (+3); a server-rendered
// `lazy` element left as the server rendered it until it comes near the viewport (the tenth session), 36,202 B (+32);
// the modules a view loaded, named for a server render (`viewModules()`), 36,233 B (+31):
export const BUDGETS = { bundle: 20_000, element: 13_000, language: 3_000, standalone: 36_233 };

/**
 * An element entry's own budget, where it had to pass `BUDGETS.element`: each the entry's measured size on 2026-11-27
 * (`npm run size`). Two reasons (docs/distribution.md, "Why the budgets moved"):
 * - since 2026-11-26, what every entry carries that 977c81b's did not: fresh data (the request cache's ages and
 *   background revalidation), @lit/context's ContextRoot for a late provider, the timer set to the data's next change,
 *   the location-id check, the shared print rules; merchant-menu also the diner tools' first-frame part and its print
 *   styles and control; merchant-actions also the essentials row's loader;
 * - since 2026-11-27 (issue 28 part 3), the on-demand modules import Lit and the shared modules they use like any
 *   module: esbuild's code splitting, which measures the entries, then puts Lit (and the i18n and page-default modules
 *   the error view shares with the element) in chunks of their own, loaded with the entry, each compressed on its own.
 *   Measured on each entry against the entries that passed Lit in (99565c8): actions +616 B, hours +587, location
 *   +437, menu +757, nearby +453, photos +565 (provider, with no on-demand module, +0). Without the split (the same
 *   files as one), each would be 0.4 to 0.7 KB smaller;
 * - the same day's merges (docs/distribution.md, "After the merges of 2026-11-27"): the menu's incremental search view,
 *   its print-time copies and the filtered print's line (+187 B), the JSON-LD script writer asked for beside the schema
 *   module (hours +40 B), a few bytes elsewhere; the provider without a shadow root (-177 B, under the default budget);
 * - issue 29's long tasks (long-tasks branch, measured against a77edf3): the yield after each element's load (+48 to
 *   +59 B each: actions 14,075, hours 14,091, location 13,336, nearby 13,457, photos 13,119) and the menu's first
 *   screen rendered first, the rest in the next task with updateComplete waiting for it (menu 15,774, +351 B);
 * - the same day (bundle branch), the request cache's `prefetch` (the script-tag bundle's loader starts an element's
 *   data before the element's own file arrives, and a failure it met is kept until the element reads it, so the element
 *   does not ask twice): 7 to 10 B in each entry (actions +8, hours +9, location +10, menu +7, nearby +9, photos +7),
 *   the lines of getJson that hand the element that failure;
 * - menu-marks (issue 25), measured against a77edf3: menu +148 B (its ::highlight rules for the search's marks, on
 *   screen, on paper and in forced colours; the location's name in the section bars' names; a server render's
 *   print-only copies of the other menus); actions +7, hours +4, location +7, nearby +4, photos +5: no code of theirs
 *   changed, esbuild's minified names and chunk hashes in the shared chunks did;
 * - the merged tree of 2026-11-27's second session (long-tasks, bundle and menu-marks together): each budget is that
 *   tree's measurement (`npm run size`), the sum of the three above within a few bytes;
 * - issue 29 part 3 (ssr-live branch, measured against d3017e3): a server-rendered element keeps the server's JSON-LD
 *   when its first load shows what the server rendered from (no schema module fetched, nothing written again): the
 *   structured-data controller's adoption, in hours (+55 B) and menu (+50 B); the request cache's record of the answers
 *   the page carried, +2 B in the others.
 * - tidy2 (the third session), measured against d3017e3: the menu's idle section-bar measurement cancelled when it
 *   leaves the page adds one private member, which shifts the build's one table of private names: actions +3 B, nearby
 *   +5, photos +2 with no code of theirs changed (photos measured 13,112 at d3017e3, already 1 B over its budget);
 *   menu -83 B (whenIdle moved out of the module the core shares, into its own).
 * - the merged tree of the third session (ssr-live and tidy2): each budget is that tree's measurement.
 * - client-ready (the fourth session, issue 29), measured against 3f9b478: the structured-data controller writes its
 *   JSON-LD once the browser is idle (whenIdle, now shared with the controller, and the wait cancelled when the element
 *   leaves the page), so the schema modules are off the client-rendered showcase's path to ready: hours +105 B
 *   (14,234), menu +138 B (16,003; whenIdle moved from its tools chunk into the entry's static closure).
 * - issue 29 part 3 (ssr-takeover branch, measured against 3f9b478 with measure() on both trees): a server-rendered
 *   element loads before its first update so that update renders its ready view (MerchantElement's scheduleUpdate,
 *   +56 to +63 B in every entry but the provider's; menu +39, which drops its own copy of the server-rendered check);
 *   Intl formatters made once a page for each locale and options (src/elements/shared/formats.ts), in the entries
 *   that format: actions +100 B more (163 in all), hours +61 (120), menu +75 (114).
 * - the merged tree of the fourth session (client-ready, ssr-takeover and lh-bytes, whose menu tools measure the
 *   section bar once laid out: menu -43 B, the others within 1 B): each budget is that tree's measurement.
 *   Then the menu's class declares the modules it loads beside its data (`modulesBesideData`, a static the server
 *   renderer and the WordPress build read to hint them with its file): menu +45 B (16,121).
 * - ready-first (the fifth session, issue 29), measured against e6bde50 with measure() on both trees: a client-rendered
 *   element's first update waits for its first load when that load has its outcome before the next frame (the answer
 *   already in the request cache), so it renders its ready view with no loading view before it; else its loading
 *   view before that frame (src/elements/shared/ready-first.ts, MerchantElement's `__readyFirst`): actions +109 B
 *   (14,346), hours +104 (14,456), location +113 (13,491), menu +102 (16,223), nearby +103 (13,626), photos +104 (13,283).
 *   Then (the same branch) a menu's rest after its first screen renders with it when it holds fewer dishes than the
 *   first screen (the sandbox's lunch menu: 13 + 9 dishes, whole in one render instead of a frame and a task more
 *   before it is whole): menu +21 B (16,244).
 * - hydrate branch (issue 29 part 3, Lit's hydration; measured against 9d07ec0 with measure() on both trees): a
 *   server-rendered element's first update also waits for the hydration module (MerchantElement's
 *   `beforeServerRenderedUpdate`), +29 to +34 B in every entry but the provider's; the render hydration binds to the
 *   server's markup (src/elements/shared/hydrating.ts: `timely` text, server-only parts) in the hours (+95 B in all,
 *   with its rows' explicit <tbody>) and the menu (+62 B in all).
 *   Second session (against e6bde50, measure() on both trees): `timely` and `hydrating()` also record that the
 *   hydrated render holds a part of its own (`renderAfterHydration()`, so the others render once): hours +114 B in
 *   all (14,465), menu +66 B (16,187); the others as above.
 * - The merged tree (ready-first, hydrate and intl-tbt; the fifth session): each budget is its measurement.
 * - load-task (sixth session, measured against e6035b5): the menu's short URL comes from its loader-hints.ts, which
 *   now names it for the loader too (its route and `routeUrl` beside the rule): menu +13 B.
 * - intl-warm (sixth session, against e6035b5): the hours' weekday-name formatter is declared once in formats.ts (its
 *   cache key shared with the warm-up), hours +21 B; the merged tree's measurement (load-task and intl-warm): 14,590.
 * - Then the menu's navigation and tools are imported once a page and kept once settled (menu-modules.ts, shared with
 *   the loader's hints, so a menu whose data is at hand takes them without the task an `import()` costs): menu +38 B;
 *   read through functions (`settledNavigation()`, `settledTools()`: the classic build's chunks copy a shared `let`
 *   once): 16,401.
 * - The seventh session: each registration asks `registersElements()` (src/elements/shared/registration.ts), false
 *   only in a script-tag copy that ran after another copy from another address (an npm entry never claims the page, so
 *   it always registers; the check is in the one define.ts every build shares): +13 to +22 B an entry.
 * - The ninth session: a dish's photo last in its row's markup with a grid cell of its own (the menu's styles): menu
 *   +1 B.
 * - The tenth session: a server-rendered `lazy` element keeps the server's markup until it comes near the viewport
 *   (MerchantElement's first update waits for it, `__nearViewport`): +31 to +36 B an entry; a call to action's icon
 *   loaded lazily (shared/action-link.ts), actions and nearby +6 B; then the modules a view loaded, for a server
 *   render's fragment (`viewModules()`: the base's default, +9 to +13 B; the menu's, +63 B, its bookkeeping kept for a
 *   server by Lit's `isServer`, which this build does not drop).
 */
export const ELEMENT_BUDGETS = {
  'merchant-actions': 14_448,
  'merchant-hours': 14_652,
  'merchant-location': 13_586,
  'merchant-menu': 16_511,
  'merchant-nearby': 13_724,
  'merchant-photos': 13_380,
};
/**
 * What a page loads with the script tag (module build; the classic one is within a few bytes), every file compressed on
 * its own as served: the bundle and each element's file the page holds. Not counted: what loads only when used (a
 * language but English, the menu's tabs and diner tools, the photo viewer, the error view, JSON-LD writers). Each budget
 * is that page's measurement on 2026-11-27 (bundle branch): with every element the files are 5.2 KB more than the one
 * bundle they replace was (21,277 B: each small file is compressed without the others' words), the price of a page with
 * one element loading 16 to 17 KB rather than 21.3. Then the merged tree of the same day's second session (with the
 * long tasks' yield and the menu's first screen, and the search's highlight) and the loader's table with each element's
 * rule for its page data (its folder's loader-hints.ts, +8 B). Then (bundle2 branch, 2026-11-27) the private members
 * named from one table for the bundle and its element files, each `$` and letters (rollup.config.mjs minify(): terser
 * had named a menu field and a MerchantElement field alike, and esbuild's own pick could be a minified Lit member's
 * name, either of which broke the menu on every page): +18 to +33 B a page, +77 B with every element. Then (combined
 * branch, 2026-11-27) the file holding every element (dist/merchant-elements-all.js, 9.2 KB where the seven files are
 * 12.6 KB), which the loader imports when the page's elements would weigh more apart (src/contract/element-files.ts):
 * the page with every element loads the bundle and that file, 26,933 → 23,721 B; the loader's rule and the table's
 * sizes cost the bundle +217 B, so each one-element page +210 B. Then (ssr-live branch, issue 29 part 3, measured against
 * d3017e3) +114 B on every page, all in the bundle: a taken-over element keeps the server's JSON-LD (the takeover's
 * check that every answer on the page is one it carried, the request cache's record of them, the structured-data
 * controller's adoption), which spares a server-rendered page its three JSON-LD modules (2.65 KB, three requests) before
 * it is live. Then (tidy2 branch, the third session) the menu's idle section-bar measurement cancelled on disconnect,
 * with `whenIdle` moved out of the core's shared module into its own: -37 to -45 B a page. Then (cache-lh branch, the
 * third session, issue 29's cache lifetimes) every file the bundle imports named by its content
 * (`merchant-elements-menu-1a2b3c4d.js`, so a server may send it `immutable`): the bundle's table and imports hold 17 names with 8 hex digits each that do not compress, +112 B
 * (classic +107), and each element file's source-map comment names its hashed file, +6 to +13 B; measured against
 * d3017e3 with measure() on both trees: +122 to +141 B a one-element page, +164 B with every element. Then (the same
 * branch) the combined file yields to the browser after each element's registration (one element defined and first
 * rendered per task, not seven in the task that evaluates the file: scripts/rollup-combined-elements.mjs
 * `oneElementPerTask`): +54 B, the page with every element 23,939 B. Each budget is the merged tree's measurement
 * (ssr-live, tidy2 and cache-lh together). Then (client-ready branch, the fourth session, issue 29, measured against
 * 3f9b478) +101 to +105 B on every page, all in the bundle: the JSON-LD is written once the browser is idle (whenIdle
 * moves into the bundle's core beside the structured-data controller, and the controller's wait is cancelled when its
 * element leaves the page), which takes the three JSON-LD modules (2.6 KB, three requests) off the client-rendered
 * showcase's path to ready.

 * Then (ssr-takeover branch, issue 29 part 3, measured against 3f9b478 with
 * measure() on both trees) +144 to +175 B a page, +151 B with every element, nearly all in the bundle (+165 B): a
 * server-rendered element loads before its first update, so that update renders its ready view and the takeover need
 * hide nothing (+61 B), and Intl formatters made once a page (the module the hours, actions and menu share sits in the
 * bundle's core, +100 B), which took the largest part of the takeover's script time.
 Each budget is the merged tree's measurement (client-ready, ssr-takeover and lh-bytes together; lh-bytes changed
 * no code of the bundle, only the hashed names of the menu's tools). Then the menu's class declares the modules it
 * loads beside its data (`modulesBesideData`, read by the server renderer and the WordPress build to hint them with
 * its file): the menu's page +43 B, every element +43; the other pages -4 B. Then (ready-first branch, the fifth
 * session, issue 29, measured against e6bde50 with measure() on both trees) +86 B on every page, all in the bundle: a
 * client-rendered element whose first load settles before the next frame (its answer already at hand) renders its
 * ready view in its first update, with no loading view rendered, laid out and painted before it
 * (src/elements/shared/ready-first.ts); the showcase's elements update 10 times to ready instead of 17. Then (the same
 * branch) a menu's rest after its first screen renders with it when shorter than it: the menu's page +23 B, every
 * element +26, the others +3 (the one table of private names).
 * Then (hydrate branch, issue 29 part 3, measured against 9d07ec0 with measure() on both trees) +340 to +357 B a page,
 * +448 B with the hours, +451 B with every element: Lit's hydration for server-rendered elements. Its module
 * (@lit-labs/ssr-client's hydrate, 1,785 B) loads only on a page with a server-rendered element; what every page pays
 * is the bundle's +344 B: Lit's internals that module reads from the bundle's copy of Lit (lit-html's `_$LH`, now
 * exported), the takeover's hydration path and its on-demand import, and its error event when the element's own render
 * fails too (about 75 B); the hours' and menu's files carry the hydrated render's `timely` text and server-only parts
 * (src/elements/shared/hydrating.ts, in the bundle's core) and the hours' explicit <tbody>.
 * Second session (hydrate, against e6bde50, measure() on both trees): +418 to +435 B a page, +526 B with the hours,
 * +529 B with every element; the bundle +422 B (+78 B on the first session's): one render per element where the
 * hydrated render is the view as it is (`renderAfterHydration()` and Lit's render given `noChange` once), and the
 * bundle loading hydration as it runs only when a server-rendered element has its shadow root.
 * Each budget is the merged tree's measurement (ready-first, hydrate and intl-tbt; the fifth session). Then a short
 * menu that needs its navigation and its tools asks for both at once: the menu's page +5 B, every element +3.
 * Sixth session (load-task, measure() on both trees against e6035b5): the provider's `pageComplete` waits for its
 * pending update, where its request starts (read as the provider connects, it resolved before the request began):
 * the provider's page +12 B (16,112 to 16,124), every element +7 B, the menu's +1 B (the bundle's table of file sizes).
 * Then the loader prefetches a short menu's own request (`menus?format=short`) with the page data: each element's
 * `firstData` in its loader-hints.ts (the short URL declared there once, shared with the menu), so the bundle carries
 * the menus route: the bundle +30 B, each page with one element +30 B, the menu's +16 B (its file -14 B: the route
 * moved to the bundle), every element +22 B.
 * Then (intl-warm, against e6035b5) the bundle makes the page's first Intl formatters while it waits for the elements
 * (after a frame, when idle: src/elements/shared/warm-formats.ts; the script tag alone on a page, ready 0.94x in
 * `bench/intl-costs.ts --pages bare`): the bundle +174 B, each page +168 to +174 B. Each budget is the merged tree's
 * measurement (load-task and intl-warm).
 * Then the loader starts a full menu's navigation and diner tools with its data (its loader-hints.ts `firstModules`;
 * src/elements/menu/menu-modules.ts keeps each once settled, so the menu whose data is at hand takes them without a
 * task, and renders no loading view; a page with the script tag alone asks for them with the menu's file, not after
 * it: one round trip less), the bundle's element table in columns: the bundle +156 B, each page +156 B, every element
 * +121 B. Then the warm-up's rules are the elements' own (each one's loader-hints.ts `firstFormats`, a column of the
 * table; its locale read by the loader's rule): each page +9 B. Then the menu reads its settled modules through
 * functions (a shared `let` is copied once into the classic build's chunks): each page +8 B, the menu's +25 B.
 * Seventh session: of several copies of the elements on a page (the module and classic builds, the bundle from two
 * addresses, the standalone script beside it), the first to run claims the page and the others register, load and
 * take over nothing (src/elements/shared/registration.ts; under Trusted Types only the first has Lit's policy, so an
 * element a later copy registered rendered nothing, test/e2e/csp.test.ts): the bundle +95 B, each page +100 to +108 B.
 * Eighth session: the formatters' warm-up in a task after the frame rather than an idle callback (warm-formats.ts):
 * each page -8 B. Each budget is that measurement.
 * Ninth session: a dish's photo last in its row's markup, placed in its column by a rule of its own (the menu's
 * styles, `grid-area: 1/2`), so a page painted as it is parsed does not move it: the menu's file changes, and with its
 * name (a hash of its content) the bundle that names it, +1 B on each page (+5 with every element). Each budget is that
 * measurement.
 * Tenth session: a server-rendered `lazy` element costs nothing on the page's way to live: the loader asks for its file
 * only as it comes near the viewport (and leaves it out of the choice of the combined file), the element keeps the
 * server's markup until then, and the takeover loads Lit's hydration with the page only for one that is not lazy:
 * the bundle +118 B, each page +118 B; a call to action's icon loaded lazily (`loading="lazy"`: one far down the page is
 * not fetched with it), +7 B; the modules a view loaded, named for a server render's fragment (`viewModules()`, the
 * menu's bookkeeping only on a server: this build drops it under Lit's `isServer`), +6 to +8 B, the menu's +31 B.
 * Each budget is that measurement.
 */
export const PAGE_BUDGETS = {
  'merchant-actions': 17_798,
  'merchant-hours': 18_423,
  'merchant-location': 17_574,
  'merchant-menu': 19_622,
  'merchant-nearby': 17_596,
  'merchant-photos': 17_646,
  'merchant-provider': 16_730,
  every: 25_552,
};
/** The name of the row for a page with `tag` only, or with every element (`every`). */
export const pageRowName = (tag) => (tag === 'every' ? 'page with every element (script tag)' : `page with <${tag}> only (script tag)`);

/** The UI languages shipped as on-demand modules beside the bundle (English is built in): src/elements/i18n/languages.js. */
export const LANGUAGES = Object.keys(LANGUAGE_MODULES);
export const CEILINGS_FILE = path.join(root, 'scripts/size-ceilings.json');

/** The recorded ceilings: product name -> min+gzip bytes it may not exceed. */
export function readCeilings(file = CEILINGS_FILE) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

// A product is one file, or several (an entry and the chunks it imports): each file is compressed on its own, as served.
const files = (bytes) => (Array.isArray(bytes) ? bytes : [bytes]);
const sum = (bytes, size) => files(bytes).reduce((total, file) => total + size(file), 0);
const gzip = (bytes) => sum(bytes, (file) => gzipSync(file, { level: 9 }).length);
const brotli = (bytes) => sum(bytes, (file) => brotliCompressSync(file, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length);
const rawSize = (bytes) => sum(bytes, (file) => file.length);

/**
 * How an application's bundler builds an npm entry, in memory: its dependencies (Lit) inlined, minified, and
 * code-split, so the modules the elements import on demand (languages, the error view…) are separate chunks.
 */
export const ENTRY_BUILD_OPTIONS = {
  bundle: true,
  splitting: true,
  outdir: '/virtual',
  minify: true,
  format: 'esm',
  target: 'es2021',
  write: false,
  logLevel: 'silent',
  legalComments: 'none',
  metafile: true,
};

/** One npm entry, built as an application's bundler would: the files that must load before it runs. */
async function bundleEntry(file) {
  const result = await build({ entryPoints: [file], ...ENTRY_BUILD_OPTIONS });
  return staticClosure(result, file);
}

/**
 * The entry chunk of an esbuild result and every chunk it imports statically (transitively), as a list of
 * files: what must load before the entry runs. Chunks reached only through `import()` (the language modules, the
 * JSON-LD writers, the error view) load on demand and are not counted; Lit, when split into a shared chunk,
 * is.
 */
function staticClosure(result, file, name = file) {
  const chunks = result.metafile.outputs;
  // Modules imported with `import()` are entry points of their own in esbuild's metafile: pick the one built from
  // `file` (a path, or source given as text: named by its `sourcefile`, else esbuild's '<stdin>').
  const wanted = path.resolve(typeof file === 'string' ? file : (file.sourcefile ?? '<stdin>'));
  const entry = Object.keys(chunks).find((key) => chunks[key].entryPoint && path.resolve(chunks[key].entryPoint) === wanted);
  if (!entry) throw new Error(`No entry chunk for ${name}`);
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const i of chunks[key].imports) if (i.kind === 'import-statement' && chunks[i.path]) visit(i.path);
  };
  visit(entry);
  const outputs = new Map(result.outputFiles.map((output) => [output.path, output.contents]));
  return [...seen].map((key) => outputs.get(path.resolve(key)));
}

/**
 * Measures every product against its budget.
 * @returns {Promise<{rows: {name: string, raw: number, gzip: number, brotli: number, budget: number, ok: boolean}[], ok: boolean}>}
 */
export async function measure({ budgets = BUDGETS, base = root } = {}) {
  const rows = [];
  const add = (name, bytes, budget) => {
    const size = gzip(bytes);
    rows.push({ name, raw: rawSize(bytes), gzip: size, brotli: brotli(bytes), budget, ok: size <= budget });
  };
  for (const file of ['dist/merchant-elements.js', 'dist/merchant-elements.classic.js']) {
    const full = path.join(base, file);
    if (!existsSync(full)) throw new Error(`${file} is missing: run \`npm run build\` first.`);
    add(file, readFileSync(full), budgets.bundle);
  }
  const built = (file) => {
    const full = path.join(base, file);
    if (!existsSync(full)) throw new Error(`${file} is missing: run \`npm run build\` first.`);
    return readFileSync(full);
  };
  // The standalone classic script (every element and on-demand module, for hosts without CORS headers).
  add('dist/merchant-elements.standalone.js (hosts without CORS)', built('dist/merchant-elements.standalone.js'), budgets.standalone ?? BUDGETS.standalone);
  // The on-demand files are named by their content: their names come from the build's file list (a build from before
  // the list, such as a compared checkout's, named them `merchant-elements-<name>.js`).
  const listFile = path.join(base, 'dist/merchant-elements-files.json');
  const listed = existsSync(listFile) ? JSON.parse(readFileSync(listFile, 'utf8')).files : null;
  const onDemand = (name) => built(`dist/${listed ? listed[name] : `merchant-elements-${name}.js`}`);
  const core = built('dist/merchant-elements.js');
  const elementFiles = listElements(base).map((element) => [element.tag, onDemand(element.name)]);
  const pageBudget = (key) => budgets.pages?.[key] ?? PAGE_BUDGETS[key];
  for (const [tag, file] of elementFiles) add(pageRowName(tag), [core, file], pageBudget(tag));
  // With every element the loader imports the file holding them all, not the seven files (they weigh more apart:
  // src/contract/element-files.ts decides; test/node/element-files.test.ts checks it does for this page).
  add(pageRowName('every'), [core, onDemand('all')], pageBudget('every'));
  for (const lang of LANGUAGES)
    add(`dist/merchant-elements-i18n-${lang}.js (loaded on demand)`, onDemand(`i18n-${lang}`), budgets.language ?? BUDGETS.language);
  for (const element of listElements(base)) {
    const entry = path.join(base, `dist/npm/elements/${element.name}/define.js`);
    if (!existsSync(entry)) throw new Error(`dist/npm/elements/${element.name}/define.js is missing: run \`npm run build\` first.`);
    // An element's own budget applies with the default element budget (not under --element-budget or a test's).
    const budget = budgets.element === BUDGETS.element ? (ELEMENT_BUDGETS[element.tag] ?? budgets.element) : budgets.element;
    add(`${element.tag} (npm entry + Lit)`, await bundleEntry(entry), budget);
  }
  return { rows, ok: rows.every((r) => r.ok) };
}

/**
 * Estimate straight from the sources, without building dist/ (safe while someone else builds): each element's
 * registration file and src/bundle.ts, bundled with esbuild the way the products are made (code-split, minified,
 * private members mangled, Lit in production mode). Within a few percent of the real products; `npm run size`
 * after `npm run build` is the measurement that counts.
 */
export async function measureSources({ budgets = BUDGETS, base = root, only = null } = {}) {
  const rows = [];
  const entries = [['all elements (src/bundle.ts)', path.join(base, 'src/bundle.ts'), budgets.bundle]];
  for (const element of listElements(base))
    entries.push([
      `${element.tag} (from src)`,
      path.join(base, element.define),
      budgets.element === BUDGETS.element ? (ELEMENT_BUDGETS[element.tag] ?? budgets.element) : budgets.element,
    ]);
  // The shared base alone: a minimal element on MerchantElement. An element's own cost is its row minus this one.
  const probe = `import { html } from 'lit';
import { MerchantElement } from './src/elements/shared/merchant-element.ts';
class Probe extends MerchantElement { load(c, s) { return this.loadPagePart(c, 'location', s); } renderReady() { return html\`x\`; } }
customElements.define('merchant-probe', Probe);`;
  entries.push(['shared base only (probe)', { contents: probe, resolveDir: base, loader: 'ts', sourcefile: 'probe.ts' }, budgets.element]);
  for (const [name, file, budget] of entries) {
    if (only && !name.includes(only) && !name.includes('probe')) continue;
    const result = await build({
      ...(typeof file === 'string' ? { entryPoints: [file] } : { stdin: file }),
      ...ENTRY_BUILD_OPTIONS,
      mangleProps: /^__[a-z]/,
      conditions: ['production'],
      tsconfig: path.join(base, 'tsconfig.json'),
      plugins: [onDemandElementsEsbuild(base)],
    });
    const bytes = staticClosure(result, file, name);
    const size = gzip(bytes);
    rows.push({ name, raw: rawSize(bytes), gzip: size, brotli: brotli(bytes), budget, ok: size <= budget });
  }
  return { rows, ok: rows.every((r) => r.ok) };
}

export function formatReport({ rows }) {
  const kb = (n) => (n / 1000).toFixed(2).padStart(6);
  const width = Math.max(...rows.map((r) => r.name.length));
  const lines = [`${'product'.padEnd(width)}   min KB  gzip KB  brotli KB  budget KB`];
  for (const r of rows) {
    lines.push(`${r.name.padEnd(width)}   ${kb(r.raw)}   ${kb(r.gzip)}     ${kb(r.brotli)}     ${kb(r.budget)}  ${r.ok ? 'ok' : 'OVER BUDGET'}`);
  }
  return lines.join('\n');
}

function flag(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

/** Minified bytes each source file contributes to the script tag's code with every element, largest first. */
export async function explain(base = root) {
  const result = await build({
    entryPoints: [path.join(base, 'src/bundle.ts')],
    plugins: [onDemandElementsEsbuild(base)],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2021',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs)[0];
  return Object.entries(output.inputs)
    .map(([file, { bytesInOutput }]) => ({ file, bytes: bytesInOutput }))
    .filter((r) => r.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--explain')) {
    console.log('minified bytes by source (esbuild, before gzip):');
    for (const { file, bytes } of await explain()) console.log(`${String(bytes).padStart(8)}  ${file}`);
    console.log('');
  }
  const budgets = {
    bundle: flag('--bundle-budget', BUDGETS.bundle),
    element: flag('--element-budget', BUDGETS.element),
    language: flag('--language-budget', BUDGETS.language),
  };
  const src = process.argv.indexOf('--src');
  const report =
    src >= 0
      ? await measureSources({ budgets, only: process.argv[src + 1]?.startsWith('-') ? null : (process.argv[src + 1] ?? null) })
      : await measure({ budgets });
  console.log(formatReport(report));
  if (process.argv.includes('--record')) {
    const ceilings = Object.fromEntries(report.rows.filter((r) => !r.ok).map((r) => [r.name, r.gzip]));
    writeFileSync(CEILINGS_FILE, `${JSON.stringify(ceilings, null, 2)}\n`);
    console.log(`size: ceilings recorded in ${path.relative(root, CEILINGS_FILE)}`);
  }
  if (!report.ok) console.error('size: a budget is exceeded (KB = 1000 bytes, min+gzip level 9).');
  process.exitCode = report.ok ? 0 : 1;
}
