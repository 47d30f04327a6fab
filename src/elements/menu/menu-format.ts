/**
 * Pure formatting for `<merchant-menu>`: prices in the menu's currency (ranges when min ≠ max,
 * "market price" when null), units and calories (the schema.org JSON-LD is menu-json-ld.ts; the dietary filters are menu-tools.ts).
 * The gateway's normalizer guarantees the contract's shape: lists are arrays already in `order`, ranges have
 * min ≤ max, `dietary` holds only known flags, absent text is `null`.
 */
import type { CalorieRange, PriceRange } from '../../contract/index.ts';
import { menuStrings } from './menu-i18n.ts';
import { numberFormat } from '../shared/formats.ts';

/** Formats one menu's prices and calories in one locale (build it once per render: Intl formatters are costly). */
export interface MenuFormatter {
  /** `$12.00`, `$12.00–$18.00` when min ≠ max, followed by the unit (`per lb`); the "market price" text for null. */
  price(price: PriceRange | null, unit?: string | null): string;
  /** `250 Cal` / `250–400 Cal` (the unit word from the language table), or null when absent. */
  calories(calories: CalorieRange | null | undefined): string | null;
}

const range = (format: Intl.NumberFormat, { min, max }: PriceRange | CalorieRange) => (min === max ? format.format(min) : format.formatRange(min, max));

/** A formatter for `locale` (a resolved, valid tag) and the menu's `currency`; a code that is not three letters gives `12.00 EURO`. */
export function menuFormatter(locale: string, currency: string): MenuFormatter {
  const strings = menuStrings(locale);
  // Intl accepts any well-formed code (three letters); anything else is shown as text after a plain number.
  const valid = /^[a-z]{3}$/i.test(currency);
  const money = numberFormat(locale, valid ? { style: 'currency', currency } : { minimumFractionDigits: 2 });
  const code = valid ? '' : ` ${currency}`;
  const count = numberFormat(locale);
  return {
    price: (price, unit) => (price ? `${range(money, price)}${code}${unit ? ` ${unit}` : ''}` : strings.marketPrice),
    calories: (calories) => (calories ? strings.calories(range(count, calories)) : null),
  };
}
