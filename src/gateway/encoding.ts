/**
 * Compressed answers. A cached entry's body is compressed once per entry object (per cache fill, or per composed
 * page), never per request: when a request that waited for the fill answers it, or, for an entry first answered
 * from memory, in the background after that first (uncompressed) answer. Only entries that are answered are
 * compressed (not the intermediate ones a resource is made of). and answered as brotli or gzip as the client's Accept-Encoding asks, with
 * `Vary: Accept-Encoding` and an ETag of its own per representation (`"<identity tag>-br"`), so a cache never
 * mixes them up and a 304 still works whichever one the client holds.
 *
 * Which encodings exist depends on the runtime: Node brotli and gzip (src/adapters/node/compress.ts); Deno and Bun whatever
 * CompressionStream has (gzip); Cloudflare compresses at its edge by itself, so the Workers entry is given none.
 */
import type { CacheEntry } from './cache.ts';

export type Encoding = 'br' | 'gzip';
export type Compress = (body: Uint8Array, encoding: Encoding) => Promise<Uint8Array>;
export type Encodings = Partial<Record<Encoding, Uint8Array>>;

/** Bodies smaller than this go as they are: compression would save less than its headers cost. */
export const MIN_COMPRESS_BYTES = 1024;

export interface Encoder {
  readonly encodings: readonly Encoding[];
  /** Compresses the entry's body (once per entry object; later calls share the first). */
  prepare(entry: CacheEntry): Promise<void>;
  /** The entry's compressed bodies when ready, synchronously; undefined before (or when too small). */
  ready(entry: CacheEntry): Encodings | undefined;
}

export function createEncoder(compress: Compress, encodings: readonly Encoding[], onError?: (error: unknown) => void): Encoder {
  const done = new WeakMap<CacheEntry, Encodings>();
  const running = new WeakMap<CacheEntry, Promise<void>>();
  return {
    encodings,
    prepare(entry) {
      if (done.has(entry) || entry.body.byteLength < MIN_COMPRESS_BYTES) return Promise.resolve();
      let pending = running.get(entry);
      if (!pending) {
        pending = (async () => {
          const result: Encodings = {};
          for (const encoding of encodings) {
            try {
              const bytes = await compress(entry.body, encoding);
              if (bytes.byteLength < entry.body.byteLength) result[encoding] = bytes;
            } catch (error) {
              onError?.(error);
            }
          }
          done.set(entry, result);
        })();
        running.set(entry, pending);
      }
      return pending;
    },
    ready: (entry) => done.get(entry),
  };
}

/**
 * The encoding to answer with, from Accept-Encoding (RFC 9110 §12.5.3: q-values, `*`, `identity`); brotli before
 * gzip at equal weight; null for the body as it is.
 */
export function chooseEncoding(accept: string | undefined, available: Encodings): Encoding | null {
  if (!accept) return null;
  const weights = new Map<string, number>();
  for (const part of accept.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const encoding of ['br', 'gzip'] as const) {
    if (!available[encoding]) continue;
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/** The ETag of an encoded representation: the identity tag with the encoding inside its quotes. */
export const encodedEtag = (etag: string, encoding: Encoding): string => `${etag.slice(0, -1)}-${encoding}"`;

/** A compressor from the web-standard CompressionStream, for the formats this runtime has ('gzip' nearly everywhere). */
export function streamCompressor(): { compress: Compress; encodings: Encoding[] } | null {
  const Stream = (globalThis as { CompressionStream?: new (format: string) => TransformStream<Uint8Array, Uint8Array> }).CompressionStream;
  if (!Stream) return null;
  const formats: Record<Encoding, string> = { br: 'brotli', gzip: 'gzip' };
  const encodings = (['br', 'gzip'] as const).filter((encoding) => {
    try {
      new Stream(formats[encoding]);
      return true;
    } catch {
      return false;
    }
  });
  if (!encodings.length) return null;
  return {
    encodings,
    async compress(body, encoding) {
      const stream = new Blob([body as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new Stream(formats[encoding]));
      return new Uint8Array(await new Response(stream).arrayBuffer());
    },
  };
}
