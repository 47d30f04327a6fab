/**
 * The two profiles the page benches measure under, applied through the DevTools protocol, and what a page load
 * costs on the network until its elements are ready: the requests started before then, the bytes received, and the
 * longest chain of requests that each waited for the one before (page → script → data → language module …), read
 * from CDP's Network events. Used by bench/mobile.ts; the counting is a pure function, tested on a tiny page by
 * test/node/mobile-bench.test.ts.
 *
 * The mobile profile is Lighthouse's (lighthouse/core/config/constants.js, `throttling.mobileSlow4G` and
 * `screenEmulationMetrics.mobile`): a round trip of 150 ms, 1.6 Mbps down (1,638.4 Kbps), 750 Kbps up, the CPU four
 * times slower, a 375 × 812 viewport (the issue's; Lighthouse's Moto G Power is 412 × 823) at Lighthouse's device
 * scale factor 1.75, touch. The network figures are applied per request by Chromium's own throttling
 * (Network.emulateNetworkConditions: each request waits `latency` before its response starts, and the bytes flow at
 * the throughput), as Lighthouse's "devtools" throttling does; Lighthouse there multiplies the latency by 3.75 and
 * the throughputs by 0.9 to stand for connection set-up, which the plain figures here do not: they are the profile
 * as written, so a figure here is a lower bound of Lighthouse's.
 */
import type { CDPSession } from 'playwright-core';

export interface Profile {
  id: 'loopback' | 'mobile';
  description: string;
  /** playwright-core's browser context options for it. */
  context: { viewport: { width: number; height: number }; deviceScaleFactor: number; isMobile: boolean; hasTouch: boolean };
  /** Network.emulateNetworkConditions' arguments (latency ms, throughputs in bytes/s), or none: loopback as it is. */
  network: { latency: number; downloadThroughput: number; uploadThroughput: number } | null;
  /** Emulation.setCPUThrottlingRate's rate (1 = none). */
  cpuSlowdown: number;
}

const kbps = (n: number) => (n * 1024) / 8;

export const PROFILES: Record<Profile['id'], Profile> = {
  loopback: {
    id: 'loopback',
    description: 'loopback as it is (no throttling), 1280 × 900 at scale 1: the setting of the other page benches',
    context: { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
    network: null,
    cpuSlowdown: 1,
  },
  mobile: {
    id: 'mobile',
    description:
      "Lighthouse's mobile profile through the DevTools protocol: 150 ms a request's round trip, 1,638.4 Kbps down, 750 Kbps up " +
      '(Network.emulateNetworkConditions), the CPU 4× slower (Emulation.setCPUThrottlingRate), 375 × 812 at scale 1.75, touch',
    context: { viewport: { width: 375, height: 812 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
    network: { latency: 150, downloadThroughput: kbps(1638.4), uploadThroughput: kbps(750) },
    cpuSlowdown: 4,
  },
};

/** Applies the profile's throttling to the page behind `cdp` (before it navigates) and starts recording its requests. */
export async function applyProfile(cdp: CDPSession, profile: Profile): Promise<NetworkLog> {
  const log = new NetworkLog(cdp);
  await cdp.send('Network.enable');
  // A fresh context per sample has an empty cache already; this also keeps the memory cache out of a page's reloads.
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  if (profile.cpuSlowdown !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  return log;
}

/** One request as the counting reads it; times in ms of the wall clock (epoch), like `performance.timeOrigin + now()`. */
export interface RequestRecord {
  url: string;
  /** CDP's resource type (Document, Script, Fetch, Font, …), when known. */
  type?: string;
  startMs: number;
  /** When its last byte came (loadingFinished or loadingFailed); null while it is still going. */
  endMs: number | null;
  /** Bytes on the wire in all, headers included (loadingFinished's encodedDataLength); 0 until it ends. */
  totalBytes: number;
  /** Bytes on the wire as they came: [ms, bytes] (responseReceived's headers, dataReceived's chunks). */
  chunks: [number, number][];
  /** The URL of what started it: the document (parser), the script (its stack), the redirecting request; null when unknown. */
  initiatorUrl: string | null;
  /** The request this one is a redirect of (same CDP requestId): it waited for that one. */
  redirectOf?: RequestRecord;
}

/** Records a page's requests from CDP Network events; `requests()` gives them in the wall clock's time. */
export class NetworkLog {
  private readonly records: RequestRecord[] = [];
  private readonly current = new Map<string, RequestRecord>();
  /** Wall clock (ms) minus the monotonic clock of CDP's timestamps (s × 1000), from the first request's wallTime. */
  private offset: number | null = null;

  constructor(cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (e) => {
      // Not the network: a blob: or data: URL (WordPress's emoji loader makes a blob: worker) costs no round trip.
      if (/^(blob|data):/.test(e.request.url)) return;
      if (this.offset === null) this.offset = e.wallTime * 1000 - e.timestamp * 1000;
      const previous = this.current.get(e.requestId);
      const record: RequestRecord = {
        url: e.request.url,
        ...(e.type ? { type: e.type } : {}),
        startMs: this.at(e.timestamp),
        endMs: null,
        totalBytes: 0,
        chunks: [],
        initiatorUrl: previous ? previous.url : initiatorUrl(e.initiator),
        ...(previous ? { redirectOf: previous } : {}),
      };
      if (previous) {
        previous.endMs = record.startMs;
        previous.totalBytes = e.redirectResponse?.encodedDataLength ?? 0;
      }
      this.records.push(record);
      this.current.set(e.requestId, record);
    });
    cdp.on('Network.responseReceived', (e) => {
      const record = this.current.get(e.requestId);
      if (record && e.response.encodedDataLength) record.chunks.push([this.at(e.timestamp), e.response.encodedDataLength]);
    });
    cdp.on('Network.dataReceived', (e) => {
      const record = this.current.get(e.requestId);
      if (record && e.encodedDataLength) record.chunks.push([this.at(e.timestamp), e.encodedDataLength]);
    });
    cdp.on('Network.loadingFinished', (e) => {
      const record = this.current.get(e.requestId);
      if (!record) return;
      record.endMs = this.at(e.timestamp);
      record.totalBytes = e.encodedDataLength;
    });
    cdp.on('Network.loadingFailed', (e) => {
      const record = this.current.get(e.requestId);
      if (record) record.endMs = this.at(e.timestamp);
    });
  }

  private at(timestamp: number): number {
    return timestamp * 1000 + (this.offset ?? 0);
  }

  requests(): RequestRecord[] {
    return [...this.records];
  }
}

interface Initiator {
  type: string;
  url?: string;
  stack?: StackTrace;
}
interface StackTrace {
  callFrames: { url: string }[];
  parent?: StackTrace;
}

/** The URL of the document or script that started a request: CDP's initiator URL, else the nearest frame of its stack. */
export function initiatorUrl(initiator: Initiator): string | null {
  if (initiator.url) return initiator.url;
  for (let stack = initiator.stack; stack; stack = stack.parent) {
    const frame = stack.callFrames.find((f) => f.url);
    if (frame) return frame.url;
  }
  return null;
}

export interface BeforeReady {
  /** Requests started before ready (the document included). */
  requests: number;
  /** Bytes on the wire received before ready, headers included. */
  bytes: number;
  /** The longest chain of requests before ready, each started by (so after) the one before it; its URLs. */
  chain: string[];
}

/** The bytes of a request on the wire by `ms`: all of them when it had ended, else the chunks received by then. */
export function bytesBy(record: RequestRecord, ms: number): number {
  return record.endMs !== null && record.endMs <= ms && record.totalBytes
    ? record.totalBytes
    : record.chunks.filter(([at]) => at <= ms).reduce((n, [, b]) => n + b, 0);
}

const withoutFragment = (url: string) => url.replace(/#.*$/, '');

/**
 * What a load cost on the network until `readyMs` (wall clock): the requests started by then, the bytes received by
 * then, and the longest chain of dependent requests among them: the round trips a diner waited for one after another.
 * A request depends on the request it redirects from; one the document's parser started, on the document; one a
 * script started (fetch, import()), on what that script had waited for before it: the longest chain among the
 * requests that script started and that had ended before this one started, else the script itself (a module that
 * awaits its data and then imports its language module makes page → script → data → language module). A request
 * whose initiator is unknown depends on the document.
 */
export function beforeReady(records: RequestRecord[], readyMs: number): BeforeReady {
  const started = records.filter((r) => r.startMs <= readyMs).sort((a, b) => a.startMs - b.startMs);
  const document = started[0];
  const chains = new Map<RequestRecord, RequestRecord[]>();
  let longest: RequestRecord[] = [];
  let bytes = 0;
  for (const record of started) {
    bytes += bytesBy(record, readyMs);
    let parent: RequestRecord | undefined = record.redirectOf;
    if (!parent && document && record !== document) {
      const by = record.initiatorUrl && withoutFragment(record.initiatorUrl);
      if (!by || by === withoutFragment(document.url)) parent = document;
      else {
        const earlier = [...chains.keys()].filter((r) => r.startMs <= record.startMs);
        const script = earlier.filter((r) => withoutFragment(r.url) === by).at(-1);
        const awaited = earlier.filter(
          (r) => r.endMs !== null && r.endMs <= record.startMs && r.initiatorUrl !== null && withoutFragment(r.initiatorUrl) === by,
        );
        parent = [...(script ? [script] : []), ...awaited].reduce<RequestRecord | undefined>(
          (best, r) => (!best || chains.get(r)!.length > chains.get(best)!.length ? r : best),
          undefined,
        );
        parent ??= document;
      }
    }
    const chain = [...(parent ? chains.get(parent)! : []), record];
    chains.set(record, chain);
    if (chain.length > longest.length) longest = chain;
  }
  return { requests: started.length, bytes, chain: longest.map((r) => r.url) };
}

/** A URL as a chain shows it: the path (and a short query), without the origin when it is the page's. */
export function shortUrl(url: string, pageOrigin: string): string {
  const u = new URL(url);
  const query = u.search.length > 40 ? `${u.search.slice(0, 37)}…` : u.search;
  return `${u.origin === pageOrigin ? '' : `${u.host}`}${u.pathname}${query}`;
}
