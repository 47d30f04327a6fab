/** The error resource of spec 001, `{error, message, status_code}`, raised from anywhere in a handler. */
import type { ErrorResource } from '../contract/index.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }

  toResource(): ErrorResource {
    return { error: this.error, message: this.message, status_code: this.status };
  }
}

export const badParameter = (name: string, value: string, expected: string) =>
  new ApiError(400, 'INVALID_PARAMETER', `Parameter "${name}" has an invalid value "${value}": expected ${expected}.`);

export const missingParameter = (name: string) => new ApiError(400, 'MISSING_PARAMETER', `Parameter "${name}" is required.`);

export const limitTooLarge = (value: number, maximum: number) => new ApiError(400, 'LIMIT_TOO_LARGE', `limit ${value} exceeds the maximum of ${maximum}.`);

export const locationDoesNotExist = (id: string) => new ApiError(404, 'LOCATION_DOES_NOT_EXIST', `Location "${id}" does not exist.`);

export const notFound = (path: string) => new ApiError(404, 'NOT_FOUND', `No endpoint at ${path}.`);

/** The JSON body of an error, or of an unexpected failure (which never shows its internals). */
export function errorResource(error: unknown): ErrorResource {
  if (error instanceof ApiError) return error.toResource();
  return { error: 'INTERNAL_ERROR', message: 'The sandbox failed to handle this request.', status_code: 500 };
}
