/**
 * For the server-rendering bundle (src/bundle-ssr.ts): the menu's navigation module (tabs and section bar) built in
 * rather than loaded on demand. At the takeover a server-rendered menu renders its own markup at once, in the same
 * task, from data already on the page; had it to wait for this module, it would show its loading state in between
 * (a layout shift). The plain bundle keeps loading it on demand.
 */
import * as navigation from './menu-navigation.ts';
import { useNavigation } from './merchant-menu.ts';

useNavigation(navigation);
