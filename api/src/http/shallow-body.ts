import type { Readable } from 'node:stream';
import { HostileBodyError, tooLarge, UnreadBodyError } from './errors.ts';
import { depthScanner, MAX_JSON_DEPTH } from './json-depth.ts';

/**
 * A JSON body as bytes, read as it arrives and refused as soon as it grows past `limit` or nests
 * deeper than MAX_JSON_DEPTH: a hostile body of half a million nested arrays costs the server its
 * first chunk, not the whole megabyte, and the refusal closes the connection (`UnreadBodyError`)
 * so the rest of it is never read; one that nests too deep is hostile, and its refusal paused
 * (`HostileBodyError`). Malformed JSON is left for the parser to refuse.
 */
export function readShallowJson(stream: Readable, declaredBytes: number | undefined, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (declaredBytes !== undefined && declaredBytes > limit) {
      reject(new UnreadBodyError(413, tooLarge(limit)));
      return;
    }
    const tooDeep = depthScanner();
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (error: Error) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.pause();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return stop(new UnreadBodyError(413, tooLarge(limit)));
      if (tooDeep(chunk)) {
        return stop(new HostileBodyError(400, `body: nests arrays or objects deeper than ${MAX_JSON_DEPTH} levels`));
      }
      chunks.push(chunk);
    };
    const onEnd = () => resolve(Buffer.concat(chunks, size));
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', stop);
  });
}
