/**
 * Intl formatters made once per page for each locale and set of options, not once per formatted value: making one
 * is the costly part (ICU builds its patterns), and `Number.prototype.toLocaleString` / `Date.prototype.toLocale*String`
 * with options make a new one at every call. The showcase's takeover spent more of its script time there than
 * anywhere else (issue 29 part 3: the actions' offers, the hours' times, under a 4× slower CPU).
 */
const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function once<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let format = made.get(key) as F | undefined;
  if (format) return format;
  // A page uses a handful; a server rendering for any locale a request names keeps no more than this many.
  if (made.size >= 64) made.clear();
  made.set(key, (format = make()));
  return format;
}

/** `new Intl.NumberFormat(locale, options)`, made once: throws as it does (a RangeError for a bad locale or currency). */
export const numberFormat = (locale: string | undefined, options?: Intl.NumberFormatOptions): Intl.NumberFormat =>
  once(`n ${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));

/** `new Intl.DateTimeFormat(locale, options)`, made once: throws as it does (a RangeError for an unknown time zone). */
export const dateTimeFormat = (locale: string | undefined, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  once(`d ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

/** The hours' weekday names (`Monday`), in utcDateTimeFormat. */
export const WEEKDAY_NAME: Intl.DateTimeFormatOptions = { weekday: 'long' };

/**
 * `dateTimeFormat(locale, { ...options, timeZone: 'UTC' })`: a formatter of a wall-clock moment written as UTC (the
 * hours' week table: times and weekday names of a week minute), declared once so that warm-formats.ts makes the same one.
 */
export const utcDateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  dateTimeFormat(locale, { ...options, timeZone: 'UTC' });
