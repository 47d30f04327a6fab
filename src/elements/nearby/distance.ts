/** Distances for <merchant-nearby>, in the locale's system of measurement, formatted by Intl. */

/** Regions that measure road distances in miles. */
const MILE_REGIONS = ['US', 'GB', 'LR', 'MM'];

/**
 * Metres as a short distance in the locale's units: where the (inferred) region measures in miles (US, GB, LR, MM;
 * plain `en` means en-US) feet under 0.1 mi, else miles; elsewhere metres under 1 km, else kilometres.
 * Two significant digits or one decimal, whichever is coarser ("390 ft", "0.6 mi", "950 m", "2,4 km", "12 km").
 * `''` for a negative distance. `locale` is a canonical BCP 47 tag (what `resolvedLocale` gives).
 */
export function formatDistance(locale: string, metres: number): string {
  if (metres < 0) return '';
  const [unit, perMetre]: [string, number] = MILE_REGIONS.includes(new Intl.Locale(locale).maximize().region ?? '')
    ? metres < 160.9344 ? ['foot', 3.28084] : ['mile', 1 / 1609.344]
    : metres < 1000 ? ['meter', 1] : ['kilometer', 0.001];
  // roundingPriority (ES2023 Intl) is not in TypeScript's lib yet.
  const options = { style: 'unit', unit, maximumFractionDigits: 1, maximumSignificantDigits: 2, roundingPriority: 'lessPrecision' };
  return new Intl.NumberFormat(locale, options as Intl.NumberFormatOptions).format(metres * perMetre);
}
