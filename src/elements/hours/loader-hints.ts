/**
 * What the script-tag bundle may start for a `<merchant-hours>` before the hours' own module arrives. Bundled with the
 * loader (scripts/elements.mjs puts it in the element table).
 */
import { utcDateTimeFormat, WEEKDAY_NAME } from '../shared/formats.ts';

/**
 * The formatter the hours' ready view makes first whatever its data (shared/warm-formats.ts makes it while the page
 * waits): the week table's weekday names, of the same kind as its times and the clock's.
 */
export const firstFormats = (locale: string): unknown => utcDateTimeFormat(locale, WEEKDAY_NAME);
