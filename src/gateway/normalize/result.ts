/** The normalizers' result: the contract's shape, or a typed error naming what was missing. */
export interface NormalizeError {
  kind: 'normalize';
  /** Where in the upstream document, e.g. `location.location_id`. */
  path: string;
  message: string;
}

export type Normalized<T> = { ok: true; value: T } | { ok: false; error: NormalizeError };

export const ok = <T>(value: T): Normalized<T> => ({ ok: true, value });
export const fail = <T>(path: string, message: string): Normalized<T> => ({ ok: false, error: { kind: 'normalize', path, message } });

export interface NormalizeOptions {
  /** Hosts whose http URLs are known to have an https variant. */
  secureHosts: ReadonlySet<string>;
}

/** The value wrapped by `wrap` when normalizing succeeded; the failure as it is otherwise. */
export const mapNormalized = <T, U>(result: Normalized<T>, wrap: (value: T) => U): Normalized<U> => (result.ok ? ok(wrap(result.value)) : result);
