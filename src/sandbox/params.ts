/** Query parameter parsing shared by both APIs: each function names the parameter in its error. */
import { badParameter, limitTooLarge } from './errors.ts';

/** `true`/`false` (also `1`/`0`, any case); `undefined` when absent or empty. */
export function booleanParam(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  const text = value.toLowerCase();
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw badParameter(name, value, 'true or false');
}

/** A whole number from `min` up; `undefined` when absent or empty. */
export function integerParam(name: string, value: string | undefined, min = 1): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^-?\d+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value))) {
    throw badParameter(name, value, `a whole number of at least ${min}`);
  }
  return Number(value);
}

/** `limit` with the spec's default and maximum: over the maximum is LIMIT_TOO_LARGE. */
export function limitParam(value: string | undefined, defaultValue: number, maximum: number): number {
  const limit = integerParam('limit', value) ?? defaultValue;
  if (limit > maximum) throw limitTooLarge(limit, maximum);
  return limit;
}

export function floatParam(name: string, value: string, min: number, max: number): number {
  const number = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isFinite(number) || number < min || number > max) {
    throw badParameter(name, value, `a number from ${min} to ${max}`);
  }
  return number;
}

/** A comma-separated list with empty entries dropped; `null` when absent or empty. */
export function listParam(value: string | undefined): string[] | null {
  if (value === undefined) return null;
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length ? items : null;
}
