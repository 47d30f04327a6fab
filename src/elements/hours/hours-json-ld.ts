/**
 * `<merchant-hours>`' schema.org JSON-LD (a `LocalBusiness` with the location's name and its
 * `OpeningHoursSpecification`), loaded on demand once the hours are on screen (see shared/structured-data.ts).
 */
import type { Location, OpeningHours, Weekday } from '../../contract/index.ts';
import { jsonLdScript, type LitTemplating } from '../shared/json-ld.ts';

/**
 * schema.org's `DayOfWeek` name of each weekday, in the contract's WEEKDAYS order (schema.org is English whatever
 * the page's language). The order is written here rather than imported: this module is loaded on demand, and an
 * on-demand module is a plain file that both the ES and the classic build import (rollup.config.mjs), so it
 * cannot import the bundle's modules. test/browser/structured-data.test.ts holds the two orders together.
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
export default (location: Location, lit: LitTemplating): Element | null => {
  const data = localBusinessJsonLd(location);
  return data && jsonLdScript(data, lit);
};
