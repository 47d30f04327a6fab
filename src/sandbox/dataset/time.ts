/** Date-time shapes. The upstream is inconsistent on purpose; each shape here is one it documents. */

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** RFC 3339 in UTC with milliseconds, e.g. `2024-03-01T12:30:00.000Z` (the Actions API, Link headers). */
export function rfc3339(ms: number): string {
  return new Date(ms).toISOString();
}

/** Wall-clock parts of an instant at a fixed UTC offset (hours). */
function parts(ms: number, offsetHours: number) {
  const d = new Date(ms + offsetHours * 3_600_000);
  return {
    date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
    micros: pad(d.getUTCMilliseconds() * 1000, 6),
  };
}

/** `YYYY-MM-DD hh:mm:ss` in UTC: the feed's publishedAt. */
export function feedDateTime(ms: number): string {
  const p = parts(ms, 0);
  return `${p.date} ${p.time}`;
}

/** The three shapes the Publisher API samples show. */
export type PublisherDateShape = 0 | 1 | 2;

/**
 * 0: `YYYY-MM-DDThh:mm:ss` (UTC, no offset); 1: `YYYY-MM-DD hh:mm:ss.ffffff` (UTC, no offset);
 * 2: `YYYY-MM-DDThh:mm:ss.ffffff+hh:mm`, local time at the given offset.
 */
export function publisherDateTime(ms: number, shape: PublisherDateShape, offsetHours: number): string {
  if (shape === 0) {
    const p = parts(ms, 0);
    return `${p.date}T${p.time}`;
  }
  if (shape === 1) {
    const p = parts(ms, 0);
    return `${p.date} ${p.time}.${p.micros}`;
  }
  const p = parts(ms, offsetHours);
  const sign = offsetHours < 0 ? '-' : '+';
  const abs = Math.abs(offsetHours);
  return `${p.date}T${p.time}.${p.micros}${sign}${pad(Math.floor(abs))}:${pad(Math.round((abs % 1) * 60))}`;
}

/** Minutes after midnight to the upstream's `hh:mmam` / `hh:mmpm` (12-hour, zero-padded). */
export function clock12(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  const hours24 = Math.floor(m / 60);
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  return `${pad(hours12)}:${pad(m % 60)}${hours24 < 12 ? 'am' : 'pm'}`;
}

/** Strict RFC 3339 (date, `T` or space, time, optional fraction, `Z` or offset); `null` when it is not one. */
export function parseRfc3339(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.exec(text);
  if (!match) return null;
  const [, , mo, d, h, mi, s] = match.map(Number) as number[];
  if (mo! < 1 || mo! > 12 || d! < 1 || d! > 31 || h! > 23 || mi! > 59 || s! > 60) return null;
  const ms = Date.parse(text.replace(' ', 'T'));
  return Number.isNaN(ms) ? null : ms;
}

/** `YYYY-MM-DD` (midnight UTC); `null` when malformed or not a real date. */
export function parseDate(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().startsWith(text) ? ms : null;
}
