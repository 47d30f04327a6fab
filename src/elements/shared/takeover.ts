/**
 * The takeover of server-rendered elements (src/ssr/render.ts writes them: `data-merchant-ssr`, a declarative
 * shadow root, the JSON-LD and the gateway's answers as JSON data blocks). Imported first by the script-tag bundle
 * (src/bundle.ts) and the npm package's entry (src/index.ts), so it runs before the elements are defined: every
 * data block on the page goes into the page's request cache, so the element's load makes no request; and each
 * server-rendered element's declarative shadow root is emptied, so that when the element is defined a moment later,
 * in the same task, it renders its own markup into it from the start (and writes its own JSON-LD in place of the
 * server's). The page paints the server's markup, then the element's own, identical, with nothing in between: no
 * flash, no layout shift, no request, and from then on the element is the same as a client-rendered one.
 *
 * A page without server-rendered elements or data blocks pays two queries that find nothing.
 *
 * Why here and not in MerchantElement (which would take over each element as it is upgraded, wherever it was
 * defined): the same code in the base class is in every element's npm entry, 0.23 KB min+gzip each, more than the
 * 13 KB entry budget leaves; here it is paid once, by the bundle. What that asks of a page: the script runs after
 * the server-rendered elements are parsed, as a module script (deferred by default), a `defer` classic script or
 * one at the end of the body do (docs/ssr.md); the elements' content stays as the server wrote it until then.
 */
import { isServer } from 'lit';
import { prime } from '../../client/request.ts';

// Every data block on the page: inside a server-rendered element, or beside a plain one (the WordPress plugin's
// "self" mode prints the answers an element will ask for next to it). On a server (src/ssr/render.ts imports the
// elements too) there is no page.
for (const block of isServer ? [] : document.querySelectorAll<HTMLScriptElement>('script[type="application/json"][data-merchant-url]')) {
  try {
    prime(block.dataset.merchantUrl!, JSON.parse(block.text));
  } catch {
    // A damaged block: the element asks the gateway, as it would without one.
  }
}
for (const element of isServer ? [] : document.querySelectorAll('[data-merchant-ssr]')) {
  // The server's JSON-LD and data blocks were for crawlers and for this takeover: the element writes its own JSON-LD.
  for (const script of element.querySelectorAll(':scope>script[data-merchant-url],:scope>script[data-merchant-structured-data]')) script.remove();
  element.shadowRoot?.replaceChildren();
  // Its data is here already: waiting for the viewport would only swap the server's content for a placeholder.
  element.removeAttribute('lazy');
  // Taken over: from now on a client-rendered element (a second copy of the elements on the page leaves it alone).
  element.removeAttribute('data-merchant-ssr');
}
