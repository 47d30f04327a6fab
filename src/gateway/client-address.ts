/**
 * Which address a request comes from, as the rate limiter (and the /metrics guard) sees it.
 *
 * Behind proxies, the socket address is the nearest proxy's. Each proxy *appends* the address it received the
 * request from to `X-Forwarded-For`, so the list reads `client-written…, client, proxy1, …`: only the entries
 * the trusted proxies wrote can be believed, and they are at the right-hand end. The first entry is whatever the
 * client chose to send, and keying on it gave every forged request a fresh rate-limit bucket (issue 13).
 *
 * With `trustedProxies` = N, the client is the N-th entry from the right: the one the outermost trusted proxy
 * appended. A list shorter than N (the request passed fewer proxies than configured) yields its leftmost entry,
 * the farthest address known, as Express's `trust proxy` does. Single-value headers a CDN overwrites
 * (`cf-connecting-ip`, `true-client-ip`) are a one-entry list and work with N = 1.
 */

export interface ClientAddressOptions {
  /** Lower-case header name carrying the forwarded chain, or null to use the socket address only. */
  header: string | null;
  /** Proxies in front of the gateway that append to the header; 0 ignores the header. */
  trustedProxies: number;
}

/** The entry `trustedProxies` places from the right of a comma-separated forwarded chain; null when empty. */
export function forwardedClient(headerValue: string, trustedProxies: number): string | null {
  const chain = headerValue
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (chain.length === 0 || trustedProxies < 1) return null;
  const index = Math.max(0, chain.length - trustedProxies);
  return chain[index]!;
}

/** The client key for a request: the trusted forwarded entry when configured and present, else the socket address. */
export function clientAddress(options: ClientAddressOptions, readHeader: (name: string) => string | undefined, socketAddress: string | undefined): string {
  if (options.header && options.trustedProxies > 0) {
    const value = readHeader(options.header);
    const forwarded = value ? forwardedClient(value, options.trustedProxies) : null;
    if (forwarded) return forwarded;
  }
  return socketAddress ?? 'unknown';
}

/** Loopback addresses: 127.0.0.0/8, ::1, and IPv4 loopback mapped into IPv6 (how Node reports it on dual-stack sockets). */
export function isLoopback(address: string): boolean {
  const v4 = address.toLowerCase().replace(/^::ffff:/, '');
  return /^127(?:\.\d{1,3}){3}$/.test(v4) || address === '::1' || address === '[::1]';
}

/**
 * Whether `/metrics` may answer: a loopback client (as the rate limit sees it: behind a proxy on the same host,
 * the forwarded address, not the proxy's), or an `Authorization: Bearer <token>` matching the configured token.
 * The comparison takes the same time wherever the strings differ, so the token cannot be guessed byte by byte.
 */
export function metricsAllowed(token: string | null, authorization: string | undefined, client: string): boolean {
  if (isLoopback(client)) return true;
  if (!token || !authorization?.startsWith('Bearer ')) return false;
  return sameText(authorization.slice('Bearer '.length).trim(), token);
}

function sameText(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) difference |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return difference === 0;
}

/** An IPv4 or IPv6 address as a 32- or 128-bit number, or null when it is neither (v4-mapped IPv6 reads as IPv4). */
export function parseAddress(text: string): { bits: 32 | 128; value: bigint } | null {
  const address = text
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (v4) {
    const octets = v4.slice(1).map(Number);
    if (octets.some((octet) => octet > 255)) return null;
    return { bits: 32, value: octets.reduce((sum, octet) => (sum << 8n) | BigInt(octet), 0n) };
  }
  if (!/^[0-9a-f:]+$/.test(address) || address.split('::').length > 2) return null;
  const [head, tail] = address.includes('::') ? (address.split('::') as [string, string]) : [address, undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = groups(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? left.length !== 8 : missing < 1) return null;
  const all = [...left, ...Array.from({ length: tail === undefined ? 0 : missing }, () => '0'), ...right];
  if (all.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return { bits: 128, value: all.reduce((sum, group) => (sum << 16n) | BigInt(parseInt(group, 16)), 0n) };
}

/**
 * A matcher for a list of addresses and CIDR ranges (`10.0.0.0/8, 192.0.2.7, 2001:db8::/32`); throws naming the
 * first entry that is neither.
 */
export function addressMatcher(list: string[]): (address: string) => boolean {
  const ranges = list.map((entry) => {
    const [base, prefixText] = entry.split('/') as [string, string | undefined];
    const parsed = parseAddress(base);
    const prefix = prefixText === undefined ? parsed?.bits : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
    if (!parsed || prefix === undefined || !(prefix >= 0 && prefix <= parsed.bits)) {
      throw new Error(`"${entry}" is not an IP address or CIDR range (e.g. 10.0.0.0/8, 192.0.2.7, 2001:db8::/32)`);
    }
    const shift = BigInt(parsed.bits - prefix);
    return { bits: parsed.bits, shift, network: parsed.value >> shift };
  });
  if (ranges.length === 0) return () => false;
  return (address) => {
    const parsed = parseAddress(address);
    return !!parsed && ranges.some((range) => range.bits === parsed.bits && parsed.value >> range.shift === range.network);
  };
}
