/**
 * The takeover of server-rendered elements (src/ssr/render.ts writes them: a declarative shadow root with the
 * element's markup, its JSON-LD and the gateway's answers as JSON data blocks). Imported first by the script-tag
 * bundle (src/bundle.ts) and the npm package's entry (src/index.ts), before any element is defined:
 *
 * - every data block on the page goes into the page's request cache, so the element that asks for it makes no
 *   request;
 * - an initializer on MerchantElement takes over each server-rendered element as it is upgraded, whenever that is
 *   (the page parsed, or the element added later): it keeps the server's markup on screen until the element's first
 *   render is ready (its UI language loaded, its data cached), then swaps it for the element's own, identical, in
 *   one task. No flash, no layout shift, no request, nothing twice, in any language; from then on the element is a
 *   client-rendered one.
 *
 * A page without server-rendered elements or data blocks pays one query that finds nothing and, per element, one
 * check. Another copy of the elements on the page (the classic build beside the module) leaves elements it did not
 * define alone.
 *
 * Why an initializer registered here rather than code in MerchantElement: the same code in the base class is in
 * every element's npm entry (0.2 KB min+gzip each, more than the 13 KB entry budget leaves); here the bundle pays it
 * once. What it asks of a page: the elements are defined after their server markup is parsed (a module script, which
 * is deferred, a `defer` classic script or one at the end of the body); an element defined before the parser reaches
 * it attaches its own shadow root first, the browser then ignores the declarative one, and the element loads as a
 * client-rendered one (docs/ssr.md).
 */
import { isServer } from 'lit';
import { prime } from '../../client/request.ts';
import { loadLanguage } from './i18n.ts';
import { MerchantElement } from './merchant-element.ts';

// On a server (src/ssr/render.ts imports the elements too) there is no page.
if (!isServer) {
  // Every data block on the page: inside a server-rendered element, or beside a plain one (the WordPress plugin's
  // "self" mode prints the answers an element will ask for next to it).
  for (const block of document.querySelectorAll<HTMLScriptElement>('script[data-merchant-url]')) {
    try {
      prime(block.dataset.merchantUrl!, JSON.parse(block.text));
    } catch {
      // A damaged block: the element asks the gateway, as it would without one.
    }
  }
  // Each merchant element, as it is defined (upgraded): one with a shadow root already is one the server rendered
  // (the browser attached its declarative shadow root while parsing).
  MerchantElement.addInitializer((element) => {
    const root = element.shadowRoot;
    if (!root) return;
    // The server's JSON-LD and data blocks (its only scripts) were for crawlers and for this takeover: the element
    // writes its own JSON-LD.
    for (const script of element.querySelectorAll('script')) script.remove();
    // Its first update only once its UI language is here (a language module, loaded on demand, for a page not in
    // English), and the server's markup goes then, in the same task as that render, whose data is cached: until then
    // the page shows the server's markup, never the loading placeholder. Lit's first update waits for
    // `enableUpdating`, which Lit sets on each instance to be replaced (its SSR does the same) and connectedCallback
    // calls. Only merchant elements are server-rendered; `enableUpdating` is protected, hence the cast. Lit took the
    // server's first node as the place to render before (a shadow root's first child, as it connected): it renders
    // into the emptied root instead.
    const updating = element as unknown as MerchantElement<unknown> & { enableUpdating(requested: boolean): void };
    const enable = updating.enableUpdating;
    updating.enableUpdating = async (requested) => {
      await loadLanguage(updating.resolvedLocale);
      updating.renderOptions.renderBefore = null;
      root.replaceChildren();
      enable(requested);
    };
  });
}
