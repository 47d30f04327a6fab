/**
 * The script-tag bundle's entry (dist/merchant-elements.js and the classic build): registers every element
 * and exports the element classes, nothing else. Page scripts need no more than the classes (to subclass, or
 * for `instanceof`); the client and shared helpers stay in the npm package (`src/index.ts`), where a bundler
 * drops what an application does not use, instead of every page paying for them.
 *
 * The takeover of server-rendered elements is set up first, before any element is defined (imports run in order).
 */
import './elements/shared/takeover.ts';
export * from './elements/all.ts';
