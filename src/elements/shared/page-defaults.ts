/**
 * The page-level defaults and switches as the page writes them (config.ts says what each one does): the
 * `<meta name="merchant-elements">` tag, else a script tag's `data-*`. Imports nothing: the error view, loaded on
 * demand, reads `debug` here.
 */

export type PageDefaultKey = 'endpoint' | 'location-id' | 'theme' | 'locale' | 'allow-widget-scripts' | 'debug';

/** The page default for `key`: from the meta tag, else from a script tag's `data-<key>`; null when neither sets it. */
export function pageDefault(key: PageDefaultKey, doc: Document = document): string | null {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="merchant-elements"]')?.content ?? '';
  for (const pair of content.split(';')) {
    const index = pair.indexOf('=');
    const value = pair.slice(index + 1).trim();
    if (index > 0 && value && pair.slice(0, index).trim().toLowerCase() === key) return value;
  }
  return doc.querySelector(`script[src][data-${key}]`)?.getAttribute(`data-${key}`)?.trim() || null;
}

/**
 * Whether the page opted in to actions' widget scripts: `allow-widget-scripts=true` in the meta tag, or
 * `data-allow-widget-scripts` (empty or `true`) on a script tag.
 */
export function pageAllowsWidgetScripts(doc: Document = document): boolean {
  // A bare `data-allow-widget-scripts` is an empty value, which pageDefault reads as unset: look at the tag itself.
  const bare = doc.querySelector('script[src][data-allow-widget-scripts=""]');
  return Boolean(bare) || pageDefault('allow-widget-scripts', doc)?.toLowerCase() === 'true';
}
