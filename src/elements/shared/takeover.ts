/**
 * The takeover of server-rendered elements (src/ssr/render.ts writes them: `data-merchant-ssr`, a declarative
 * shadow root, the JSON-LD and the gateway's answers as JSON data blocks). Imported first by the script-tag bundle
 * (src/bundle.ts) and the npm package's entry (src/index.ts), so it runs before the elements are defined: each
 * server-rendered element's answers go into the page's request cache, so its load makes no request; and its
 * declarative shadow root is emptied, so that when the element is defined a moment later, in the same task, it
 * renders its own markup into it from the start (and writes its own JSON-LD in place of the server's). The page
 * paints the server's markup, then the element's own, identical, with nothing in between: no flash, no layout
 * shift, no request, and from then on the element is the same as a client-rendered one.
 *
 * A page without server-rendered elements pays one query that finds nothing.
 *
 * Why here and not in MerchantElement (which would take over each element as it is upgraded, wherever it was
 * defined): the same code in the base class is in every element's npm entry, 0.23 KB min+gzip each, more than the
 * 13 KB entry budget leaves; here it is paid once, by the bundle. What that asks of a page: the script runs after
 * the server-rendered elements are parsed, as a module script (deferred by default), a `defer` classic script or
 * one at the end of the body do (docs/ssr.md); the elements' content then stays as the server wrote it until the
 * takeover.
 */
import { isServer } from 'lit';
import { prime } from '../../client/request.ts';

// On a server (src/ssr/render.ts imports the elements too) there is nothing to take over.
for (const element of isServer ? [] : document.querySelectorAll('[data-merchant-ssr]')) {
  for (const script of element.querySelectorAll<HTMLScriptElement>(':scope>script[data-merchant-url],:scope>script[data-merchant-structured-data]')) {
    try {
      if (script.dataset.merchantUrl) prime(script.dataset.merchantUrl, JSON.parse(script.text));
    } catch {
      // A damaged block: the element asks the gateway, as it would without one.
    }
    // The server's JSON-LD and data blocks were for crawlers and for this takeover: the element writes its own JSON-LD.
    script.remove();
  }
  element.shadowRoot?.replaceChildren();
  // Its data is here already: waiting for the viewport would only swap the server's content for a placeholder.
  element.removeAttribute('lazy');
  // Taken over: the element is now a client-rendered one (a second copy of the bundle leaves it alone).
  element.removeAttribute('data-merchant-ssr');
}
