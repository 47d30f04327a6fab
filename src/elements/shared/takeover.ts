/**
 * The takeover of server-rendered elements (src/ssr/render.ts writes them: a declarative shadow root with the
 * element's markup, its JSON-LD and the gateway's answers as JSON data blocks). Imported first by the script-tag
 * bundle (src/bundle.ts) and the npm package's entry (src/index.ts), before any element is defined:
 *
 * - every data block on the page goes into the page's request cache, so the element that asks for it shows it with
 *   no wait (and, when the block says its data is past its freshness, revalidates it in the background);
 * - an initializer on MerchantElement takes over each server-rendered element as it is upgraded, whenever that is
 *   (the page parsed, or the element added later): it keeps the server's markup on screen until the element's first
 *   load settles (its data cached, its UI language and any on-demand module its view needs loaded), then swaps it
 *   for the element's own, identical, in one task. No flash, no layout shift, no request, nothing twice, in any language; from then on the element is a
 *   client-rendered one.
 *
 * A page without server-rendered elements or data blocks pays one query that finds nothing and, per element, one
 * check. Another copy of the elements on the page (the classic build beside the module) leaves elements it did not
 * define alone; one from another address than the page's first copy's defines none and sets nothing up.
 *
 * Why an initializer registered here rather than code in MerchantElement: the same code in the base class is in
 * every element's npm entry (0.2 KB min+gzip each, more than the 13 KB entry budget leaves); here the bundle pays it
 * once. What it asks of a page: the elements are defined after their server markup is parsed (a module script, which
 * is deferred, a `defer` classic script or one at the end of the body); an element defined before the parser reaches
 * it attaches its own shadow root first, the browser then ignores the declarative one, and the element loads as a
 * client-rendered one (docs/ssr.md).
 */
import { isServer, noChange, type ReactiveController } from 'lit';
import { onlyCarried, prime } from '../../client/request.ts';
import { MerchantElement } from './merchant-element.ts';
import { renderAfterHydration, renderToHydrate } from './hydrating.ts';
import { emit, type MerchantErrorDetail } from './events.ts';
import { registersElements } from './registration.ts';

// On a server (src/ssr/render.ts imports the elements too) there is no page; a copy that registers no element
// (registration.ts) has nothing to take over.
if (!isServer && registersElements()) {
  // Every data block on the page: inside a server-rendered element, or beside a plain one (the WordPress plugin's
  // "self" mode prints the answers an element will ask for next to it), with its age: when its data was fetched,
  // how long it counts as fresh, and its ETag (data-merchant-fetched, -fresh, -etag; docs/ssr.md). One past its
  // freshness is shown, then revalidated in the background (src/client/request.ts).
  for (const block of document.querySelectorAll<HTMLScriptElement>('script[data-merchant-url]')) {
    const { merchantUrl, merchantFetched, merchantFresh, merchantEtag } = block.dataset;
    try {
      prime(merchantUrl!, JSON.parse(block.text), { fetched: merchantFetched, fresh: merchantFresh, etag: merchantEtag });
    } catch {
      // A damaged block: the element asks the gateway, as it would without one.
    }
  }
  // Lit's hydration, loaded on demand (hydrate.ts): as the bundle runs when the page holds a server-rendered element
  // (the render route marks each one `data-merchant-ssr`; a page that composes fragments hints the module beside the
  // bundle, src/ssr/modules.ts), else with the first one upgraded. Never rejects: without it, the takeover below.
  type Hydrate = (typeof import('./hydrate.ts'))['hydrate'];
  let hydration: Promise<Hydrate | undefined> | undefined;
  const loadHydration = () =>
    (hydration ??= import('./hydrate.ts').then(
      (module) => module.hydrate,
      () => undefined,
    ));
  // One that has its shadow root: a browser without declarative shadow DOM attached none, and has nothing to hydrate.
  // Not for `lazy` ones alone: they become live as the visitor comes near them (MerchantElement's first update).
  if (document.querySelector('[data-merchant-ssr]:not([lazy])')?.shadowRoot) void loadHydration();
  // Each merchant element, as it is defined (upgraded): one with a shadow root already is one the server rendered
  // (the browser attached its declarative shadow root while parsing).
  // Hides what the element renders while the server's markup is still on screen: everything after the mark. Made
  // for the first element that renders before its first load settles, not as the bundle loads: a browser that attaches declarative shadow roots
  // has constructable stylesheets, but an older one (Safari before 16.4) throws on `new CSSStyleSheet()`, and must
  // still run the elements.
  let hideAfterMark: CSSStyleSheet | undefined;
  MerchantElement.addInitializer((initialized) => {
    // Lit types an initializer's element as any reactive element; those registered on MerchantElement get its own.
    const element = initialized as MerchantElement<unknown>;
    const root = element.shadowRoot;
    if (!root) return;
    // The server's data blocks were for this takeover (read above). Its JSON-LD (its other script) stays while the
    // element's first load settles: when that shows what the server rendered from (every answer on the page the one
    // it carried), the element keeps it as its own (StructuredDataController), with no schema module to load or
    // JSON-LD to write again; otherwise it goes with the server's markup, and the element writes its own.
    for (const script of element.querySelectorAll('script:not([data-merchant-structured-data])')) script.remove();
    // The element renders into the shadow root the server made, styled by the server's stylesheet (the `<style>` Lit's
    // SSR writes first in it, kept whatever happens below): Lit's renderRoot set before it connects, so it adopts no
    // stylesheet of its own and nothing is styled again.
    (element as { renderRoot: HTMLElement | DocumentFragment }).renderRoot = root;
    MerchantElement.beforeServerRenderedUpdate = loadHydration();
    // The element's first update waits for its first load and for Lit's hydration (MerchantElement's scheduleUpdate:
    // its data is cached, so no request; its UI language and whatever module its view needs, however long those take),
    // so its first render is its ready (or error) view, and hydration binds it to the server's markup: the server's
    // DOM stays, nothing is made, styled or laid out again. Should hydration not fit (a template the server did not
    // render: data changed since, a page made by another build; Lit throws, or markup without Lit's markers), the
    // takeover: the element renders its own after the server's markup, which then goes, in the same task (nothing
    // twice, no shift, no flash). Should the element render before its load settles (an update asked for meanwhile),
    // what it renders goes after a mark that hides it, behind the server's markup, until then. All of it through Lit's
    // public controller API: hostUpdate runs before each update's render, hostUpdated after it.
    const server = [...root.childNodes].filter((node) => !(node instanceof HTMLStyleElement));
    const dropServerMarkup = () => {
      for (const node of server) node.remove();
    };
    let mark: HTMLElement | undefined;
    let settled = false;
    let first = true;
    let replacing = false;
    const takeOver: ReactiveController = {
      hostUpdate() {
        if (!first) return;
        first = false;
        if (settled) {
          // Not hydrated: the element renders its own after the server's markup, which goes once that render is
          // done (hostUpdated, the same task: no frame between).
          replacing = !hydrated();
          return;
        }
        if (!hideAfterMark) {
          hideAfterMark = new CSSStyleSheet();
          hideAfterMark.replaceSync('[data-merchant-takeover] ~ * { display: none !important; }');
        }
        mark = document.createElement('i');
        mark.toggleAttribute('data-merchant-takeover');
        root.append(mark);
        root.adoptedStyleSheets = [...root.adoptedStyleSheets, hideAfterMark];
      },
      hostUpdated() {
        if (!replacing) return;
        replacing = false;
        dropServerMarkup();
      },
    };
    element.addController(takeOver);
    // The element's own render failed too (Lit threw in its first update): the server's markup stays on screen, and
    // the page hears of it (the element's error event), as of any element that fails.
    element.updateComplete.catch(() =>
      emit<MerchantErrorDetail>(element, 'merchant-error', {
        error: 'RENDER_FAILED',
        message: 'The element could not be rendered.',
        status_code: 0,
        url: null,
      }),
    );
    let hydrate: Hydrate | undefined;
    void loadHydration().then((loaded) => (hydrate = loaded));
    /** Binds the element's first render to the server's markup; false when it does not fit (nothing bound then). */
    const hydrated = (): boolean => {
      if (!hydrate || ![...root.childNodes].some((node) => node instanceof Comment && node.data.startsWith('lit-part'))) return false;
      const lit = element as unknown as { render(): unknown; renderOptions: { isConnected?: boolean } };
      lit.renderOptions.isConnected = element.isConnected;
      try {
        hydrate(
          renderToHydrate(() => lit.render()),
          root,
          lit.renderOptions,
        );
      } catch {
        return false;
      }
      // What hydration bound is the element's view unless it holds a part of its own (a time-dependent value, a
      // server-only part: hydrating.ts), which Lit's render of this update then writes. Otherwise that render is not
      // made again: Lit's update, which calls `render()` next, gets `noChange` (its parts stay as bound) once, from
      // an own property that shadows the element's method and goes at that call: one render per element.
      if (!renderAfterHydration())
        Object.defineProperty(element, 'render', {
          configurable: true,
          value: () => {
            Reflect.deleteProperty(element, 'render');
            return noChange;
          },
        });
      return true;
    };
    const settle = (event: Event) => {
      settled = true;
      element.removeEventListener('merchant-load', settle);
      element.removeEventListener('merchant-error', settle);
      const keepStructuredData = event.type === 'merchant-load' && onlyCarried();
      if (!keepStructuredData) for (const script of element.querySelectorAll(':scope > script[data-merchant-structured-data]')) script.remove();
      // Rendered already, hidden behind the server's markup: shown now.
      if (!mark) return;
      dropServerMarkup();
      mark.remove();
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((sheet) => sheet !== hideAfterMark);
    };
    element.addEventListener('merchant-load', settle);
    element.addEventListener('merchant-error', settle);
  });
}
