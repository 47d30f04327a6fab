/**
 * `<merchant-hours>`' schema.org JSON-LD (a `LocalBusiness` with the location's name and its
 * `OpeningHoursSpecification`), loaded on demand once the hours are on screen (see shared/structured-data.ts).
 */
import type { Location, OpeningHours, Weekday } from '../../contract/index.ts';
import { jsonLdScript } from '../shared/json-ld.ts';

/**
 * schema.org's `DayOfWeek` name of each weekday (schema.org is English whatever the page's language), in the
 * contract's WEEKDAYS order: keyed by Weekday, so tsc checks that every day is here. Its keys give the order rather
 * than an import of WEEKDAYS: under an application bundler's code splitting (esbuild's, as `npm run size` measures),
 * that import alone would put the contract's lists in a chunk of their own before every hours entry (0.15 KB).
 */
const DAY_OF_WEEK: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/**
 * schema.org `OpeningHoursSpecification` entries, as Google's LocalBusiness guide writes them: one per period
 * (a `closes` earlier than `opens` spans into the next day, as schema.org defines; `24:00` is `23:59`), and
 * `00:00`–`00:00` for a closed day.
 */
export function openingHoursSpecification(hours: OpeningHours): Record<string, string>[] {
  return (Object.keys(DAY_OF_WEEK) as Weekday[]).flatMap((day) =>
    (hours.days[day].length ? hours.days[day] : [{ open: '00:00', close: '00:00' }]).map(({ open, close }) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: DAY_OF_WEEK[day],
      opens: open,
      closes: close === '24:00' ? '23:59' : close,
    })),
  );
}

/** schema.org `LocalBusiness` with the location's name and its opening hours; null without hours. */
export function localBusinessJsonLd({ name, hours }: Pick<Location, 'name' | 'hours'>): Record<string, unknown> | null {
  return hours && { '@context': 'https://schema.org', '@type': 'LocalBusiness', name, openingHoursSpecification: openingHoursSpecification(hours) };
}

/** The schema.org value, for a server render (StructuredDataWriter's `schema`). */
export const schema = localBusinessJsonLd;

/** The `<script type="application/ld+json">` for a location with hours (StructuredDataController's writer). */
export default (location: Location): Element | null => {
  const data = localBusinessJsonLd(location);
  return data && jsonLdScript(data);
};
