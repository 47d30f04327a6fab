/** Attribute converters shared by the elements (Lit `converter` option). */
import type { ComplexAttributeConverter } from 'lit';

/**
 * A tri-state boolean: absent → `null` (not set), `""`/`true`/`1`/`yes` → `true`, `false`/`0`/`no` → `false`.
 * For filters where "not given" differs from false (e.g. `owner-verified`).
 */
export const optionalBooleanConverter: ComplexAttributeConverter<boolean | null> = {
  fromAttribute(value: string | null): boolean | null {
    if (value === null) return null;
    const text = value.trim().toLowerCase();
    if (text === 'false' || text === '0' || text === 'no' || text === 'off') return false;
    return true;
  },
  toAttribute(value: boolean | null): string | null {
    return value == null ? null : String(value);
  },
};

/** A finite number, or `null` when absent or not a number. */
export const numberConverter: ComplexAttributeConverter<number | null> = {
  fromAttribute(value: string | null): number | null {
    if (value === null || value.trim() === '') return null;
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  },
  toAttribute(value: number | null): string | null {
    return value == null ? null : String(value);
  },
};

/** A comma-separated list: `"a, b,,c"` → `['a', 'b', 'c']`; absent → `[]`. */
export const listConverter: ComplexAttributeConverter<string[]> = {
  fromAttribute(value: string | null): string[] {
    if (value === null) return [];
    return value.split(',').map((s) => s.trim()).filter(Boolean);
  },
  toAttribute(value: string[]): string | null {
    return value.length ? value.join(',') : null;
  },
};
