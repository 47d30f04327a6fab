/**
 * Pure formatting and filtering for `<merchant-menu>`: prices in the menu's currency (ranges when
 * min ≠ max, "market price" when null), units, calories, dietary filter, ordering, and the schema.org
 * `Menu` JSON-LD. Everything goes through Intl; nothing here throws (a bad currency code or locale
 * falls back to a plain number with the code).
 */
import {
  DIETARY_FLAGS,
  type CalorieRange,
  type DietaryFlag,
  type Menu,
  type MenuItem,
  type MenuSection,
  type PriceRange,
} from '../../contract/index.ts';
import { menuStrings, type MenuStrings } from './menu-i18n.ts';

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat(locale, options);
    } catch {
      try {
        f = new Intl.NumberFormat(undefined, options);
      } catch {
        f = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
      }
    }
    numberFormats.set(key, f);
  }
  return f;
}

function isFiniteNumber(n: unknown): n is number {
  return typeof n === 'number' && Number.isFinite(n);
}

function formatRange(f: Intl.NumberFormat, min: number, max: number): string {
  if (min === max) return f.format(min);
  const lo = Math.min(min, max);
  const hi = Math.max(min, max);
  try {
    return f.formatRange(lo, hi);
  } catch {
    return `${f.format(lo)}–${f.format(hi)}`;
  }
}

/** True when `code` is a well-formed ISO 4217 code Intl accepts as a currency. */
export function isCurrency(code: string | null | undefined): boolean {
  if (typeof code !== 'string' || !/^[A-Za-z]{3}$/.test(code)) return false;
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
    return true;
  } catch {
    return false;
  }
}

/**
 * A price in `currency`: `$12.00`, `$12.00–$18.00` when min ≠ max, or the "market price" text when the
 * price is null. An unusable currency code gives `12.00 XYZ`; an unusable price gives the market text.
 */
export function formatPrice(
  price: PriceRange | null | undefined,
  currency: string | null | undefined,
  locale?: string,
  strings: MenuStrings = menuStrings(locale),
): string {
  if (!price || !isFiniteNumber(price.min)) return strings.marketPrice;
  const max = isFiniteNumber(price.max) ? price.max : price.min;
  if (typeof currency === 'string' && isCurrency(currency)) {
    return formatRange(numberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }), price.min, max);
  }
  const plain = formatRange(numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }), price.min, max);
  return typeof currency === 'string' && currency.trim() ? `${plain} ${currency.trim().slice(0, 8)}` : plain;
}

/** `250 Cal` / `250–400 Cal` (the unit word from the language table), or null when absent. */
export function formatCalories(
  calories: CalorieRange | null | undefined,
  locale?: string,
  strings: MenuStrings = menuStrings(locale),
): string | null {
  if (!calories || !isFiniteNumber(calories.min)) return null;
  const max = isFiniteNumber(calories.max) ? calories.max : calories.min;
  const text = formatRange(numberFormat(locale, { maximumFractionDigits: 0 }), calories.min, max);
  return strings.calories(text);
}

/** Price followed by its unit: `$12.00 per lb`. */
export function formatPriceWithUnit(
  price: PriceRange | null | undefined,
  unit: string | null | undefined,
  currency: string | null | undefined,
  locale?: string,
  strings: MenuStrings = menuStrings(locale),
): string {
  const p = formatPrice(price, currency, locale, strings);
  const u = typeof unit === 'string' ? unit.trim() : '';
  return u && price ? `${p} ${u}` : p;
}

/** Parses `dietary="vegan, gluten-free"` into known flags (unknown words ignored, case-insensitive). */
export function parseDietary(value: string | null | undefined): DietaryFlag[] {
  if (typeof value !== 'string') return [];
  const wanted = new Set(value.toLowerCase().split(/[\s,]+/).filter(Boolean));
  return DIETARY_FLAGS.filter((f) => wanted.has(f));
}

/** True when the item carries every flag in `flags` (an empty filter keeps everything). */
export function itemMatches(item: MenuItem, flags: readonly DietaryFlag[]): boolean {
  if (flags.length === 0) return true;
  const own = Array.isArray(item.dietary) ? item.dietary : [];
  return flags.every((f) => own.includes(f));
}

function byOrder<T extends { order: number }>(list: readonly T[] | null | undefined): T[] {
  if (!Array.isArray(list)) return [];
  return list
    .map((v, i) => ({ v, i }))
    .sort((a, b) => (Number(a.v?.order) || 0) - (Number(b.v?.order) || 0) || a.i - b.i)
    .map(({ v }) => v);
}

/** Sections in order, items in order and filtered; sections left empty by the filter are dropped. */
export function visibleSections(menu: Menu, flags: readonly DietaryFlag[]): MenuSection[] {
  const out: MenuSection[] = [];
  for (const section of byOrder(menu.sections)) {
    const items = byOrder(section.items).filter((item) => itemMatches(item, flags));
    if (items.length || (flags.length === 0 && section.items?.length === 0)) out.push({ ...section, items });
  }
  return out;
}

/** Menus in order. */
export function sortedMenus(menus: readonly Menu[] | null | undefined): Menu[] {
  return byOrder(menus);
}

/** Choices or additions in order. */
export function sortedOptions<T extends { order: number }>(list: readonly T[] | null | undefined): T[] {
  return byOrder(list);
}

/** True for an absolute http(s) URL (the only kind put in href/src). */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// schema.org Menu

const DIETS: Partial<Record<DietaryFlag, string>> = {
  vegan: 'https://schema.org/VeganDiet',
  vegetarian: 'https://schema.org/VegetarianDiet',
  'gluten-free': 'https://schema.org/GlutenFreeDiet',
  halal: 'https://schema.org/HalalDiet',
  kosher: 'https://schema.org/KosherDiet',
};

function offer(price: PriceRange | null, currency: string, name: string | null): Record<string, unknown> | null {
  if (!price || !isFiniteNumber(price.min)) return null;
  const max = isFiniteNumber(price.max) ? price.max : price.min;
  const base: Record<string, unknown> =
    price.min === max
      ? { '@type': 'Offer', price: price.min, priceCurrency: currency }
      : { '@type': 'AggregateOffer', lowPrice: Math.min(price.min, max), highPrice: Math.max(price.min, max), priceCurrency: currency };
  if (name) base.name = name;
  return base;
}

function compact(obj: Record<string, unknown>): Record<string, unknown> {
  for (const k of Object.keys(obj)) {
    const v = obj[k];
    if (v == null || (Array.isArray(v) && v.length === 0)) delete obj[k];
  }
  return obj;
}

function menuItemLd(item: MenuItem, currency: string): Record<string, unknown> {
  const choices = byOrder(item.choices);
  const offers = choices.map((c) => offer(c.price, currency, c.name)).filter(Boolean);
  const cal = choices.find((c) => c.calories && isFiniteNumber(c.calories.min))?.calories;
  const diets = (item.dietary ?? []).map((d) => DIETS[d]).filter(Boolean);
  const image = (item.photos ?? []).map((p) => p?.url).filter(isHttpUrl);
  return compact({
    '@type': 'MenuItem',
    name: item.name,
    description: item.description,
    offers: offers.length === 1 ? offers[0] : offers,
    nutrition: cal ? { '@type': 'NutritionInformation', calories: `${cal.min} calories` } : null,
    suitableForDiet: diets,
    image,
  });
}

/** schema.org `Menu` objects (sections → `MenuSection`, items → `MenuItem` with `Offer`s), unfiltered. */
export function menuJsonLd(menus: readonly Menu[]): Record<string, unknown> {
  const graph = sortedMenus(menus).map((menu) =>
    compact({
      '@type': 'Menu',
      name: menu.name,
      description: menu.description,
      hasMenuSection: byOrder(menu.sections).map((s) =>
        compact({
          '@type': 'MenuSection',
          name: s.name,
          description: s.description,
          hasMenuItem: byOrder(s.items).map((i) => menuItemLd(i, menu.currency)),
        }),
      ),
    }),
  );
  return { '@context': 'https://schema.org', '@graph': graph };
}
