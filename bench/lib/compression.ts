import { createHash } from 'node:crypto';
import zlib from 'node:zlib';

export interface Compressed {
  gzip: Buffer;
  brotli: Buffer;
}

const cache = new Map<string, Compressed>();

/**
 * What a static host that precompresses its files would send: gzip at level 9 and brotli at
 * quality 11. Kept by content, so the server and the byte count share one (slow) brotli pass.
 */
export function compress(body: Buffer): Compressed {
  const key = createHash('sha256').update(body).digest('hex');
  let result = cache.get(key);
  if (!result) {
    result = {
      gzip: zlib.gzipSync(body, { level: 9 }),
      brotli: zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    };
    cache.set(key, result);
  }
  return result;
}
