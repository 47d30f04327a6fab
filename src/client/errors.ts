/**
 * Errors as the elements see them: always the contract's ErrorResource shape `{error, message, status_code}`,
 * whether the gateway answered with one, the network failed, or the page is misconfigured.
 */
import type { ErrorResource } from '../contract/index.ts';

/**
 * Error codes made in the browser (the gateway's own codes pass through unchanged). The library's own code
 * writes them as literals (typed by ClientErrorCode), so this table costs an element bundle nothing.
 */
export const CLIENT_ERRORS = {
  /** No `endpoint` attribute, provider or page default. status_code 0. */
  NO_ENDPOINT: 'NO_ENDPOINT',
  /** The endpoint is not an http(s) URL. */
  INVALID_ENDPOINT: 'INVALID_ENDPOINT',
  /** No `location-id` attribute, provider or page default. */
  NO_LOCATION_ID: 'NO_LOCATION_ID',
  /** fetch() itself failed: the gateway is down, the URL is wrong, or CORS refused the page's origin. */
  GATEWAY_UNREACHABLE: 'GATEWAY_UNREACHABLE',
  /** The gateway answered with something that is not the contract's JSON. */
  BAD_RESPONSE: 'BAD_RESPONSE',
} as const;
export type ClientErrorCode = (typeof CLIENT_ERRORS)[keyof typeof CLIENT_ERRORS];

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
