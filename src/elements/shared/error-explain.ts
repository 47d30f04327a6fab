/**
 * What an element's error view says, loaded on demand the first time an element on the page fails: a working
 * page never downloads it. The element awaits it before showing the error state (merchant-element.ts), so the
 * explanation is there from the first frame; if it cannot be loaded, the element shows the generic message
 * and a retry button.
 *
 * Imports nothing at run time (types only): a bundler that splits it out keeps it a plain module, which both
 * script-tag builds import from beside themselves (as they do the language modules).
 */
import type { ErrorResource } from '../../contract/index.ts';

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
export type ErrorMessages = Record<ExplainedError, (context: ErrorContext) => string>;

/** What the error view shows: `message` null means the generic "cannot be shown right now". */
export interface Explanation {
  message: string | null;
  /** The gateway's own words, for a request it refused (4xx other than the ones explained). */
  detail: string | null;
  /** Whether trying again can help (not for a mistake in the page's settings). */
  retry: boolean;
}

export const en: ErrorMessages = {
  NO_ENDPOINT: () => "Not connected yet: add the address of the merchant data service (the “endpoint” setting).",
  INVALID_ENDPOINT: ({ endpoint }) => `“${endpoint}” is not a web address: the “endpoint” setting should start with https://.`,
  NO_LOCATION_ID: () => "Which location? Add a location ID (the “location-id” setting).",
  LOCATION_DOES_NOT_EXIST: ({ id }) => `No location with the ID “${id}” was found. Check the “location-id” setting.`,
  GATEWAY_UNREACHABLE: ({ endpoint }) => `Could not reach the merchant data service at ${endpoint}. Check the “endpoint” setting, and that the service allows this site.`,
};

/**
 * A mistake the site owner can fix gets its own message (in `messages`, the UI language's, else English);
 * another refusal (4xx, not 429) adds the gateway's words as a detail; only errors that may pass get a retry.
 */
export default function explain(error: ErrorResource, context: ErrorContext, messages: ErrorMessages = en): Explanation {
  const code = (error.status_code === 404 ? 'LOCATION_DOES_NOT_EXIST' : error.error) as ExplainedError;
  const explained = Object.hasOwn(en, code);
  const clientMistake = error.status_code >= 400 && error.status_code < 500 && error.status_code !== 429;
  return {
    message: explained ? messages[code](context) : null,
    detail: !explained && clientMistake ? error.message : null,
    retry: explained ? code === 'GATEWAY_UNREACHABLE' : !clientMistake,
  };
}
