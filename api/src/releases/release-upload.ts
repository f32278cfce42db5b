import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { RELEASE_MAX_FILES, refusedReleasePath } from '@assessment/core/releases';
import { extract } from 'tar-stream';
import { ReleaseRefusal } from './release-refusal.ts';

/** One file of a release as it arrived: its path in the release, its bytes and their SHA-256. */
export interface ArrivedFile {
  path: string;
  bytes: Buffer;
  hash: string;
}

export const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/**
 * The content hash of a release: of its paths and their bytes' hashes, in path order, so the same
 * files make the same hash however they were packed, and any change of a byte or a name another.
 */
export function contentHashOf(files: readonly { path: string; hash: string }[]): string {
  const lines = [...files].sort((a, b) => (a.path < b.path ? -1 : 1)).map((file) => `${file.hash}  ${file.path}\n`);
  return sha256(lines.join(''));
}

/**
 * Reads a release upload, a tar archive (gzipped or not), as it streams in, and refuses it at the
 * first entry that is not a plain file at a safe path of a type a remote build makes (`refusedReleasePath`),
 * or once its bytes (unpacked: a small archive must not unpack into a huge one) pass `maxBytes`.
 * Nothing is written anywhere: the caller stores the files only once the whole upload is read and
 * checked, and a path from the archive never becomes a path on a disk.
 */
export async function readReleaseUpload(
  body: NodeJS.ReadableStream,
  { maxBytes, gzipped }: { maxBytes: number; gzipped: boolean },
): Promise<ArrivedFile[]> {
  const files = new Map<string, ArrivedFile>();
  let total = 0;
  const unpack = extract();
  const reading = (async () => {
    for await (const entry of unpack) {
      const { name, type } = entry.header;
      const path = name.replace(/^\.\//, '');
      if (type === 'directory') {
        entry.resume();
        continue;
      }
      if (type !== 'file') {
        throw new ReleaseRefusal(
          400,
          `The upload holds ${path}, a ${type === 'symlink' || type === 'link' ? 'link' : String(type)}: a release holds plain files only`,
        );
      }
      const refused = refusedReleasePath(path);
      if (refused) throw new ReleaseRefusal(400, `The upload holds ${JSON.stringify(path)}: ${refused}`);
      if (files.has(path)) throw new ReleaseRefusal(400, `The upload holds ${path} twice`);
      if (files.size >= RELEASE_MAX_FILES) {
        throw new ReleaseRefusal(413, `The upload holds more than ${RELEASE_MAX_FILES} files`);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > maxBytes) throw tooLarge(maxBytes);
        chunks.push(chunk);
      }
      const bytes = Buffer.concat(chunks);
      files.set(path, { path, bytes, hash: sha256(bytes) });
    }
  })();
  // The archive's own bytes are limited too: a stream of padding unpacks to nothing at all.
  let received = 0;
  const counted = async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      received += chunk.length;
      if (received > maxBytes + 1024 * 1024) throw tooLarge(maxBytes);
      yield chunk;
    }
  };
  const piping = gzipped
    ? pipeline(body as AsyncIterable<Buffer>, counted, createGunzip(), unpack)
    : pipeline(body as AsyncIterable<Buffer>, counted, unpack);
  // Whichever fails first is the answer; the other's failure, which follows from it, is dropped.
  piping.catch(() => {});
  reading.catch(() => {});
  try {
    await Promise.all([piping, reading]);
  } catch (error) {
    unpack.destroy();
    throw error instanceof ReleaseRefusal
      ? error
      : new ReleaseRefusal(400, `The upload is not a gzipped tar archive: ${(error as Error).message}`);
  }
  return [...files.values()];
}

function tooLarge(maxBytes: number): ReleaseRefusal {
  return new ReleaseRefusal(
    413,
    `The upload is larger than ${Math.round(maxBytes / 1024 / 1024)} MiB (RELEASE_MAX_BYTES)`,
  );
}
