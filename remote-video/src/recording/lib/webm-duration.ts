/**
 * Writes the duration into a live WebM recording. MediaRecorder in Chrome and Firefox streams
 * WebM with no Duration in its Info element, so players show no length and cannot seek.
 *
 * The duration is read from the frames themselves (the last frame's time plus one frame), not
 * from a clock: on a busy computer the camera's first frames come late and the clock would
 * promise more video than the file holds. The measured time is only the fallback.
 *
 * Only the file's head is read and changed: a Duration element is added to Info, and every byte
 * after Info stays as it was (the Segment keeps its size, known or unknown, adjusted by the bytes
 * added; the Clusters are not touched). That keeps a ten-minute take out of memory and leaves a
 * file every parser reads without complaint, unlike rewriting the whole file with new sizes.
 */

import {
  BLOCK,
  BLOCK_GROUP,
  CLUSTER,
  CLUSTER_TIMECODE,
  readElement,
  readFloat,
  readUnsigned,
  readVint,
  readWebmHead,
  SIMPLE_BLOCK,
} from '@assessment/core/webm';

/** Info sits right after the EBML header and the Segment start; this is far more than it needs. */
const HEAD_BYTES = 64 * 1024;
/** The frames are read a piece at a time, so a long take is never all in memory at once. */
const READ_WINDOW_BYTES = 1024 * 1024;

/** An element size in `length` bytes (as wide as before, when it fits), or the narrowest width that does. */
export function encodeSize(value: number, preferredLength: number): Uint8Array<ArrayBuffer> {
  let length = preferredLength;
  // All value bits set would mean "unknown", so the largest usable value is one less.
  while (length < 8 && value >= 2 ** (7 * length) - 1) length += 1;
  const bytes = new Uint8Array(length);
  let rest = value;
  for (let index = length - 1; index >= 0; index -= 1) {
    bytes[index] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  bytes[0] = (bytes[0] as number) | (0x80 >> (length - 1));
  return bytes;
}

function durationElement(ticks: number): Uint8Array<ArrayBuffer> {
  const element = new Uint8Array(11);
  element.set([0x44, 0x89, 0x88]);
  new DataView(element.buffer).setFloat64(3, ticks);
  return element;
}

/** Reads a Blob through a moving window, for a walk from start to end. */
function windowedReader(blob: Blob) {
  let start = 0;
  let bytes = new Uint8Array(0);
  return async (at: number, length: number): Promise<{ bytes: Uint8Array; offset: number }> => {
    if (at < start || at + length > start + bytes.length) {
      start = at;
      bytes = new Uint8Array(await blob.slice(at, at + Math.max(READ_WINDOW_BYTES, length)).arrayBuffer());
    }
    return { bytes, offset: at - start };
  };
}

/**
 * When the last frame ends, in timecode ticks: the latest block time of each track plus one frame
 * of it (its shortest gap between frames, which a dropped frame cannot stretch). Clusters of unknown size (live WebM) are walked into, as are
 * BlockGroups; a piece cut off at the end (a crash) ends the walk.
 */
export async function framesEndTicks(blob: Blob, from: number): Promise<number | undefined> {
  const read = windowedReader(blob);
  const tracks = new Map<number, { last: number; gap: number }>();
  let clusterTime = 0;
  for (let at = from; at < blob.size; ) {
    const header = await read(at, 12);
    const element = readElement(header.bytes, header.offset);
    if (!element) break;
    const dataStart = at + element.dataStart - header.offset;
    if (element.id === CLUSTER || element.id === BLOCK_GROUP) {
      at = dataStart;
      continue;
    }
    if (element.dataEnd === undefined) break;
    const dataEnd = dataStart + element.size.value;
    if (dataEnd > blob.size) break;
    if (element.id === CLUSTER_TIMECODE) {
      const data = await read(dataStart, element.size.value);
      clusterTime = readUnsigned(data.bytes, data.offset, data.offset + element.size.value);
    } else if (element.id === SIMPLE_BLOCK || element.id === BLOCK) {
      const data = await read(dataStart, Math.min(element.size.value, 12));
      const track = readVint(data.bytes, data.offset, false);
      if (track && track.length + 2 <= element.size.value) {
        const relative = new DataView(data.bytes.buffer, data.bytes.byteOffset).getInt16(data.offset + track.length);
        const time = clusterTime + relative;
        const known = tracks.get(track.value);
        const step = known && time > known.last ? time - known.last : Number.POSITIVE_INFINITY;
        tracks.set(track.value, { last: Math.max(time, known?.last ?? time), gap: Math.min(step, known?.gap ?? step) });
      }
    }
    at = dataEnd;
  }
  if (tracks.size === 0) return undefined;
  return Math.max(...[...tracks.values()].map((track) => track.last + (Number.isFinite(track.gap) ? track.gap : 0)));
}

/**
 * The recording with its duration in its header. A file that already has a duration, or that is
 * not laid out as expected, comes back unchanged: the upload also carries the measured duration,
 * so the hiring company still learns the length.
 */
export interface TimedRecording {
  blob: Blob;
  /** The duration now in the header, or the measured one where none could be written. */
  durationMs: number;
}

export async function withWebmDuration(blob: Blob, measuredMs: number): Promise<TimedRecording> {
  const unchanged = { blob, durationMs: measuredMs };
  const head = new Uint8Array(await blob.slice(0, HEAD_BYTES).arrayBuffer());
  const found = readWebmHead(head);
  // A seek index points at byte positions that inserting into Info would move: leave such files be.
  if (!found || found.seekHeadBeforeInfo) {
    console.warn('The recording has no WebM header where one was expected; it is sent without a duration in it');
    return unchanged;
  }
  const { segment, info, timecodeScale, duration } = found;
  const toMs = (ticks: number) => (ticks * timecodeScale) / 1_000_000;
  const ticks = (await framesEndTicks(blob, info.dataEnd)) ?? (measuredMs * 1_000_000) / timecodeScale;
  const timed = (parts: BlobPart[]) => ({ blob: new Blob(parts, { type: blob.type }), durationMs: toMs(ticks) });

  if (duration) {
    const written = readFloat(head, duration.dataStart, duration.dataEnd);
    if (written > 0) return { blob, durationMs: toMs(written) };
    const fixed = head.slice(0, info.dataEnd);
    const value = new DataView(fixed.buffer, duration.dataStart, duration.dataEnd - duration.dataStart);
    if (duration.dataEnd - duration.dataStart === 4) value.setFloat32(0, ticks);
    else if (duration.dataEnd - duration.dataStart === 8) value.setFloat64(0, ticks);
    else return unchanged;
    return timed([fixed, blob.slice(info.dataEnd)]);
  }

  const added = durationElement(ticks);
  const infoSize = encodeSize(info.dataEnd - info.dataStart + added.length, info.size.length);
  const growth = added.length + infoSize.length - info.size.length;
  const segmentSize = segment.size.unknown
    ? head.slice(segment.sizeAt, segment.dataStart)
    : encodeSize(segment.size.value + growth, segment.size.length);
  if (segmentSize.length !== segment.dataStart - segment.sizeAt) return unchanged;

  return timed([
    head.slice(0, segment.sizeAt),
    segmentSize,
    head.slice(segment.dataStart, info.sizeAt),
    infoSize,
    head.slice(info.dataStart, info.dataEnd),
    added,
    blob.slice(info.dataEnd),
  ]);
}
