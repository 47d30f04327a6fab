/**
 * Intl formatters made once per locale and options, and reused. Making one (`new Intl.DateTimeFormat`, or what
 * `Date#toLocaleString(locale, options)` and `Number#toLocaleString(locale, options)` make on every call) costs far more
 * than formatting with it: the showcase's offer cards, week of hours and menu prices made 31 of them in their first
 * render, one for every price, date and time they show (issue 29: on a phone, with its CPU four times slower, each
 * element's first render is a task of its own that should stay short).
 *
 * The options must name what to show (a date or time component, `dateStyle`/`timeStyle`, or a number style): given
 * none, `Intl.DateTimeFormat` shows the date where `Date#toLocaleString` would show the date and the time.
 */
const made = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/** `new Format(locale, options)` (Intl.DateTimeFormat or Intl.NumberFormat), made once; it throws as that does (an unknown time zone). */
export function intlFormat<F extends Intl.DateTimeFormat | Intl.NumberFormat>(
  Format: new (locale: string, options: object) => F,
  locale: string,
  options: object = {},
): F {
  const key = `${Format.name} ${locale} ${JSON.stringify(options)}`;
  let format = made.get(key) as F | undefined;
  if (!format) made.set(key, (format = new Format(locale, options)));
  return format;
}
