/**
 * The script-tag bundle for pages with server-rendered elements (dist/merchant-elements-ssr.js): the takeover of
 * what the server rendered (src/ssr-takeover.ts), then the whole bundle. Pages without server-rendered elements load
 * dist/merchant-elements.js, which carries none of it. Imports run in order: the takeover before any definition.
 */
import './ssr-takeover.ts';
// The menu's tabs and section bar built in: the takeover renders them at once (menu-ssr.ts).
import './elements/menu/menu-ssr.ts';

export * from './bundle.ts';
