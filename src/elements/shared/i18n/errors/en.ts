/** The error view's configuration messages in English; the type every translation beside it satisfies. */

/** What the configuration messages may mention. */
export interface ErrorContext {
  /** The endpoint as set (or normalised, once it was). */
  endpoint: string;
  /** The location id as set. */
  id: string;
}

/** The errors a site owner can fix, by error code (the client's own codes and the gateway's unknown location). */
export type ExplainedError = 'NO_ENDPOINT' | 'INVALID_ENDPOINT' | 'NO_LOCATION_ID' | 'GATEWAY_UNREACHABLE' | 'LOCATION_DOES_NOT_EXIST';

/** One language's configuration messages (the `errors` namespace of a language module). */
export type ErrorStrings = Record<ExplainedError, (context: ErrorContext) => string>;

export default {
  NO_ENDPOINT: () => "Not connected yet: add the address of the merchant data service (the “endpoint” setting).",
  INVALID_ENDPOINT: ({ endpoint }) => `“${endpoint}” is not a web address: the “endpoint” setting should start with https://.`,
  NO_LOCATION_ID: () => "Which location? Add a location ID (the “location-id” setting).",
  LOCATION_DOES_NOT_EXIST: ({ id }) => `No location with the ID “${id}” was found. Check the “location-id” setting.`,
  GATEWAY_UNREACHABLE: ({ endpoint }) => `Could not reach the merchant data service at ${endpoint}. Check the “endpoint” setting, and that the service allows this site.`,
} satisfies ErrorStrings;
