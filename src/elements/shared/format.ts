/**
 * Locale-aware formatting through Intl, with cached formatters (constructing Intl objects is slow; a
 * 1,000-item menu must not build 1,000 of them). Every function is total: bad input gives '' rather than a throw.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A cached Intl.NumberFormat; falls back to `en` if the locale or options are rejected. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, options);
    } catch {
      format = new Intl.NumberFormat('en', options.style === 'currency' ? { maximumFractionDigits: 2 } : {});
    }
    numberFormats.set(key, format);
  }
  return format;
}

/** A cached Intl.DateTimeFormat; falls back to `en` (and then to no time zone) if rejected. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, options);
    } catch {
      const { timeZone: _ignored, ...rest } = options;
      format = new Intl.DateTimeFormat('en', rest);
    }
    dateFormats.set(key, format);
  }
  return format;
}

export function formatNumber(locale: string, value: number, options?: Intl.NumberFormatOptions): string {
  return Number.isFinite(value) ? numberFormat(locale, options).format(value) : '';
}

/** An amount in an ISO 4217 currency, e.g. `$12.50`, `12,50 €`. */
export function formatCurrency(locale: string, amount: number, currency: string): string {
  if (!Number.isFinite(amount)) return '';
  const code = /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : 'USD';
  return numberFormat(locale, { style: 'currency', currency: code }).format(amount);
}

/** A fraction 0..1 as a percentage, e.g. 0.25 → `25%` (`25 %` in fr/de). */
export function formatPercent(locale: string, fraction: number): string {
  return Number.isFinite(fraction) ? numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(fraction) : '';
}

/** A date-time (ISO 8601) as a date, e.g. `Mar 1, 2025`; '' when invalid. */
export function formatDate(locale: string, iso: string | null | undefined, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat(locale, options).format(date);
}

/** Regions that measure road distances in miles. */
const MILE_REGIONS = new Set(['US', 'GB', 'LR', 'MM']);

/** The region of a locale, inferred when absent (`en` → `US`, `de` → `DE`). */
export function localeRegion(locale: string): string | null {
  try {
    return new Intl.Locale(locale).maximize().region ?? null;
  } catch {
    return null;
  }
}

export function usesMiles(locale: string): boolean {
  const region = localeRegion(locale);
  return region != null && MILE_REGIONS.has(region);
}

/**
 * Metres as a short distance in the locale's units: miles/feet for US, GB, LR and MM, else kilometres/metres.
 * Under 0.1 mi → feet (nearest 10); under 1 km → metres (nearest 10); else one decimal.
 */
export function formatDistance(locale: string, metres: number): string {
  if (!Number.isFinite(metres) || metres < 0) return '';
  if (usesMiles(locale)) {
    const miles = metres / 1609.344;
    if (miles < 0.1) {
      return numberFormat(locale, { style: 'unit', unit: 'foot', unitDisplay: 'short', maximumFractionDigits: 0 })
        .format(Math.max(10, Math.round(metres * 3.28084 / 10) * 10));
    }
    return numberFormat(locale, { style: 'unit', unit: 'mile', unitDisplay: 'short', maximumFractionDigits: 1 }).format(miles);
  }
  if (metres < 1000) {
    return numberFormat(locale, { style: 'unit', unit: 'meter', unitDisplay: 'short', maximumFractionDigits: 0 })
      .format(Math.max(10, Math.round(metres / 10) * 10));
  }
  return numberFormat(locale, { style: 'unit', unit: 'kilometer', unitDisplay: 'short', maximumFractionDigits: 1 }).format(metres / 1000);
}
