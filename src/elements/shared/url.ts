/** URL hygiene: only absolute http(s) URLs reach an `href` or a `src`; everything else is dropped. */

/** The normalised URL when `value` is an absolute http: or https: URL, else `null` (javascript:, data:, vbscript:, relative…). */
export function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value.trim())) return null;
  try {
    return new URL(value.trim()).href;
  } catch {
    return null;
  }
}

export function telUrl(phone: unknown): string | null {
  if (typeof phone !== 'string') return null;
  const trimmed = phone.trim();
  if (!/^\+?[\d\s().\-/]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/[^\d]/g, '');
  if (digits.length < 3 || digits.length > 20) return null;
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}
