/**
 * Errors as the elements see them: always the contract's ErrorResource shape `{error, message, status_code}`,
 * whether the gateway answered with one, the network failed, or the page is misconfigured.
 */
import type { ErrorResource } from '../contract/index.ts';

/**
 * Error codes made in the browser (the gateway's own codes pass through unchanged); status_code is 0 where no HTTP
 * answer came, and the answer's status for BAD_RESPONSE:
 * - `NO_ENDPOINT`: no `endpoint` attribute, provider or page default;
 * - `INVALID_ENDPOINT`: the endpoint is not an http(s) URL;
 * - `NO_LOCATION_ID`: no `location-id` attribute, provider or page default;
 * - `INVALID_LOCATION_ID`: a location id the contract refuses (LOCATION_ID_PATTERN): never sent, so `..` cannot become
 *   a path step (`/v1/locations/../page` is `/v1/page` to a browser);
 * - `GATEWAY_UNREACHABLE`: fetch() itself failed (the gateway is down, the URL is wrong, or CORS refused the origin);
 * - `BAD_RESPONSE`: the gateway answered with something that is not the contract's JSON.
 */
export type ClientErrorCode = 'NO_ENDPOINT' | 'INVALID_ENDPOINT' | 'NO_LOCATION_ID' | 'INVALID_LOCATION_ID' | 'GATEWAY_UNREACHABLE' | 'BAD_RESPONSE';

/** An Error that carries an ErrorResource; what every client function rejects with. */
export class MerchantRequestError extends Error implements ErrorResource {
  readonly error: string;
  readonly status_code: number;
  /** The URL requested, when there was one. */
  readonly url: string | null;

  constructor(resource: ErrorResource, url: string | null = null) {
    super(resource.message);
    this.name = 'MerchantRequestError';
    this.error = resource.error;
    this.status_code = resource.status_code;
    this.url = url;
  }

  toJSON(): ErrorResource & { url: string | null } {
    return { error: this.error, message: this.message, status_code: this.status_code, url: this.url };
  }
}

/** True when `value` looks like the contract's error resource. */
export function isErrorResource(value: unknown): value is ErrorResource {
  if (value == null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.error === 'string' && typeof v.message === 'string' && typeof v.status_code === 'number';
}

/** Turns anything thrown into an ErrorResource-like MerchantRequestError. Never throws. */
export function toMerchantError(cause: unknown): MerchantRequestError {
  if (cause instanceof MerchantRequestError) return cause;
  if (isErrorResource(cause)) return new MerchantRequestError(cause);
  const message = cause instanceof Error ? cause.message : String(cause);
  return new MerchantRequestError({ error: 'UNKNOWN', message, status_code: 0 });
}

export function isAbortError(cause: unknown): boolean {
  return cause instanceof DOMException && cause.name === 'AbortError';
}
