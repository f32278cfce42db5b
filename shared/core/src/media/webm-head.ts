/**
 * Reading the head of a WebM (Matroska/EBML) file: element ids and sizes, and where Info, its
 * timecode scale and its Duration sit. The browser uses it to write the duration into a live
 * recording; the server uses it to read the duration of what it stored.
 */

export const EBML = 0x1a45dfa3;
export const SEGMENT = 0x18538067;
export const SEEK_HEAD = 0x114d9b74;
export const INFO = 0x1549a966;
export const CLUSTER = 0x1f43b675;
export const TIMECODE_SCALE = 0x2ad7b1;
export const DURATION = 0x4489;
export const CLUSTER_TIMECODE = 0xe7;
export const BLOCK_GROUP = 0xa0;
export const BLOCK = 0xa1;
export const SIMPLE_BLOCK = 0xa3;
const DEFAULT_TIMECODE_SCALE = 1_000_000;

export interface Vint {
  value: number;
  length: number;
  /** A size with every value bit set: unknown (a live stream). */
  unknown: boolean;
}

export function readVint(bytes: Uint8Array, at: number, keepMarker: boolean): Vint | undefined {
  const first = bytes[at];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let index = 1; index < length; index += 1) {
    const byte = bytes[at + index] as number;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

export interface Element {
  id: number;
  start: number;
  sizeAt: number;
  size: Vint;
  dataStart: number;
  /** Undefined when the size is unknown. */
  dataEnd: number | undefined;
}

export function readElement(bytes: Uint8Array, at: number): Element | undefined {
  const id = readVint(bytes, at, true);
  if (!id) return undefined;
  const size = readVint(bytes, at + id.length, false);
  if (!size) return undefined;
  const dataStart = at + id.length + size.length;
  return {
    id: id.value,
    start: at,
    sizeAt: at + id.length,
    size,
    dataStart,
    dataEnd: size.unknown ? undefined : dataStart + size.value,
  };
}

export function readUnsigned(bytes: Uint8Array, start: number, end: number): number {
  let value = 0;
  for (let at = start; at < end; at += 1) value = value * 256 + (bytes[at] as number);
  return value;
}

export function readFloat(bytes: Uint8Array, start: number, end: number): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset + start, end - start);
  if (end - start === 4) return view.getFloat32(0);
  if (end - start === 8) return view.getFloat64(0);
  return 0;
}

export interface WebmHead {
  segment: Element;
  info: Element & { dataEnd: number };
  timecodeScale: number;
  duration: (Element & { dataEnd: number }) | undefined;
  /** A seek index before Info holds byte positions that growing Info would invalidate. */
  seekHeadBeforeInfo: boolean;
}

/** Finds Info in the first bytes of a WebM file; undefined when the bytes are not laid out as WebM. */
export function readWebmHead(head: Uint8Array): WebmHead | undefined {
  const ebml = readElement(head, 0);
  if (ebml?.id !== EBML || ebml.dataEnd === undefined) return undefined;
  const segment = readElement(head, ebml.dataEnd);
  if (segment?.id !== SEGMENT) return undefined;
  let seekHeadBeforeInfo = false;
  for (let at = segment.dataStart; at < head.length; ) {
    const element = readElement(head, at);
    if (!element || element.dataEnd === undefined || element.id === CLUSTER) return undefined;
    if (element.id === SEEK_HEAD) seekHeadBeforeInfo = true;
    if (element.id === INFO) {
      if (element.dataEnd > head.length) return undefined;
      const info = { ...element, dataEnd: element.dataEnd };
      let timecodeScale = DEFAULT_TIMECODE_SCALE;
      let duration: WebmHead['duration'];
      for (let child = info.dataStart; child < info.dataEnd; ) {
        const inner = readElement(head, child);
        if (!inner || inner.dataEnd === undefined || inner.dataEnd > info.dataEnd) return undefined;
        if (inner.id === TIMECODE_SCALE) timecodeScale = readUnsigned(head, inner.dataStart, inner.dataEnd);
        if (inner.id === DURATION) duration = { ...inner, dataEnd: inner.dataEnd };
        child = inner.dataEnd;
      }
      return { segment, info, timecodeScale: timecodeScale || DEFAULT_TIMECODE_SCALE, duration, seekHeadBeforeInfo };
    }
    at = element.dataEnd;
  }
  return undefined;
}

/** The duration written in the head, in seconds; null when there is none (a live recording). */
export function webmHeadDurationSeconds(head: Uint8Array): number | null {
  const found = readWebmHead(head);
  if (!found?.duration) return null;
  const ticks = readFloat(head, found.duration.dataStart, found.duration.dataEnd);
  return ticks > 0 ? (ticks * found.timecodeScale) / 1e9 : null;
}
