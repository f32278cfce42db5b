import type { VideoContentType } from './magic-bytes.ts';

/** Reads `length` bytes at `position`; fewer at the end of the file. */
type ReadAt = (position: number, length: number) => Promise<Buffer>;

/** WebM puts its Info element before the first Cluster, well inside this. */
const WEBM_HEAD_BYTES = 256 * 1024;
const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const CLUSTER = 0x1f43b675;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;

interface Vint {
  value: number;
  length: number;
  /** All value bits set: the element's size is unknown (a live recording). */
  unknown: boolean;
}

function readVint(buffer: Buffer, offset: number, keepMarker: boolean): Vint | undefined {
  const first = buffer[offset];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (offset + length > buffer.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let index = 1; index < length; index += 1) {
    const byte = buffer[offset + index] as number;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

interface Element {
  id: number;
  dataStart: number;
  /** Undefined when the size is unknown. */
  dataEnd: number | undefined;
}

function readElement(buffer: Buffer, offset: number): Element | undefined {
  const id = readVint(buffer, offset, true);
  if (!id) return undefined;
  const size = readVint(buffer, offset + id.length, false);
  if (!size) return undefined;
  const dataStart = offset + id.length + size.length;
  return { id: id.value, dataStart, dataEnd: size.unknown ? undefined : dataStart + size.value };
}

function readInfoDuration(buffer: Buffer, start: number, end: number): number | null {
  let timecodeScale = 1_000_000;
  let duration: number | undefined;
  for (let offset = start; offset < end; ) {
    const element = readElement(buffer, offset);
    if (!element?.dataEnd || element.dataEnd > buffer.length) return null;
    const size = element.dataEnd - element.dataStart;
    if (element.id === TIMECODE_SCALE && size >= 1 && size <= 6) {
      timecodeScale = buffer.readUIntBE(element.dataStart, size);
    } else if (element.id === DURATION && size === 4) {
      duration = buffer.readFloatBE(element.dataStart);
    } else if (element.id === DURATION && size === 8) {
      duration = buffer.readDoubleBE(element.dataStart);
    }
    offset = element.dataEnd;
  }
  return duration !== undefined && duration > 0 ? (duration * timecodeScale) / 1e9 : null;
}

function webmDuration(buffer: Buffer): number | null {
  const header = readElement(buffer, 0);
  if (header?.id !== EBML_HEADER || !header.dataEnd) return null;
  const segment = readElement(buffer, header.dataEnd);
  if (segment?.id !== SEGMENT) return null;
  const segmentEnd = Math.min(segment.dataEnd ?? buffer.length, buffer.length);
  for (let offset = segment.dataStart; offset < segmentEnd; ) {
    const element = readElement(buffer, offset);
    if (!element || element.id === CLUSTER || !element.dataEnd) return null;
    if (element.id === INFO) return readInfoDuration(buffer, element.dataStart, element.dataEnd);
    offset = element.dataEnd;
  }
  return null;
}

interface Box {
  type: string;
  start: number;
  dataStart: number;
  end: number;
}

async function readBox(readAt: ReadAt, position: number, limit: number): Promise<Box | undefined> {
  const header = await readAt(position, 16);
  if (header.length < 8) return undefined;
  const size32 = header.readUInt32BE(0);
  const type = header.toString('latin1', 4, 8);
  if (size32 === 1) {
    if (header.length < 16) return undefined;
    const size = Number(header.readBigUInt64BE(8));
    return { type, start: position, dataStart: position + 16, end: position + size };
  }
  const size = size32 === 0 ? limit - position : size32;
  if (size < 8) return undefined;
  return { type, start: position, dataStart: position + 8, end: position + size };
}

/** Real files have a handful of boxes per level; a crafted one must not make us read forever. */
const MAX_BOXES_PER_LEVEL = 1000;

async function findBox(readAt: ReadAt, type: string, start: number, end: number): Promise<Box | undefined> {
  let position = start;
  for (let count = 0; count < MAX_BOXES_PER_LEVEL && position < end; count += 1) {
    const box = await readBox(readAt, position, end);
    if (!box) return undefined;
    if (box.type === type) return box;
    position = box.end;
  }
  return undefined;
}

/** From the movie header (`moov/mvhd`), wherever `moov` sits: before or after the media data. */
async function mp4Duration(readAt: ReadAt, size: number): Promise<number | null> {
  const moov = await findBox(readAt, 'moov', 0, size);
  if (!moov) return null;
  const mvhd = await findBox(readAt, 'mvhd', moov.dataStart, moov.end);
  if (!mvhd) return null;
  const body = await readAt(mvhd.dataStart, 32);
  const version = body[0];
  if (version === 1 && body.length >= 32) {
    const timescale = body.readUInt32BE(20);
    const duration = Number(body.readBigUInt64BE(24));
    return timescale > 0 && duration > 0 ? duration / timescale : null;
  }
  if (version === 0 && body.length >= 20) {
    const timescale = body.readUInt32BE(12);
    const duration = body.readUInt32BE(16);
    return timescale > 0 && duration > 0 ? duration / timescale : null;
  }
  return null;
}

/**
 * The duration the file itself declares, in seconds, or null when it declares none: Chrome's live
 * WebM has no Duration, and fragmented MP4 leaves it at zero.
 */
export async function readMediaDuration(type: VideoContentType, readAt: ReadAt, size: number): Promise<number | null> {
  if (type === 'video/webm') return webmDuration(await readAt(0, Math.min(size, WEBM_HEAD_BYTES)));
  return mp4Duration(readAt, size);
}
