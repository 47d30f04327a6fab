/**
 * The standalone script (dist/merchant-elements.standalone.js): every element and everything it may load (languages,
 * the menu's tabs and diner tools, the photo viewer, the error view, the JSON-LD writers) in one classic script that
 * imports nothing. For a host that serves files without CORS headers: a classic script loads from there, a module
 * (and anything `import()` asks for) does not, so the script-tag bundle's elements, each a module of its own
 * (src/bundle.ts), could not load. Larger than what any page loads with the bundle (docs/distribution.md); the
 * element classes are returned into the `MerchantElements` global.
 *
 * The page is claimed first (shared/registration.ts: beside another copy of the elements that ran first, this one
 * registers none), then the takeover of server-rendered elements is set up, before any element is defined. No
 * formatters are made ahead (src/elements/shared/warm-formats.ts, the bundle's): this script defines every element as
 * it runs, so the elements start at once, and it has no element table to read the rules from.
 */
import './elements/shared/claim-page.ts';
import './elements/shared/takeover.ts';
export * from './elements/all.ts';
