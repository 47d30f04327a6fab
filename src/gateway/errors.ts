/**
 * The gateway's typed errors. Every failure becomes one `GatewayError`, which knows the error
 * resource `{error, message, status_code}` it is answered with. Messages are written here, never
 * copied from a URL, so no signature or key can leak through an error.
 */
import type { ErrorResource } from '../contract/index.ts';

export class GatewayError extends Error {
  readonly code: string;
  readonly status: number;
  /** Seconds, for 429 and 503. */
  readonly retryAfter: number | undefined;
  constructor(status: number, code: string, message: string, retryAfter?: number) {
    super(message);
    this.name = 'GatewayError';
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
  toResource(): ErrorResource {
    return { error: this.code, message: this.message, status_code: this.status };
  }
  /** Upstream failures may be answered from a stale copy; the caller's own mistakes never are. */
  get upstreamFailure(): boolean {
    return this.status >= 500;
  }
}

export const invalidParameter = (name: string, detail: string): GatewayError => new GatewayError(400, 'INVALID_PARAMETER', `Parameter "${name}" ${detail}.`);

/** Anything that is not a GatewayError (a bug) becomes a 500 without its text, which could hold anything. */
export function toGatewayError(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error;
  return new GatewayError(500, 'INTERNAL_ERROR', 'The gateway failed to handle this request.');
}
