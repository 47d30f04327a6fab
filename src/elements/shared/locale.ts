/**
 * Locale resolution: the element's `locale` attribute, else the provider's, else the nearest `lang`
 * attribute (walking out through shadow roots), else `navigator.language`, else `en`.
 * Invalid tags are skipped.
 */

/** The nearest `lang` attribute above (or on) `node`, crossing shadow-root boundaries. */
export function closestLang(node: Element): string | null {
  let current: Element | null = node;
  while (current) {
    const found: Element | null = current.closest('[lang]');
    if (found) {
      const lang = found.getAttribute('lang');
      if (lang) return lang;
      current = found.parentElement;
      continue;
    }
    const root = current.getRootNode();
    current = root instanceof ShadowRoot ? root.host : null;
  }
  return null;
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
