import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg)$/;
/** Below this a compressed copy saves less than the request headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a `.br` and a `.gz` beside every text file of the build, once, at build time, so the
 * server (or any static host) sends compressed files without compressing on every request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Called after a failed build too, with its error: the output may be missing or half written,
    // and throwing here would put this hook's error in place of the build's own.
    closeBundle(error) {
      if (error) return;
      for (const file of fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
        const full = path.join(outDir, file);
        if (!COMPRESSIBLE.test(file) || !fs.statSync(full).isFile()) continue;
        const content = fs.readFileSync(full);
        if (content.length < MIN_BYTES) continue;
        fs.writeFileSync(
          `${full}.br`,
          zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        fs.writeFileSync(`${full}.gz`, zlib.gzipSync(content, { level: 9 }));
      }
    },
  };
}
