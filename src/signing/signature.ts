/**
 * The upstream's request signature (spec 001 "Authentication", ARCHITECTURE.md "The signature").
 *
 * base = path exactly as sent + query exactly as sent + `client=<CLIENT_ID>` as the last parameter;
 * HMAC-SHA1 over base keyed with the key's text as UTF-8 bytes; standard Base64 with padding;
 * percent-encoded; appended as `&signature=`.
 *
 * Web Crypto only, so the gateway that uses it runs unchanged on Node and on edge runtimes.
 * Server-side only: nothing under src/elements or src/client may import this file.
 */

const encoder = new TextEncoder();
/** Web Crypto's key, named through the API itself: the browser, Node and edge typings each declare it their own way. */
type HmacKey = ReturnType<typeof crypto.subtle.importKey>;
const keyCache = new Map<string, HmacKey>();

function importKey(signingKey: string): HmacKey {
  let key = keyCache.get(signingKey);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(signingKey), { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
    keyCache.set(signingKey, key);
  }
  return key;
}

function toBase64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Appends `client=<id>` as the last parameter of a path that may or may not carry a query already. */
export function signatureBase(pathAndQuery: string, clientId: string): string {
  const separator = pathAndQuery.includes('?') ? '&' : '?';
  return `${pathAndQuery}${separator}client=${encodeURIComponent(clientId)}`;
}

/** Base64 HMAC-SHA1 of the base string (not yet percent-encoded). */
export async function computeSignature(base: string, signingKey: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await importKey(signingKey), encoder.encode(base));
  return toBase64(mac);
}

/**
 * Signs a path with its query exactly as it will be sent, and returns the path to request:
 * `<path>?<query>&client=<id>&signature=<percent-encoded base64>`.
 * Any `client` or `signature` already present (an upstream `next` link) is removed first,
 * so a link can be re-signed.
 */
export async function signPath(pathAndQuery: string, clientId: string, signingKey: string): Promise<string> {
  const base = signatureBase(stripCredentials(pathAndQuery), clientId);
  const signature = await computeSignature(base, signingKey);
  return `${base}&signature=${encodeURIComponent(signature)}`;
}

/** Removes `client=` and `signature=` parameters without re-encoding the others (the bytes must stay as sent). */
export function stripCredentials(pathAndQuery: string): string {
  const q = pathAndQuery.indexOf('?');
  if (q === -1) return pathAndQuery;
  const kept = pathAndQuery
    .slice(q + 1)
    .split('&')
    .filter((pair) => pair !== '' && !/^(client|signature)(=|$)/.test(pair));
  return kept.length ? `${pathAndQuery.slice(0, q)}?${kept.join('&')}` : pathAndQuery.slice(0, q);
}
