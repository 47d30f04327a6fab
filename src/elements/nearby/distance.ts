/** Distances for <merchant-nearby>, in the locale's system of measurement, formatted by Intl. */

/**
 * Metres (the gateway's non-negative distance) as a short distance in the locale's units: where the (inferred)
 * region measures road distances in miles (US, GB, LR, MM; plain `en` means en-US) feet under 0.1 mi, else miles;
 * elsewhere metres under 1 km, else kilometres. Two significant digits or one decimal, whichever is coarser
 * ("390 ft", "0.6 mi", "950 m", "2,4 km", "12 km"). `locale` is a canonical BCP 47 tag (what `resolvedLocale` gives).
 */
export function formatDistance(locale: string, metres: number): string {
  const miles = ['US', 'GB', 'LR', 'MM'].includes(new Intl.Locale(locale).maximize().region!);
  const [unit, value] = miles
    ? metres < 160.9344
      ? ['foot', metres * 3.28084]
      : ['mile', metres / 1609.344]
    : metres < 1000
      ? ['meter', metres]
      : ['kilometer', metres / 1000];
  // roundingPriority (ES2023 Intl) is not in TypeScript's lib yet.
  const options = { style: 'unit', unit, maximumFractionDigits: 1, maximumSignificantDigits: 2, roundingPriority: 'lessPrecision' };
  return new Intl.NumberFormat(locale, options as Intl.NumberFormatOptions).format(value);
}
