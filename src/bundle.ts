/**
 * The script-tag bundle's entry (dist/merchant-elements.js and the classic build): what every element shares (Lit,
 * @lit/task, @lit/context, the base element, the request cache, the takeover) and a loader that imports each element's
 * module (its class, styles and strings: dist/merchant-elements-<name>.js) when the page holds its tag
 * (src/elements/autoload.ts). The element table is the one list, src/elements/all.ts, made into dynamic imports at
 * build time (`merchant-elements:on-demand`, scripts/elements.mjs). It exports nothing of its own: a page script that
 * needs an element's class waits for it (`await customElements.whenDefined('merchant-menu')`, then
 * `customElements.get('merchant-menu')`); the npm package (`src/index.ts`) exports the classes.
 *
 * The page is claimed first (shared/registration.ts: of several copies of the elements on a page, the first registers
 * them), then the takeover of server-rendered elements is set up, before any element is defined (imports run in order).
 * Once the loader has started the elements' modules and data, the formatters their first ready views make are made in
 * a task of their own after the next frame, in the wait for them or before their renders (src/elements/shared/
 * warm-formats.ts; each element's rule in its folder's loader-hints.ts, carried by the element table).
 */
import './elements/shared/claim-page.ts';
import './elements/shared/takeover.ts';
import elements, { combined } from 'merchant-elements:on-demand';
import { autoload } from './elements/autoload.ts';
import { warmFormats } from './elements/shared/warm-formats.ts';
import { registersElements } from './elements/shared/registration.ts';

// A copy from another address than the page's first copy's loads nothing: the first one loads the page's elements.
if (registersElements()) {
  autoload(elements, combined);
  warmFormats(new Map(elements.flatMap(([tag, , , , , firstFormats]) => (firstFormats ? [[tag, firstFormats]] : []))));
}
