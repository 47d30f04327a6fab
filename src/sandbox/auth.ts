/**
 * Verification of the request signature (spec 001 "Authentication", ARCHITECTURE.md "The signature"):
 * recompute HMAC-SHA1 over exactly what precedes `&signature=` in the URL as sent (path after the API's base
 * path, plus query), and compare in constant time. The key never appears in an error.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { computeSignature } from '../signing/signature.ts';
import { ApiError } from './errors.ts';

export interface Credentials {
  clientId: string;
  signingKey: string;
}

/** The request's path and query exactly as sent, after `basePath` (e.g. `/actions`). */
export function rawPathAfterBase(url: string, basePath: string): string {
  const afterOrigin = url.slice(url.indexOf('/', url.indexOf('//') + 2));
  return afterOrigin.startsWith(basePath) ? afterOrigin.slice(basePath.length) : afterOrigin;
}

function clientParam(pathAndQuery: string): string | null {
  const q = pathAndQuery.indexOf('?');
  if (q === -1) return null;
  for (const pair of pathAndQuery.slice(q + 1).split('&')) {
    if (pair.startsWith('client=')) {
      try {
        return decodeURIComponent(pair.slice(7).replace(/\+/g, ' '));
      } catch {
        return pair.slice(7);
      }
    }
  }
  return null;
}

/** Resolves with the client id when the signature is right; rejects with the error resource otherwise. */
export async function verifySignature(pathAndQuery: string, credentials: Credentials): Promise<string> {
  const marker = pathAndQuery.search(/[?&]signature=/);
  if (marker === -1) {
    throw new ApiError(401, 'MISSING_SIGNATURE', 'The request has no signature parameter; sign it with HMAC-SHA1 as described in the Authentication section.');
  }
  const base = pathAndQuery.slice(0, marker);
  const client = clientParam(base);
  if (client === null || client === '') {
    throw new ApiError(401, 'MISSING_CLIENT', 'The request has no client parameter before its signature.');
  }
  if (client !== credentials.clientId) {
    throw new ApiError(403, 'UNKNOWN_CLIENT', `Client "${client}" is not known to this server.`);
  }
  const sent = pathAndQuery.slice(marker + '&signature='.length);
  let decoded: string;
  try {
    // Anything after the signature would be unsigned, so the signature must be the last parameter.
    decoded = sent.includes('&') ? '' : decodeURIComponent(sent);
  } catch {
    decoded = '';
  }
  const expected = Buffer.from(await computeSignature(base, credentials.signingKey));
  const given = Buffer.from(decoded);
  // timingSafeEqual needs equal lengths; comparing expected with itself keeps the time independent of the input.
  const equal = given.length === expected.length ? timingSafeEqual(given, expected) : !timingSafeEqual(expected, expected);
  if (!equal || pathAndQuery[marker] === '?') {
    throw new ApiError(403, 'INVALID_SIGNATURE', 'The signature does not match the request; sign the path and query exactly as sent, with client last.');
  }
  return client;
}

/** The referrer code carried by action URLs: derived from the caller's client id, stable, not reversible. */
export function referrerCode(clientId: string): string {
  return createHash('sha256').update(`merchant-elements-ref:${clientId}`).digest('hex').slice(0, 12);
}
