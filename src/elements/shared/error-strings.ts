/** The error view's configuration messages in English; the type each language module in src/elements/i18n/ satisfies. */

/** What the configuration messages may mention. */
export interface ErrorContext {
  /** The endpoint as set (or normalised, once it was). */
  endpoint: string;
  /** The location id as set. */
  id: string;
  /** The page's own origin (what a gateway's allowed origins must list). */
  origin?: string;
}

/** The errors a site owner can fix, by error code (the client's own codes and the gateway's unknown location). */
export type ExplainedError =
  | 'NO_ENDPOINT'
  | 'INVALID_ENDPOINT'
  | 'NO_LOCATION_ID'
  /** A location id the contract refuses (LOCATION_ID_PATTERN: `..`, `a/../b`, a space): never sent. */
  | 'INVALID_LOCATION_ID'
  | 'LOCATION_DOES_NOT_EXIST'
  /** No answer at that address (nothing listening, a wrong host). */
  | 'GATEWAY_UNREACHABLE'
  /** Something answered, but the browser withheld the answer: the service does not allow this site (CORS). */
  | 'GATEWAY_REFUSED_ORIGIN'
  /** An answer that is not the contract's: a web page, or a gateway asked at a wrong path (an endpoint ending in /v1). */
  | 'NOT_A_GATEWAY'
  /** The page was opened from disk (file://): no service can allow it; the fix is a local web server. */
  | 'OPENED_FROM_FILE';

/** One language's configuration messages (the `errors` namespace of a language module). */
export type ErrorStrings = Record<ExplainedError, (context: ErrorContext) => string>;

export default {
  NO_ENDPOINT: () => 'Not connected yet: add the address of the merchant data service (the “endpoint” setting).',
  INVALID_ENDPOINT: ({ endpoint }) => `“${endpoint}” is not a web address: the “endpoint” setting should start with https://.`,
  NO_LOCATION_ID: () => 'Which location? Add a location ID (the “location-id” setting).',
  INVALID_LOCATION_ID: ({ id }) =>
    `“${id}” is not a location ID: an ID has letters, digits and . _ ~ - only, and starts with a letter or digit. Check the “location-id” setting.`,
  LOCATION_DOES_NOT_EXIST: ({ id }) => `No location with the ID “${id}” was found. Check the “location-id” setting.`,
  GATEWAY_UNREACHABLE: ({ endpoint }) => `No answer at ${endpoint}. Check the “endpoint” setting, and that the merchant data service is running.`,
  GATEWAY_REFUSED_ORIGIN: ({ endpoint, origin }) =>
    `The merchant data service at ${endpoint} refused this site (CORS). Add ${origin} to its allowed origins (MERCHANT_ALLOWED_ORIGINS).`,
  NOT_A_GATEWAY: ({ endpoint }) =>
    `${endpoint} is not a merchant data service. Set “endpoint” to the service's own address${/\/v1\/?$/.test(endpoint) ? ', without /v1' : ''}.`,
  OPENED_FROM_FILE: () =>
    'This page was opened from a file (file://), and a web page needs a web address to load data. Open it through a local server: in its folder run “npx serve” (or “python3 -m http.server”) and open the address it prints.',
} satisfies ErrorStrings;
