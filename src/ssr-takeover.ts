/**
 * The takeover of server-rendered elements, run by dist/merchant-elements-ssr.js before the elements are defined
 * (src/bundle-ssr.ts imports it first): each server-rendered element's answers (its JSON data blocks) go into the
 * page's request cache, so its load makes no request; and its declarative shadow root is emptied, so that when the
 * element is defined a moment later, in the same task, it renders its own markup into it from the start (and writes
 * its own JSON-LD in place of the server's). The page
 * paints the server's markup, then the element's own, identical, with nothing in between: no flash, no layout
 * shift, and from then on the element is the same as a client-rendered one.
 */
import { prime } from './client/request.ts';

for (const block of document.querySelectorAll<HTMLScriptElement>('script[type="application/json"][data-merchant-url]')) {
  try {
    prime(block.dataset.merchantUrl!, JSON.parse(block.text));
  } catch {
    // A damaged block: the element asks the gateway, as it would without one.
  }
}
for (const element of document.querySelectorAll('[data-merchant-ssr]')) {
  element.shadowRoot?.replaceChildren();
  // Its data is here already: waiting for the viewport would only swap the server's content for a placeholder.
  element.removeAttribute('lazy');
  // The server's JSON-LD and data blocks were for crawlers and for this takeover: the element writes its own JSON-LD.
  for (const script of element.querySelectorAll(':scope > script[data-merchant-structured-data], :scope > script[data-merchant-url]')) script.remove();
}
