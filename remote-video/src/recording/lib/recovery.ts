/** A piece of a recording as MediaRecorder gave it, kept in IndexedDB as soon as it arrives. */
export interface StoredChunk {
  recordingId: string;
  seq: number;
  data: Blob;
  /** Time since the recording began when this piece arrived. */
  elapsedMs: number;
}

/**
 * The pieces of a recording that was cut short (a reload, a crash), in order, and how long it
 * had run by its last piece. A gap in the sequence (a piece that never reached storage) ends the
 * usable part: a WebM with a hole in it would not play past the hole anyway.
 */
export function assembleChunks(chunks: readonly StoredChunk[]): { parts: Blob[]; durationMs: number } {
  const ordered = [...chunks].sort((a, b) => a.seq - b.seq);
  const parts: Blob[] = [];
  let durationMs = 0;
  for (const [index, chunk] of ordered.entries()) {
    if (chunk.seq !== index) break;
    parts.push(chunk.data);
    durationMs = Math.max(durationMs, chunk.elapsedMs);
  }
  return { parts, durationMs };
}

/** Newest first: the recording to offer back is the last one the candidate made. */
export function newestFirst<T extends { createdAt: number }>(records: readonly T[]): T[] {
  return [...records].sort((a, b) => b.createdAt - a.createdAt);
}
