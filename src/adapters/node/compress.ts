/** Node's compressor for cached bodies (encoding.ts): brotli and gzip from node:zlib, off the main thread. */
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Compress, Encoding } from '../../gateway/encoding.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const NODE_ENCODINGS: readonly Encoding[] = ['br', 'gzip'];

/** Once per cache fill, so the strongest settings: brotli quality 11 (text mode), gzip level 9. */
export const nodeCompress: Compress = async (body, encoding) => {
  const out =
    encoding === 'br'
      ? await brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        })
      : await gzipAsync(body, { level: 9 });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
};
