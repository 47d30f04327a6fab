/**
 * `<merchant-menu>`'s schema.org `Menu` JSON-LD, loaded on demand once the menus are on screen (see
 * shared/structured-data.ts).
 */
import type { Menu, MenuItem } from '../../contract/index.ts';
import { jsonLdScript } from '../shared/json-ld.ts';

function menuItemLd({ name, description, choices }: MenuItem, priceCurrency: string) {
  return {
    '@type': 'MenuItem',
    name,
    description,
    offers: choices
      .map(
        ({ name, price }) =>
          price &&
          (price.min === price.max
            ? { '@type': 'Offer', name, price: price.min, priceCurrency }
            : { '@type': 'AggregateOffer', name, lowPrice: price.min, highPrice: price.max, priceCurrency }),
      )
      .filter(Boolean),
  };
}

/** schema.org `Menu`s (sections → `MenuSection`, items → `MenuItem` with `Offer`s), unfiltered; nulls and empty lists left out. */
export function menuJsonLd(menus: readonly Menu[]): Record<string, unknown> {
  const graph = menus.map(({ name, description, currency, sections }) => ({
    '@type': 'Menu',
    name,
    description,
    hasMenuSection: sections.map((section) => ({
      '@type': 'MenuSection',
      name: section.name,
      description: section.description,
      hasMenuItem: section.items.map((item) => menuItemLd(item, currency)),
    })),
  }));
  return JSON.parse(
    JSON.stringify({ '@context': 'https://schema.org', '@graph': graph }, (_key, value) => (value === null || value?.length === 0 ? undefined : value)),
  );
}

/** The schema.org value, for a server render (StructuredDataWriter's `schema`). */
export const schema = menuJsonLd;

/** The `<script type="application/ld+json">` for the menus (StructuredDataController's writer). */
export default (menus: readonly Menu[]): Element => jsonLdScript(menuJsonLd(menus));
