/**
 * Locale resolution: the element's `locale` attribute, else the provider's, else the nearest `lang`
 * attribute (walking out through shadow roots), else `navigator.language`, else `en`.
 * Invalid tags are skipped.
 */

/** The closest ancestor (or `node` itself) matching `selector`, crossing shadow-root boundaries. */
export function closestComposed(node: Element, selector: string): Element | null {
  for (let current: Element | null = node; current; current = (current.getRootNode() as ShadowRoot).host ?? null) {
    const found = current.closest(selector);
    if (found) return found;
  }
  return null;
}

/** The nearest non-empty `lang` attribute above (or on) `node`, crossing shadow-root boundaries. */
export function closestLang(node: Element): string | null {
  return closestComposed(node, '[lang]:not([lang=""])')?.getAttribute('lang') ?? null;
}

export function canonicalLocale(tag: string | null | undefined): string | null {
  if (!tag) return null;
  try {
    return Intl.getCanonicalLocales(tag.trim())[0] ?? null;
  } catch {
    return null;
  }
}

export function resolveLocale(element: Element, ...preferred: Array<string | null | undefined>): string {
  for (const tag of [...preferred, closestLang(element), globalThis.navigator?.language]) {
    const canonical = canonicalLocale(tag);
    if (canonical) return canonical;
  }
  return 'en';
}
