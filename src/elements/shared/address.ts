/** A postal address as display lines: <merchant-location>'s, and (passed in) the essentials row's directions. */
import type { Address } from '../../contract/index.ts';

/** The non-empty parts joined (the gateway gives trimmed text or null). */
const join = (parts: Array<string | null>, separator: string): string => parts.filter(Boolean).join(separator);

/** The address as display lines (empty parts skipped). */
export function addressLines({ line1, line2, city, region, postalCode, country }: Address): string[] {
  return [line1, line2, join([city, join([region, postalCode], ' ')], ', '), country].filter((line): line is string => !!line);
}
