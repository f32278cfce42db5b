import type { Upload } from 'tus-js-client';

/**
 * How much of the take each PATCH carries. Every PATCH costs a round trip and a fresh look-up of
 * the upload on the server, so on a fast link big chunks come near the speed of one streamed
 * request. On a slow one a chunk must still end well inside the server's 120 s request timeout.
 * So each chunk is sized from the speed the last one went at, to take about `targetMs`, within
 * bounds. Crash safety does not depend on the size: the server keeps every byte it received, also
 * of a chunk cut off halfway, and the take stays in the browser until the server has all of it.
 */
export interface ChunkSizing {
  /** The first chunk, before any speed is known. */
  firstBytes: number;
  minBytes: number;
  maxBytes: number;
  /** About how long a chunk should take at the speed just measured: an eighth of the request timeout. */
  targetMs: number;
  /** A chunk is at most this many times its predecessor, so one lucky measurement cannot overshoot. */
  maxGrowth: number;
}

const MiB = 1024 * 1024;

export const CHUNK_SIZING: ChunkSizing = {
  firstBytes: MiB,
  minBytes: MiB / 4,
  maxBytes: 64 * MiB,
  targetMs: 15_000,
  maxGrowth: 4,
};

/** What happened to the chunk before: its size, the bytes the server has of it, and the time it took. */
export interface ChunkOutcome {
  bytes: number;
  acknowledgedBytes: number;
  ms: number;
}

export function nextChunkBytes(last: ChunkOutcome | null, sizing: ChunkSizing = CHUNK_SIZING): number {
  if (last === null) return sizing.firstBytes;
  const bytesPerMs = Math.max(0, last.acknowledgedBytes) / Math.max(1, last.ms);
  // A chunk the server did not take whole (a failure, a cut connection) is followed by a smaller one.
  const ceiling = last.acknowledgedBytes >= last.bytes ? last.bytes * sizing.maxGrowth : last.bytes / 2;
  const bytes = Math.min(bytesPerMs * sizing.targetMs, ceiling, sizing.maxBytes);
  return Math.floor(Math.max(sizing.minBytes, bytes));
}

/**
 * Sizes the chunks of one take, across every upload attempt. A chunk is timed from when it is read
 * to when the next one is: that spans sending it, the server's answer, and any wait for a retry.
 * The bytes the server acknowledged are where the next chunk starts.
 */
export interface ChunkSizer {
  /** Where the chunk starting at `start` ends (at most `end`, the end of what remains). */
  chunkEnd(start: number, end: number): number;
}

export function createChunkSizer(now: () => number = () => performance.now(), sizing = CHUNK_SIZING): ChunkSizer {
  let last: { start: number; bytes: number; at: number } | null = null;
  return {
    chunkEnd(start, end) {
      const at = now();
      const outcome = last && { bytes: last.bytes, acknowledgedBytes: start - last.start, ms: at - last.at };
      const chunkEnd = Math.min(end, start + nextChunkBytes(outcome, sizing));
      last = { start, bytes: chunkEnd - start, at };
      return chunkEnd;
    },
  };
}

type TusFileReader = NonNullable<Upload['options']['fileReader']>;

/**
 * A tus-js-client file reader whose slices follow the sizer: it reads through `base` (the
 * library's own reader for the platform) and ends each slice where the sizer says. The upload's
 * `chunkSize` then only caps a PATCH, at `maxBytes`; tus-js-client sends each slice it gets as one
 * PATCH and goes on from the offset the server answers.
 */
export function adaptiveFileReader(base: TusFileReader, sizer: ChunkSizer): TusFileReader {
  return {
    async openFile(input, chunkSize) {
      const source = await base.openFile(input, chunkSize);
      return {
        size: source.size,
        slice: (start, end) => source.slice(start, sizer.chunkEnd(start, end)),
        close: () => source.close(),
      };
    },
  };
}
