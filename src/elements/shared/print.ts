/**
 * Prints one element alone (the menu's print control), loaded on demand the first time a diner uses it.
 *
 * How, with shadow DOM and a strict CSP: the element and each of its ancestors (across shadow roots, up to `<html>`)
 * are marked with an attribute, and a constructed stylesheet adopted by the document hides, in print only, every
 * child of a marked element that is not marked itself: whatever is beside the element's path, at every level. The
 * element's own print styles (in its entry, so in place before any printing starts) do the rest. Constructed
 * stylesheets are not inline styles: no `'unsafe-inline'` needed, nothing under Trusted Types. The marks and the
 * sheet are removed on `afterprint` (the listener with them), so the whole page prints again as itself.
 * Imports nothing: a plain module, which both script-tag builds import from beside themselves.
 */
const MARK = 'data-merchant-print';
let sheet: CSSStyleSheet | undefined;

/** Opens the browser's print dialog for `host` alone. */
export function printAlone(host: Element): void {
  const marked: Element[] = [];
  for (let node: Element | undefined = host; node; node = node.parentElement ?? (node.getRootNode() as ShadowRoot).host) {
    node.setAttribute(MARK, '');
    marked.push(node);
  }
  if (!sheet) (sheet = new CSSStyleSheet()).replaceSync(`@media print{[${MARK}]>:not([${MARK}]){display:none!important}}`);
  const added = sheet;
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, added];
  const restore = () => {
    removeEventListener('afterprint', restore);
    for (const element of marked) element.removeAttribute(MARK);
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== added);
  };
  addEventListener('afterprint', restore);
  print();
}
