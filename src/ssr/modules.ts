/**
 * The modules a page of server-rendered fragments will load for their takeover, so the page that composes them can
 * hint each as `<link rel="modulepreload">` (in its head, or beside the fragments: Chromium takes one in the body too)
 * and the browser fetches them with the bundle rather than after it (issue 29 part 2).
 *
 * A fragment says what it needs in its own markup, which the render route already writes: its element (the tag) and
 * its language (its `locale` attribute; without one, the page's). What the page loads for them is decided for the
 * whole page, not per fragment: each element's own file, or the one file with every element when the page's element
 * files would weigh more (src/contract/element-files.ts, the loader's rule), so only the composer can name the files.
 * The names are files beside the bundle: the composer writes them under the URL it loads the bundle from, which the
 * render route cannot know (a CDN, the npm package, the gateway's copy).
 */
import { elementFilesFor, type BuildFiles } from '../contract/element-files.ts';
import { uiLanguage } from '../elements/shared/i18n.ts';
import { modulesBesideData } from './render.ts';

/**
 * The on-demand modules a page loads for its server-rendered elements, whichever they are: Lit's hydration, which the
 * takeover imports when the page holds one (src/elements/shared/takeover.ts). Hinted by `fragmentModules` and, through
 * generated/view-modules.json (scripts/wordpress-view-modules.ts), by the WordPress plugin on a page that prints a render.
 */
export const SERVER_RENDERED_MODULES: readonly string[] = ['hydrate'];

/** The outer element of a render-route fragment: its tag (group 1) and attributes (group 2). */
const FRAGMENT_ELEMENT = /<(merchant-[a-z]+)((?:\s[^>]*)?)>/;

/**
 * The files beside the bundle that `fragments` (render-route answers, in page order) need, as the build named them
 * (`files`: the build's file list, dist/merchant-elements-files.json or the classic build's, `buildFilesList()`):
 * their elements' files, by the loader's rule for the page's elements, Lit's hydration, then the modules each element loads beside its
 * data (each element class's `modulesBesideData`: a full menu's navigation and tools; and those its fragment names in
 * `data-merchant-modules`, which its view loaded past that rule: a short menu's tabs), then the language modules of the
 * languages they show other than English (a fragment's `locale` attribute, else `pageLocale`). Each once, in page order.
 * A `lazy` fragment needs none of them with the page: its content is there, and its element loads what it needs as the
 * visitor comes near it. `otherElements`: the tags of the page's elements that are not fragments (a `<merchant-provider>`
 * around them, a client-rendered element), which the loader loads with the page too and so count in its choice of files.
 */
export function fragmentModules(
  fragments: readonly string[],
  files: BuildFiles,
  options: { pageLocale?: string; otherElements?: readonly string[] } = {},
): string[] {
  const tags: string[] = [];
  const besideData = new Set<string>();
  const languages = new Set<string>();
  for (const fragment of fragments) {
    const found = FRAGMENT_ELEMENT.exec(fragment);
    if (!found) continue;
    const attributes = found[2]!;
    // A `lazy` fragment loads what it needs as the visitor comes near it (the bundle's loader), not with the page.
    if (/\slazy(?=[\s=]|$)/.test(attributes)) continue;
    tags.push(found[1]!);
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(attributes)?.[1] ?? null;
    for (const name of modulesBesideData(found[1]!, attribute)) besideData.add(name);
    // What its view loaded past that rule, as the render route wrote it (a short menu's tabs).
    for (const name of attribute('data-merchant-modules')?.split(' ') ?? []) if (name) besideData.add(name);
    const locale = attribute('locale') ?? undefined;
    // The language the element will show, as it resolves it.
    const lang = uiLanguage(locale ?? options.pageLocale);
    if (lang !== 'en') languages.add(lang);
  }
  // A language the build has no module for shows English (the elements' own fallback): nothing to load.
  const named = (name: string) => files.files[name] ?? [];
  const serverRendered = tags.length ? SERVER_RENDERED_MODULES : [];
  return [
    ...elementFilesFor([...new Set([...(options.otherElements ?? []), ...tags])], files),
    ...serverRendered.flatMap(named),
    ...[...besideData].flatMap(named),
    ...[...languages].flatMap((lang) => named(`i18n-${lang}`)),
  ];
}

/** The `<link rel="modulepreload">` hints for `files` beside the bundle at `scriptUrl` (the page's own script tag's). */
export function modulePreloads(files: readonly string[], scriptUrl: string): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return files.map((file) => `<link rel="modulepreload" href="${escape(new URL(file, scriptUrl).href)}">`).join('');
}
