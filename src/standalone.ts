/**
 * The standalone script (dist/merchant-elements.standalone.js): every element and everything it may load (languages,
 * the menu's tabs and diner tools, the photo viewer, the error view, the JSON-LD writers) in one classic script that
 * imports nothing. For a host that serves files without CORS headers: a classic script loads from there, a module
 * (and anything `import()` asks for) does not, so the script-tag bundle's elements, each a module of its own
 * (src/bundle.ts), could not load. Larger than what any page loads with the bundle (docs/distribution.md); the
 * element classes are returned into the `MerchantElements` global.
 *
 * The takeover of server-rendered elements is set up first, before any element is defined (imports run in order). The
 * formatters the elements' first ready views make are made while the main thread waits for their data
 * (src/elements/shared/warm-formats.ts).
 */
import './elements/shared/takeover.ts';
import { warmFormats } from './elements/shared/warm-formats.ts';
export * from './elements/all.ts';

warmFormats();
